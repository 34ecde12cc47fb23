import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsReply } from '../../../../contracts/api/admin.ts';
import type { AiLogEntry, SpellCheckChunk } from '../../../../contracts/api/ai.ts';
import type { CommunitySettings } from '../../../../contracts/api/communities.ts';
import { activate } from '../../../../tests/support/canvas.ts';
import { createCommunity, joinCommunity } from '../../../../tests/support/communities.ts';
import {
  fakeChatCompletionsEnv,
  startFakeChatCompletions,
  type FakeChatCompletions,
} from '../../../../tests/support/fakeChatCompletions.ts';
import { bearer, buildTestApp, testRateLimits, type TestApp } from '../../../../tests/support/testApp.ts';
import { createLogger } from '../../../app/logger.ts';
import { aiSettings } from '../../../integrations/ai/aiSettings.ts';

type Problem = { status: number; messageCode?: string; errors?: { field: string }[] };
type User = { token: string; id: string };

/**
 * Writing help (issue 18 §3; spec part 1 §7) through HTTP: the offline quick spell-check, the chat
 * modes against tests/support/fakeChatCompletions.ts (a local server speaking the OpenAI
 * chat-completions streaming protocol), the refusals (pupil and manager of another class,
 * stranger, anonymous, a classmate and a private note), the per-user limit, the log and its CSV.
 */
let fake: FakeChatCompletions;
let t: TestApp;
let admin: User;
let pupil: User;
let classmate: User;
let teacher: User;
let otherPupil: User;
let otherTeacher: User;
let stranger: User;
let communityId = '';
let otherCommunityId = '';
const logged: string[] = [];

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await buildTestApp({
    ai: aiSettings(fakeChatCompletionsEnv(fake)),
    userRateLimits: { ...testRateLimits, aiRequestsPerMinute: 1_000 },
    logger: createLogger('debug', { write: (line: string) => void logged.push(line) }),
  });
  admin = await t.admin();
  communityId = (await createCommunity(t, admin.token))._id;
  otherCommunityId = (await createCommunity(t, admin.token))._id;
  const member = async (name: string, community: string, key = 'writer-key') => {
    const user = await t.register(name);
    await joinCommunity(t, user.token, user.id, community, key);
    return user;
  };
  pupil = await member('aipupil', communityId);
  classmate = await member('aimate', communityId);
  teacher = await member('aiteacher', communityId, 'manager-key');
  otherPupil = await member('aiotherpupil', otherCommunityId);
  otherTeacher = await member('aiotherteacher', otherCommunityId, 'manager-key');
  stranger = await t.register('aistranger');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ask = (query: string, text: string, who: User | null = pupil, params: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ai/spellCheck?${query}`,
    ...(who ? { headers: bearer(who.token) } : {}),
    payload: { text, params: { community_id: communityId, kf_user_id: 'ignored', ...params } },
  });

/** The reply's chunks: JSON objects separated by blank lines. */
const chunksOf = (body: string): SpellCheckChunk[] =>
  body
    .split('\n\n')
    .filter((part) => part.trim())
    .map((part) => JSON.parse(part) as SpellCheckChunk);

const answerOf = (body: string): string =>
  chunksOf(body)
    .map((chunk) => ('partial' in chunk ? chunk.partial : ''))
    .join('');

const privateNote = async (): Promise<string> => {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/contributions/${communityId}`,
    headers: bearer(pupil.token),
    payload: { type: 'Note', title: 'Mon brouillon' },
  });
  const id = created.json<{ contribution: { _id: string } }>().contribution._id;
  await activate(t, id);
  const permission = await t.app.inject({
    method: 'PUT',
    url: `/api/objects/${communityId}/${id}/permission`,
    headers: bearer(pupil.token),
    payload: { permission: 'private', group: null },
  });
  expect(permission.statusCode).toBeLessThan(300);
  return id;
};

