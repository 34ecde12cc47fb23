import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CreateContributionReply } from '../../contracts/api/canvas.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import type { ProblemDetails } from '../../contracts/errors.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { defaultUserRateLimits } from '../../services/api/plugins/userRateLimits.ts';
import frServer from '../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import { canvasWorld, type CanvasWorld, type Member } from '../support/canvas.ts';
import { joinCommunity } from '../support/communities.ts';
import { samplePng, textDoc, uploadBody } from '../support/objects.ts';
import { builtLater, useTestApp } from '../support/suite.ts';
import { bearer, buildTestApp, type TestApp } from '../support/testApp.ts';
import { beforeAll } from 'vitest';

/**
 * Issue 17 §5 at the real defaults: a class of 30 working together from one
 * school address is never limited; one pupil flooding is, with the
 * limit's own message, a Retry-After, and nothing appended for the refusals.
 */
const t: TestApp = useTestApp(() => buildTestApp({ userRateLimits: defaultUserRateLimits }));
let world: CanvasWorld | undefined;
const pupils: Member[] = [];
const w = builtLater('the class', () => world);

beforeAll(async () => {
  world = await canvasWorld(t);
  for (let i = 0; i < 30; i++) {
    const user = await t.register(`pupil${process.pid}n${i}`);
    const author = await joinCommunity(t, user.token, user.id, world.communityId, 'writer-key');
    pupils.push({ token: user.token, userId: user.id, authorId: author._id });
  }
}, 120_000);

/** Every request the class sends, with who sent it: the test shows the ones refused. */
const sent: { who: number; what: string; status: number; body: string }[] = [];

const send = async (who: number, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) => {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  sent.push({ who, what: `${method} ${url}`, status: response.statusCode, body: response.body });
  return response;
};

const json = <T>(response: LightMyRequestResponse): T => response.json<T>();

/**
 * A generous minute of one pupil: writes a note in three saves (two
 * drafts and the contribution), writes a second one building on it, links
 * it into the view and to the first, searches twice (results and count each),
 * uploads a picture, and reads six notes.
 */
const pupilsMinute = async (who: number, pupil: Member) => {
  const { communityId, welcomeViewId } = w;
  const first = json<CreateContributionReply>(
    await send(who, pupil.token, 'POST', `/api/contributions/${communityId}`, {
      type: 'Note',
      title: '',
      placement: { viewId: welcomeViewId, x: 20 + who * 10, y: 20 },
    }),
  ).contribution._id;
  let revision = json<ObjectReply>(await send(who, pupil.token, 'GET', `/api/objects/${first}`)).revision;
  for (const [text, status] of [
    ['Je pense que', undefined],
    ['Je pense que les feuilles', undefined],
    ['Je pense que les feuilles tombent en automne.', 'active'],
  ] as const) {
    const saved = await send(who, pupil.token, 'PUT', `/api/objects/${communityId}/${first}`, {
      revision,
      title: `Idée ${who}`,
      body: textDoc(text),
      ...(status ? { status } : {}),
    });
    revision = json<ObjectReply>(saved).revision;
  }
  const second = json<CreateContributionReply>(
    await send(who, pupil.token, 'POST', `/api/contributions/${communityId}`, { type: 'Note', title: `Suite ${who}` }),
  ).contribution._id;
  await send(who, pupil.token, 'POST', '/api/links', {
    from: welcomeViewId,
    to: second,
    type: 'contains',
    data: { x: 40 + who * 10, y: 200 },
  });
  await send(who, pupil.token, 'POST', '/api/links', { from: second, to: first, type: 'buildson' });
  for (const words of ['feuilles', 'automne']) {
    await send(who, pupil.token, 'POST', `/api/contributions/${communityId}/search`, { query: { words } });
    await send(who, pupil.token, 'POST', `/api/contributions/${communityId}/search/count`, { query: { words } });
  }
  const attachment = json<CreateContributionReply>(
    await send(who, pupil.token, 'POST', `/api/contributions/${communityId}`, { type: 'Attachment' }),
  ).contribution._id;
  const { payload, headers } = uploadBody(samplePng(32, 24), { filename: 'arbre.png', contentType: 'image/png' });
  await send(who, pupil.token, 'POST', `/api/upload/${communityId}/${attachment}`, payload, headers);
  const classmates = pupils.filter((_, other) => other !== who).slice(0, 6);
  for (const classmate of classmates) {
    const theirs = await t.infra.readStore
      .collection<{ _id: string; authors: string[]; type: string }>('contributions')
      .findOne({ type: 'Note', authors: classmate.authorId });
    if (theirs) await send(who, pupil.token, 'POST', `/api/records/read/${communityId}/${theirs._id}`);
  }
};

const problemOf = (response: LightMyRequestResponse) => response.json<ProblemDetails & { params?: { seconds?: number } }>();

const eventsSince = async (position: number): Promise<RecordedEvent[]> => t.infra.eventStore.readAll({ after: position });

describe('a class of 30 working together from one school address', () => {
  it('is never limited: every request of every pupil succeeds', async () => {
    await Promise.all(pupils.map((pupil, who) => pupilsMinute(who, pupil)));
    const writes = sent.filter((request) => !request.what.startsWith('GET'));
    // Far more than one user's limit all came from 127.0.0.1: a limit by address would have refused most of them.
    expect(writes.length).toBeGreaterThan(defaultUserRateLimits.writesPerMinute * 2);
    expect(sent.filter((request) => request.status === 429).map((r) => `${r.who} ${r.what}`)).toEqual([]);
    expect(sent.filter((request) => request.status >= 300).map((r) => `${r.who} ${r.what} ${r.status} ${r.body}`)).toEqual([]);
  }, 120_000);
});

