import type { Challenge } from 'altcha-lib';
import { rmSync } from 'node:fs';
import type { ContributionCreated, ContributionType, Permission } from '../../contracts/events/contribution.ts';
import { contributionStreamName } from '../../contracts/events/contribution.ts';
import { buildApp } from '../../services/api/app.ts';
import { openInfrastructure } from '../../services/app/infrastructure.ts';
import type { Config } from '../../services/app/config.ts';
import type { Clock } from '../../services/core/clock.ts';
import { handleCommand } from '../../services/core/decider.ts';
import { contributionDecider } from '../../services/domain/contribution/contribution.decide.ts';
import { solveAltcha } from './altcha.ts';
import { createCommunity, joinCommunity } from './communities.ts';
import { bearer, fastTestHasher, tempDataDir, testConfig, testRateLimits, type TestApp } from './testApp.ts';

/**
 * Helpers for the contribution-page tests (issue 6): a test app with an
 * adjustable clock, a community with members, contributions written through
 * the contribution decider (until POST /api/contributions exists), and tiny
 * sample files whose headers the media sniffer recognises.
 */

/**
 * A clock that follows real time, shifted by `advance` (playback links expire on the server's clock).
 * `pin` stops it where it is (only `advance` moves it) until `unpin`: for checks that must not depend
 * on how much real time passes, e.g. whether a whole-second boundary falls between two requests.
 */
export const shiftableClock = (): Clock & { advance(ms: number): void; pin(): void; unpin(): void } => {
  let offset = 0;
  let pinned: number | null = null;
  return {
    now: () => new Date(pinned ?? Date.now() + offset),
    advance: (ms) => {
      offset += ms;
      if (pinned !== null) pinned += ms;
    },
    pin: () => void (pinned = Date.now() + offset),
    unpin: () => void (pinned = null),
  };
};

/** Like buildTestApp, with an injected clock and configuration overrides. */
export const buildObjectsTestApp = async (options: { clock?: Clock; config?: Partial<Config> } = {}): Promise<TestApp> => {
  const dataDir = tempDataDir('buildon-objects-');
  const infra = await openInfrastructure(testConfig(dataDir, options.config), {
    passwords: fastTestHasher,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const app = await buildApp({
    services: infra,
    jwtSecret: infra.secret,
    webRoot: null,
    loginRateLimit: { max: 10_000, timeWindow: 60_000 },
    keyGuessLimit: { max: 10_000, windowMs: 60_000 },
    failedLoginLimit: { max: 10_000, windowMs: 60_000 },
    userRateLimits: testRateLimits,
  });
  const robotCheck = async () => solveAltcha((await app.inject({ method: 'GET', url: '/api/recaptcha/challenge' })).json<Challenge>());
  const login = async (userName: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/auth/local', payload: { userName, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response.json<{ token: string }>().token;
  };
  return {
    app,
    infra,
    dataDir,
    robotCheck,
    login,
    register: async (userName: string, password = 'secret-pass-1') => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: {
          firstName: 'Test',
          lastName: userName,
          email: `${userName.toLowerCase()}@example.org`,
          userName,
          password,
          robotCheck: await robotCheck(),
        },
      });
      if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
      const body = response.json<{ token: string; user: { _id: string } }>();
      return { token: body.token, id: body.user._id };
    },
    admin: async (userName = 'admin', password = 'admin-pass') => {
      const { user } = await infra.accounts.createOrPromoteAdmin({ userName, password });
      return { token: await login(userName, password), id: user._id };
    },
    close: async () => {
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type Member = { token: string; userId: string; authorId: string; userName: string };

export type ClassRoom = {
  communityId: string;
  rootContextId: string;
  manager: Member;
  /** Writers a, b, c. */
  a: Member;
  b: Member;
  c: Member;
  /** A user who is not a member. */
  outsider: { token: string; userId: string };
};

let seq = 0;

/** A community created by an admin, with a manager, three writers and an outsider. */
export const classRoom = async (t: TestApp): Promise<ClassRoom> => {
  const tag = `${process.pid.toString(36)}${(++seq).toString(36)}`;
  const admin = await t.admin(`admin${tag}`, 'admin-pass');
  const community = await createCommunity(t, admin.token);
  const member = async (name: string, key: string): Promise<Member> => {
    const userName = `${name}${tag}`;
    const user = await t.register(userName);
    const author = await joinCommunity(t, user.token, user.id, community._id, key);
    return { token: user.token, userId: user.id, authorId: author._id, userName };
  };
  const manager = await member('teacher', 'manager-key');
  const a = await member('alice', 'writer-key');
  const b = await member('bob', 'writer-key');
  const c = await member('carol', 'writer-key');
  const outsiderUser = await t.register(`out${tag}`);
  return {
    communityId: community._id,
    rootContextId: community.rootContextId,
    manager,
    a,
    b,
    c,
    outsider: { token: outsiderUser.token, userId: outsiderUser.id },
  };
};

/**
 * Writes a contribution through the contribution decider (as POST
 * /api/contributions will) and waits for the read models. Returns its id.
 */
export const createContribution = async (
  t: TestApp,
  input: {
    communityId: string;
    type: ContributionType;
    authors: string[];
    title?: string;
    status?: ContributionCreated['data']['status'];
    permission?: Permission;
    group?: string | null;
    data?: Record<string, unknown>;
    actorId?: string;
  },
): Promise<string> => {
  const { eventStore, ids, projections, clock } = t.infra.commandDeps;
  const contributionId = ids.next();
  const result = await handleCommand(
    eventStore,
    contributionStreamName(contributionId),
    contributionDecider,
    {
      type: 'CreateContribution',
      data: {
        contributionId,
        communityId: input.communityId,
        type: input.type,
        title: input.title ?? '',
        status: input.status ?? (['Note', 'Drawing', 'Attachment'].includes(input.type) ? 'unsaved' : 'active'),
        permission: input.permission ?? 'protected',
        authors: input.authors,
        group: input.group ?? null,
        data: input.data ?? {},
      },
    },
    { metadata: { actorId: input.actorId ?? null, at: clock.now().toISOString() } },
  );
  await projections.waitFor(result.lastPosition);
  return contributionId;
};

/** A group of the community with these members (active). */
export const createGroup = (t: TestApp, communityId: string, owner: string, members: string[], status: 'active' | 'inactive' = 'active') =>
  createContribution(t, { communityId, type: 'Group', authors: [owner], title: `Group ${++seq}`, status, data: { members } });

// ---- documents -------------------------------------------------------------------------

export const textDoc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] })),
});