const logOf = async (who: User = teacher, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/ai/logs/${communityId}${query}`, headers: bearer(who.token) });

describe('POST /api/ai/spellCheck?spell=quick (offline)', () => {
  it('streams the misspelled words with suggestions as {partial} chunks, then {final}', { timeout: 60_000 }, async () => {
    const reply = await ask('spell=quick', 'Les plantes poussent dans la maisson.');
    expect(reply.statusCode).toBe(200);
    const chunks = chunksOf(reply.body);
    // Limited to 1,000 a minute in this file: what is left is told.
    const final = chunks.at(-1) as { final: boolean; remainingRequests: number };
    expect(final.final).toBe(true);
    expect(final.remainingRequests).toBeGreaterThan(900);
    expect(final.remainingRequests).toBeLessThan(1_000);
    expect(answerOf(reply.body)).toMatch(/^maisson → .*maison/);
    expect(fake.requests).toHaveLength(0);
  });

  it('checks English when the params say so', { timeout: 30_000 }, async () => {
    const reply = await ask('spell=quick', 'The plnts grow.', pupil, { language: 'en' });
    expect(answerOf(reply.body)).toMatch(/^plnts → .*plants/);
  });
});

describe('POST /api/ai/spellCheck, chat modes (OpenAI-compatible server)', () => {
  it('streams the full correction from the server, the key sent as a bearer to that server only', async () => {
    const reply = await ask('spell=full', 'Les plante pousse.');
    expect(reply.statusCode).toBe(200);
    expect(answerOf(reply.body)).toBe('Réponse: Les plante pousse.');
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ model: fake.model, stream: true, max_tokens: 1000 });
    expect(sent?.messages.at(-1)).toEqual({ role: 'user', content: 'Les plante pousse.' });
    expect(sent?.messages[0]?.content).toMatch(/Correct the spelling/);
    expect(fake.authorizations.at(-1)).toBe(`Bearer ${fake.apiKey}`);
    expect(reply.body).not.toContain(fake.apiKey);
    // KF6's gpt4 is the same correction.
    expect(answerOf((await ask('spell=gpt4', 'Bonjour.')).body)).toBe('Réponse: Bonjour.');
  });

  it('explains at the three age levels (turboExplain 6–11, turboExplain2 11–16, turboExplain3 and davinci adult)', async () => {
    const text = 'Les plantes ont besoin de lumière pour fabriquer leur nourriture avec la photosynthèse.';
    const prompts: string[] = [];
    for (const mode of ['turboExplain', 'turboExplain2', 'turboExplain3', 'davinci']) {
      const reply = await ask(`explain=${mode}`, text);
      expect(reply.statusCode).toBe(200);
      expect(answerOf(reply.body)).toBe(`Réponse: ${text}`);
      prompts.push(fake.requests.at(-1)?.messages[0]?.content ?? '');
    }
    expect(prompts[0]).toMatch(/aged 6 to 11/);
    expect(prompts[1]).toMatch(/aged 11 to 16/);
    expect(prompts[2]).toMatch(/adult/);
    expect(prompts[3]).toBe(prompts[2]);
  });

  it('refuses an explanation of fewer than ten words (400 naming text), before calling the server', async () => {
    const before = fake.requests.length;
    const reply = await ask('explain=turboExplain', 'Trop court.');
    expect(reply.statusCode).toBe(400);
    expect(reply.json<Problem>()).toMatchObject({ messageCode: 'ai.tooShort', errors: [{ field: 'text' }] });
    expect(fake.requests).toHaveLength(before);
  });

  it('ends the stream with {error, status} when the server fails, and Admin tools shows the last error', async () => {
    fake.failing = true;
    try {
      const reply = await ask('spell=full', 'Une phrase.');
      expect(reply.statusCode).toBe(200);
      expect(chunksOf(reply.body).at(-1)).toEqual({ error: 'ai.failed', status: 500 });
    } finally {
      fake.failing = false;
    }
    const states = (await t.app.inject({ method: 'GET', url: '/api/admin/integrations', headers: bearer(admin.token) })).json<
      Static<typeof IntegrationsReply>
    >();
    const ai = states.integrations.find((state) => state.name === 'ai');
    expect(ai).toMatchObject({ configured: true, reachable: true });
    expect(ai?.detail).toContain(fake.model);
    expect(ai?.lastError?.message).toMatch(/HTTP 500/);
    expect(JSON.stringify(states)).not.toContain(fake.apiKey);
  });

  it('delivers the pieces as they come over a real connection (no buffering, no compression)', async () => {
    fake.delayMs = 60;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${address}/api/ai/spellCheck?spell=full`, {
        method: 'POST',
        headers: { ...bearer(pupil.token), 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        body: JSON.stringify({ text: 'un deux trois quatre cinq', params: { community_id: communityId } }),
      });
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let reads = 0;
      let body = '';
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        reads += 1;
        body += new TextDecoder().decode(read.value);
      }
      expect(reads).toBeGreaterThan(3);
      expect(answerOf(body)).toBe('Réponse: un deux trois quatre cinq');
    } finally {
      fake.delayMs = 5;
    }
  });

  it('never logs the key nor the text', () => {
    const all = logged.join('\n');
    expect(all).not.toContain(fake.apiKey);
    expect(all).not.toContain('photosynthèse');
  });
});

