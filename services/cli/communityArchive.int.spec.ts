import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { contributionStreamName } from '../../contracts/events/contribution.ts';
import { handleCommand } from '../core/decider.ts';
import { contributionDecider } from '../domain/contribution/contribution.decide.ts';
import { openInfrastructure, type Infrastructure } from '../app/infrastructure.ts';
import { joinCommunity } from '../../tests/support/communities.ts';
import type { UserDocument } from '../../projections/users/index.ts';
import { classRoom, createContribution, type ClassRoom } from '../../tests/support/objects.ts';
import { buildTestApp, fastTestHasher, testConfig, type TestApp } from '../../tests/support/testApp.ts';
import { timeMachineDriver } from '../../tests/support/timemachine.ts';
import type { CommunityArchiveManifest } from './communityArchive.ts';
import { useTempDirs } from '../../tests/support/suite.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

const kf = async (dataDir: string, ...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, BUILDON_DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

const strip = <T extends Record<string, unknown>>(docs: T[]) => docs.map(({ _position, ...rest }) => rest);

/** The read models of one community, field by field (without the global positions, which an import renumbers). */
const dumpCommunity = async (infra: Infrastructure, communityId: string) => {
  const col = (name: string) => infra.readStore.collection(name);
  const authors = await col('authors').find({ communityId }, { sort: { _id: 1 } });
  const userIds = authors.map((author) => author.userId as string);
  return {
    community: strip(await col('communities').find({ _id: communityId })),
    contributions: strip(await col('contributions').find({ communityId }, { sort: { _id: 1 } })),
    links: strip(await col('links').find({ communityId }, { sort: { _id: 1 } })),
    authors: strip(authors),
    users: strip(await col('users').find({ _id: { $in: userIds } }, { sort: { _id: 1 } })),
  };
};

let one: ClassRoom;
let two: ClassRoom;
const newDir = useTempDirs();
let sourceDir: string;
let source: Awaited<ReturnType<typeof dumpCommunity>>;
const blobKey = 'attachments/archive-test/v1.txt';
const ids: Record<string, string> = {};
/** Every password hash, e-mail address and registration key of the source store. */
const secrets: string[] = [];

beforeAll(async () => {
  sourceDir = newDir('buildon-archive-src-');
  const t: TestApp = await buildTestApp({ dataDir: sourceDir });
  const clock = { advance: () => undefined };
  one = await classRoom(t);
  two = await classRoom(t);
  // Alice of community one is also a member of community two.
  await joinCommunity(t, one.a.token, one.a.userId, two.communityId, 'writer-key');

  const d = timeMachineDriver(t, clock, one.communityId);
  const view = await d.createView(one.manager.authorId, one.manager.userId);
  ids.n1 = await d.createNote(one.a.authorId, one.a.userId, { title: 'First idea' });
  await d.place(view, ids.n1, 10, 20, one.a.userId);
  ids.n2 = await d.createNote(one.b.authorId, one.b.userId);
  await d.buildOn(ids.n2, ids.n1, one.b.userId);
  await d.place(view, ids.n2, 30, 40, one.b.userId);
  await d.contribute(ids.n2, '=HYPERLINK("http://evil")', 'Line one, with "quotes"\n+1 and @someone -minus', one.b.userId);
  await d.retitle(ids.n1, 'First idea, revised', one.a.userId);
  ids.unsaved = await d.createNote(one.c.authorId, one.c.userId);

  // An attachment and its bytes.
  const attachment = await createContribution(t, {
    communityId: one.communityId,
    type: 'Attachment',
    authors: [one.c.authorId],
    title: 'an Attachment',
    actorId: one.c.userId,
  });
  await t.infra.blobStore.put(blobKey, new TextEncoder().encode('attached bytes'), 'text/plain');
  await t.infra.blobStore.put('attachments/other-community/v1.txt', new TextEncoder().encode('not ours'), 'text/plain');
  const uploaded = await handleCommand(
    t.infra.eventStore,
    contributionStreamName(attachment),
    contributionDecider,
    { type: 'RecordUpload', data: { filename: 'notes.txt', mime: 'text/plain', size: 14, width: null, height: null, blobKey } },
    { metadata: { actorId: one.c.userId, at: new Date().toISOString() } },
  );
  await t.infra.runner.waitFor(uploaded.lastPosition);
  // A read, and feedback naming each community.
  const read = await t.infra.eventStore.append(`reads-${one.a.authorId}`, [
    {
      type: 'ReadMarked',
      data: { authorId: one.a.authorId, communityId: one.communityId, contributionId: ids.n1 },
      metadata: { actorId: one.a.userId, at: new Date().toISOString() },
    },
  ]);
  await t.infra.runner.waitFor(read.lastPosition);
  const alice = await t.infra.readStore.collection<UserDocument>('users').get(one.a.userId);
  if (!alice) throw new Error('no alice');
  await t.infra.help.send(alice, { email: 'a@example.org', subject: 'About one', content: 'Hello', communityId: one.communityId }, 'test');
  await t.infra.help.send(alice, { email: 'a@example.org', subject: 'About two', content: 'Hello', communityId: two.communityId }, 'test');

  // Community two has content of its own.
  const d2 = timeMachineDriver(t, clock, two.communityId);
  const view2 = await d2.createView(two.manager.authorId, two.manager.userId);
  ids.other = await d2.createNote(two.a.authorId, two.a.userId, { title: 'Other community' });
  await d2.place(view2, ids.other, 1, 1, two.a.userId);

  source = await dumpCommunity(t.infra, one.communityId);
  for (const event of await t.infra.eventStore.readAll({ after: 0, maxCount: 100_000 })) {
    const data = event.data as Record<string, unknown>;
    for (const field of ['passwordHash', 'email', 'registrationKey', 'managerRegistrationKey']) {
      if (typeof data[field] === 'string' && data[field] !== '') secrets.push(data[field]);
    }
  }
  await t.close();
}, 120_000);

describe('export --community <id> / import --from', () => {
  let archive: string;
  let manifest: CommunityArchiveManifest;
  let csvPath: string;

  beforeAll(async () => {
    archive = join(newDir('buildon-archive-out-'), 'archive');
    csvPath = join(newDir('buildon-archive-csv-'), 'notes.csv');
    const exported = await kf(
      sourceDir,
      'export',
      '--community',
      one.communityId,
      '--out',
      archive,
      '--with-credentials',
      '--kbdex',
      csvPath,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`warning: ${archive} holds the members' password hashes`);
    expect(exported.stdout).toMatch(/exported community/);
    expect(exported.stdout).toMatch(/wrote 2 notes/);
    manifest = JSON.parse(readFileSync(join(archive, 'manifest.json'), 'utf8')) as CommunityArchiveManifest;
  }, 120_000);

  it('writes a manifest with counts per stream category and the sha256 of every file', () => {
    expect(manifest.format).toBe('buildon-community-export/1');
    expect(manifest.credentials).toBe('included');
    // --with-credentials: the hashes, e-mails and keys of the community's members are in the archive.
    const raw = readFileSync(join(archive, 'events.jsonl'), 'utf8');
    expect(raw).toContain('writer-key');
    expect(raw).toContain('manager-key');
    expect(raw).toContain(`${one.a.userName.toLowerCase()}@example.org`);
    expect(secrets.filter((secret) => secret.startsWith('test$')).some((hash) => raw.includes(hash))).toBe(true);
    expect(manifest.community.id).toBe(one.communityId);
    // The admin who created it, a manager and three writers of community one: their memberships, users and
    // name claims (not Bob and Carol of community two, nor its admin and outsiders); one reads stream; one feedback.
    expect(manifest.categories.author).toEqual({ streams: 5, events: 5 });
    expect(manifest.categories.user?.streams).toBe(5);
    expect(manifest.categories.usernameclaim?.streams).toBe(5);
    expect(manifest.categories.reads).toEqual({ streams: 1, events: 1 });
    expect(manifest.categories.feedback).toEqual({ streams: 1, events: 1 });
    expect(manifest.categories.community?.streams).toBe(1);
    const total = Object.values(manifest.categories).reduce((sum, c) => sum + c.events, 0);
    expect(total).toBe(manifest.events);
    expect(Object.keys(manifest.files).sort()).toEqual(['blobs/attachments/archive-test/v1.txt', 'events.jsonl']);
    for (const [path, sha] of Object.entries(manifest.files)) {
      expect(
        createHash('sha256')
          .update(readFileSync(join(archive, path)))
          .digest('hex'),
        path,
      ).toBe(sha);
    }
    const lines = readFileSync(join(archive, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { globalPosition: number; data: unknown });
    expect(lines).toHaveLength(manifest.events);
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.globalPosition).toBeGreaterThan(lines[i - 1]!.globalPosition);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(two.communityId);
    expect(text).not.toContain(two.manager.userId);
  });

  it('import into an empty data directory reproduces the read models of the community field by field', async () => {
    const target = newDir('buildon-archive-dst-');
    const imported = await kf(target, 'import', '--from', archive);
    expect(imported.code, imported.stderr).toBe(0);
    const infra = await openInfrastructure(testConfig(target), { passwords: fastTestHasher });
    try {
      const copy = await dumpCommunity(infra, one.communityId);
      expect(copy.community).toEqual(source.community);
      expect(copy.contributions).toEqual(source.contributions);
      expect(copy.links).toEqual(source.links);
      expect(copy.authors).toEqual(source.authors);
      expect(copy.users).toEqual(source.users);
      expect(source.contributions.length).toBeGreaterThan(5);
      expect(source.users).toHaveLength(5);
      // Nothing of community two: not its contributions, members, users or feedback.
      expect(await infra.readStore.collection('contributions').find({ communityId: two.communityId })).toEqual([]);
      expect(await infra.readStore.collection('authors').find({ communityId: two.communityId })).toEqual([]);
      expect(await infra.readStore.collection('users').count({})).toBe(5);
      expect(await infra.readStore.collection('communities').count({})).toBe(1);
      const blob = await infra.blobStore.get(blobKey);
      expect(new TextDecoder().decode(blob?.data)).toBe('attached bytes');
      expect(await infra.blobStore.get('attachments/other-community/v1.txt')).toBeNull();
      // --with-credentials: members log in with their passwords in the new installation.
      expect((await infra.accounts.authenticate(one.a.userName, 'secret-pass-1')).userName).toBe(one.a.userName);
      expect(imported.stdout).not.toContain('without credentials');
    } finally {
      await infra.close();
    }
  }, 120_000);

  it("writes KBDeX's data.csv: Id, Author, Text, Group, Time, then Buildon's columns; text as written", () => {
    const text = readFileSync(csvPath, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    // The KBDeX file names authors, but carries no password hash, e-mail or registration key.
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([
      'Id',
      'Author',
      'Text',
      'Group',
      'Time',
      'NoteId',
      'Title',
      'Authors',
      'Permission',
      'Status',
      'Views',
    ]);
    expect(parsed.data).toHaveLength(2);
    const [first, second] = parsed.data;
    expect(first).toMatchObject({ Id: '1', NoteId: ids.n1, Title: 'First idea, revised', Author: `Test ${one.a.userName}`, Text: '' });
    expect(second).toMatchObject({
      Id: '2',
      NoteId: ids.n2,
      Title: '=HYPERLINK("http://evil")',
      Author: `Test ${one.b.userName}`,
      Text: 'Line one, with "quotes"\n+1 and @someone -minus',
    });
    expect(Number(first?.Time)).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('takes the KBDeX options, and names a wrong one', async () => {
    const titled = join(newDir('buildon-archive-csv-'), 'titled.csv');
    const ok = await kf(
      sourceDir,
      'export',
      '--community',
      one.communityId,
      '--kbdex',
      titled,
      '--with-title',
      '--at',
      new Date().toISOString(),
    );
    expect(ok.code, ok.stderr).toBe(0);
    const rows = Papa.parse<Record<string, string>>(readFileSync(titled, 'utf8').slice(1), { header: true, skipEmptyLines: true }).data;
    expect(rows[0]?.Text).toBe('First idea, revised\n');
    const wrong = await kf(sourceDir, 'export', '--community', one.communityId, '--kbdex', titled, '--since', 'last week');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('--since must be an ISO-8601 date');
  }, 120_000);

  it('by default writes no password hash, e-mail, registration key or session token; the imported users must get a new password', async () => {
    const plain = join(newDir('buildon-archive-out-'), 'plain');
    const exported = await kf(sourceDir, 'export', '--community', one.communityId, '--out', plain);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).not.toContain('warning');
    expect(exported.stdout).toContain('without credentials: 5 users will need a new password after an import');
    const text = readFileSync(join(plain, 'events.jsonl'), 'utf8') + readFileSync(join(plain, 'manifest.json'), 'utf8');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    const plainManifest = JSON.parse(readFileSync(join(plain, 'manifest.json'), 'utf8')) as CommunityArchiveManifest;
    expect(plainManifest.credentials).toBe('removed');
    expect(plainManifest.removed).toMatchObject({ usersWithoutPassword: 5, registrationKeys: 2 });
    expect(plainManifest.removed?.emails).toBeGreaterThanOrEqual(10);

    const target = newDir('buildon-archive-dst-');
    const imported = await kf(target, 'import', '--from', plain);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('written without credentials: its 5 users exist but cannot log in');
    const infra = await openInfrastructure(testConfig(target), { passwords: fastTestHasher });
    try {
      // The class is there, names and work included …
      const copy = await dumpCommunity(infra, one.communityId);
      expect(copy.contributions).toEqual(source.contributions);
      expect(copy.users.map((u) => u.userName)).toEqual(source.users.map((u) => u.userName));
      expect(copy.users.every((u) => u.email === '')).toBe(true);
      // … with new registration keys, and no one logs in with the old password until it is reset.
      const community = copy.community[0] as { registrationKey: string; managerRegistrationKey: string };
      expect(community.registrationKey).not.toBe('writer-key');
      expect(community.managerRegistrationKey).not.toBe('manager-key');
      expect(community.registrationKey.length).toBeGreaterThanOrEqual(6);
      await expect(infra.accounts.authenticate(one.a.userName, 'secret-pass-1')).rejects.toThrow();
      await infra.accounts.resetPasswordByManager(one.a.userId, 'a-new-pass-9', one.manager.userId, 'admin');
      expect((await infra.accounts.authenticate(one.a.userName, 'a-new-pass-9')).userName).toBe(one.a.userName);
    } finally {
      await infra.close();
    }
  }, 120_000);

  it('refuses an unknown community', async () => {
    const result = await kf(sourceDir, 'export', '--community', 'f'.repeat(24), '--out', join(newDir('buildon-archive-bad-'), 'x'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/No community/);
  }, 60_000);
});