/** A pupil of the class who has sent nothing yet: their whole minute's worth is left. */
let fresh = 0;
const freshPupil = async (): Promise<Member> => {
  const user = await t.register(`flood${process.pid}n${++fresh}`);
  const author = await joinCommunity(t, user.token, user.id, w.communityId, 'writer-key');
  return { token: user.token, userId: user.id, authorId: author._id };
};

describe('one pupil flooding', () => {
  let flooding: Member | undefined;
  const flooder = () => flooding as Member;
  const classmate = () => pupils[1] as Member;

  it('is refused after a minute’s worth of notes, with the French message, a Retry-After, and nothing appended', async () => {
    flooding = await freshPupil();
    const head = await t.infra.eventStore.headPosition();
    const answers: LightMyRequestResponse[] = [];
    const started = Date.now();
    for (let batch = 0; batch < 10; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 30 }, () =>
            t.app.inject({
              method: 'POST',
              url: `/api/contributions/${w.communityId}`,
              headers: bearer(flooder().token),
              payload: { type: 'Note', title: 'spam', placement: { viewId: w.welcomeViewId, x: 5, y: 5 } },
            }),
          ),
        )),
      );
    }
    const elapsedMs = Date.now() - started;
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(created.length + refused.length).toBe(300);
    // A minute's worth at once (less the join, a write of its own) …
    expect(created.length).toBeGreaterThanOrEqual(defaultUserRateLimits.writesPerMinute - 1);
    // … then only what the bucket refilled while the flood ran (2 a second), however slow the machine.
    const refilled = Math.ceil((elapsedMs / 60_000) * defaultUserRateLimits.writesPerMinute);
    expect(created.length).toBeLessThanOrEqual(defaultUserRateLimits.writesPerMinute + refilled);
    expect(refused.length).toBeGreaterThan(0);

    const refusal = refused[0] as LightMyRequestResponse;
    expect(refusal.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = problemOf(refusal);
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited', messageCode: 'limits.tooManyWrites' });
    const seconds = Number(refusal.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(problem.params?.seconds).toBe(seconds);
    expect(frServer.server.limits.tooManyWrites.replace('{{seconds}}', String(seconds))).toBe(
      `Vous enregistrez trop vite : attendez ${seconds} s, puis réessayez.`,
    );

    // Each accepted note is one creation; the refused ones appended nothing.
    const createdIds = created.map((answer) => answer.json<CreateContributionReply>().contribution._id).sort();
    const recorded = (await eventsSince(head)).filter((event) => event.type === 'ContributionCreated');
    expect(recorded.map((event) => (event.data as { contributionId: string }).contributionId).sort()).toEqual(createdIds);
    expect(recorded.every((event) => event.metadata.actorId === flooder().userId)).toBe(true);

    // A classmate behind the same address writes on; the flooder may still search; and after the wait, write again.
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}`,
      headers: bearer(classmate().token),
      payload: { type: 'Note', title: 'Ma question' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const search = await t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}/search`,
      headers: bearer(flooder().token),
      payload: { query: { words: 'spam' } },
    });
    expect(search.statusCode, search.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const later = await t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}`,
      headers: bearer(flooder().token),
      payload: { type: 'Note', title: 'Après la pause' },
    });
    expect(later.statusCode, later.body).toBe(201);
  }, 120_000);

  it('is refused searches after a minute’s worth, with the search message', async () => {
    const searcher = await freshPupil();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/contributions/${w.communityId}/search`,
          headers: bearer(searcher.token),
          payload: { query: { words: 'feuilles' } },
        }),
      ),
    );
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(
      defaultUserRateLimits.searchesPerMinute - 1,
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(problemOf(refused[0] as LightMyRequestResponse).messageCode).toBe('limits.tooManySearches');
    expect(Number((refused[0] as LightMyRequestResponse).headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('is refused uploads after a minute’s worth, before the file is stored: no upload event for a refusal', async () => {
    const uploader = await freshPupil();
    const attachments: string[] = [];
    for (let i = 0; i < defaultUserRateLimits.uploadsPerMinute + 10; i++) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/contributions/${w.communityId}`,
        headers: bearer(uploader.token),
        payload: { type: 'Attachment' },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      attachments.push(reply.json<CreateContributionReply>().contribution._id);
    }
    const head = await t.infra.eventStore.headPosition();
    const answers = await Promise.all(
      attachments.map((attachment) => {
        const { payload, headers } = uploadBody(samplePng(4, 4), { filename: 'x.png', contentType: 'image/png' });
        return t.app.inject({
          method: 'POST',
          url: `/api/upload/${w.communityId}/${attachment}`,
          headers: { ...bearer(uploader.token), ...headers },
          payload,
        });
      }),
    );
    const stored = answers.filter((answer) => answer.statusCode === 201).length;
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(stored + refused.length).toBe(attachments.length);
    expect(refused.length).toBeGreaterThan(0);
    expect(problemOf(refused[0] as LightMyRequestResponse).messageCode).toBe('limits.tooManyUploads');
    const uploads = (await eventsSince(head)).filter((event) => event.type === 'AttachmentUploaded');
    expect(uploads.length).toBe(stored);
  }, 60_000);
});