describe('POST /api/ai/spellCheck refusals (the original had no guard and trusted kf_user_id)', () => {
  it('refuses anonymous callers (401), strangers, a pupil and a manager of another class (403)', async () => {
    expect((await ask('spell=quick', 'Bonjour', null)).statusCode).toBe(401);
    for (const who of [stranger, otherPupil, otherTeacher]) expect((await ask('spell=full', 'Bonjour', who)).statusCode).toBe(403);
    // Naming the pupil's id in the body changes nothing: the caller is the token's user.
    expect((await ask('spell=full', 'Bonjour', stranger, { kf_user_id: pupil.id })).statusCode).toBe(403);
  });

  it("refuses a note the caller may not read: a classmate and the pupil's private note (403), another class's note (404)", async () => {
    const id = await privateNote();
    expect((await ask('spell=full', 'Bonjour', pupil, { contribution_id: id })).statusCode).toBe(200);
    expect((await ask('spell=full', 'Bonjour', classmate, { contribution_id: id })).statusCode).toBe(403);
    expect((await ask('spell=full', 'Bonjour', otherPupil, { community_id: otherCommunityId, contribution_id: id })).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad request', async () => {
    const field = async (reply: Awaited<ReturnType<typeof ask>>) => {
      expect(reply.statusCode).toBe(400);
      return reply.json<Problem>().errors?.[0]?.field;
    };
    expect(await field(await ask('', 'Bonjour'))).toBe('spell');
    expect(await field(await ask('spell=quick&explain=turboExplain', 'Bonjour'))).toBe('spell');
    expect(await field(await ask('spell=fast', 'Bonjour'))).toMatch(/spell/);
    expect(await field(await ask('spell=quick', ''))).toMatch(/text/);
    expect(await field(await ask('spell=quick', 'x'.repeat(20_001)))).toMatch(/text/);
    expect(await field(await ask('spell=quick', 'Bonjour', pupil, { community_id: 'nope' }))).toMatch(/community_id/);
  });
});

describe('the writing-help log (GET /api/ai/logs/{communityId}, /ai-logs)', () => {
  it('records who, community, note, mode, size, duration and outcome, without the text by default', async () => {
    const reply = await logOf();
    expect(reply.statusCode).toBe(200);
    const entries = reply.json<AiLogEntry[]>();
    expect(entries.length).toBeGreaterThan(5);
    const quick = entries.find((entry) => entry.mode === 'quick' && entry.size === 'Les plantes poussent dans la maisson.'.length);
    expect(quick).toMatchObject({ userId: pupil.id, userName: 'aipupil', communityId, outcome: 'ok', text: null, contributionId: null });
    expect(quick?.durationMs).toBeGreaterThanOrEqual(0);
    expect(entries.some((entry) => entry.outcome === 'failed')).toBe(true);
    expect(entries.some((entry) => entry.contributionId !== null)).toBe(true);
  });

  it('filters by mode and user, and exports CSV', async () => {
    const explains = (await logOf(teacher, '?mode=explain1')).json<AiLogEntry[]>();
    expect(explains.length).toBeGreaterThan(0);
    expect(explains.every((entry) => entry.mode === 'explain1')).toBe(true);
    expect((await logOf(teacher, `?userId=${classmate.id}`)).json<AiLogEntry[]>()).toEqual([]);
    expect((await logOf(teacher, '?from=2999-01-01')).json<AiLogEntry[]>()).toEqual([]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/ai/logs/${communityId}/csv?mode=quick`, headers: bearer(admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,userName,userId,mode,size,durationMs,outcome,contributionId,text');
    expect(lines.slice(1).every((line) => line.includes(',quick,'))).toBe(true);
  });

  it('keeps the text when the community allows it (its aiLogText plugin)', async () => {
    const url = `/api/communities/${communityId}/settings`;
    const settings = (await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).json<CommunitySettings>();
    (settings.data.plugins as Record<string, unknown>).aiLogText = true;
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin.token),
      payload: { data: settings.data, scaffoldIds: settings.scaffoldIds },
    });
    expect(saved.statusCode).toBeLessThan(300);
    await ask('spell=quick', 'Un texte gardé.');
    const entries = (await logOf(teacher, '?mode=quick')).json<AiLogEntry[]>();
    expect(entries[0]?.text).toBe('Un texte gardé.');
  });

  it('is for managers of the community and admins only', async () => {
    expect((await logOf(pupil)).statusCode).toBe(403);
    expect((await logOf(otherTeacher)).statusCode).toBe(403);
    expect((await logOf(stranger)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/ai/logs/${communityId}` })).statusCode).toBe(401);
    expect((await logOf(admin)).statusCode).toBe(200);
  });
});