export const supportNode = (supportId: string, text: string, linkId: string | null = null) => ({
  type: 'support',
  attrs: { supportId, linkId, title: 'My theory' },
  content: [{ type: 'text', text }],
});

export const referenceNode = (contributionId: string, quote: string, linkId: string | null = null) => ({
  type: 'reference',
  attrs: { contributionId, quote, title: 'Cited', authors: 'Someone', linkId },
});

export const docOf = (...inline: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: inline }] });

export const auth = bearer;

/** The signed link with its signature's first character changed (always to a different one). */
export const forgedSignature = (url: string): string =>
  url.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);

// ---- sample files ----------------------------------------------------------------------

const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const u24le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const chars = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** A PNG header (signature and IHDR) of the given size. */
export const samplePng = (width: number, height: number): Uint8Array =>
  new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32be(13),
    ...chars('IHDR'),
    ...u32be(width),
    ...u32be(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);

export const sampleGif = (width: number, height: number): Uint8Array =>
  new Uint8Array([...chars('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0, 0x3b]);

/** SOI, an APP0 segment, then SOF0 with the size. */
export const sampleJpeg = (width: number, height: number): Uint8Array =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    ...u16be(16),
    ...chars('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    ...u16be(17),
    8,
    ...u16be(height),
    ...u16be(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);

export const sampleWebp = (width: number, height: number): Uint8Array =>
  new Uint8Array([
    ...chars('RIFF'),
    22,
    0,
    0,
    0,
    ...chars('WEBP'),
    ...chars('VP8X'),
    10,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...u24le(width - 1),
    ...u24le(height - 1),
  ]);

/** A zip whose entries are empty stored files with these names. */
export const sampleZip = (names: string[]): Uint8Array =>
  new Uint8Array(
    names.flatMap((name) => [
      0x50,
      0x4b,
      0x03,
      0x04,
      20,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...u16le(name.length),
      0,
      0,
      ...chars(name),
    ]),
  );

/** A multipart body with one file part (declared type and file name as given). */
export const uploadBody = (
  content: Uint8Array | string,
  options: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----buildon${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'file.bin'}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