describe('without BUILDON_AI_URL', () => {
  let bare: TestApp;
  let user: User;
  let community = '';
  beforeAll(async () => {
    bare = await buildTestApp({ userRateLimits: { ...testRateLimits, aiRequestsPerMinute: 2 } });
    const boss = await bare.admin();
    community = (await createCommunity(bare, boss.token))._id;
    user = await bare.register('barepupil');
    await joinCommunity(bare, user.token, user.id, community, 'writer-key');
  });
  afterAll(async () => bare.close());

  const bareAsk = (query: string) =>
    bare.app.inject({
      method: 'POST',
      url: `/api/ai/spellCheck?${query}`,
      headers: bearer(user.token),
      payload: {
        text: 'Les plantes ont besoin de lumière pour fabriquer leur nourriture chaque jour.',
        params: { community_id: community },
      },
    });

  it(
    'says the chat modes are off (503 naming the mode), the status route hides them, and the quick check still works',
    { timeout: 60_000 },
    async () => {
      const status = await bare.app.inject({ method: 'GET', url: '/api/ai/status', headers: bearer(user.token) });
      expect(status.json()).toEqual({ quick: true, chat: false });
      const off = await bareAsk('explain=turboExplain2');
      expect(off.statusCode).toBe(503);
      expect(off.json<Problem>()).toMatchObject({ messageCode: 'ai.notConfigured' });
      const quick = await bareAsk('spell=quick');
      expect(quick.statusCode).toBe(200);
      // Two a minute, both taken (a refused request counts too): the editor is told none is left.
      expect(chunksOf(quick.body).at(-1)).toEqual({ final: true, remainingRequests: 0 });
    },
  );

  it('limits each user (429 with the wait) after BUILDON_AI_REQUESTS_PER_MINUTE', async () => {
    // Two a minute: one comes back every 30 s, which a slow first dictionary load above may have given.
    let reply = await bareAsk('spell=quick');
    for (let tries = 0; tries < 2 && reply.statusCode !== 429; tries++) reply = await bareAsk('spell=quick');
    expect(reply.statusCode).toBe(429);
    expect(reply.json<Problem>()).toMatchObject({ messageCode: 'ai.tooManyRequests' });
  });
});
