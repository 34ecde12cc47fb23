import { beforeAll, describe, expect, it } from 'vitest';
import type { PushServerMessage } from '../../contracts/push.ts';
import { call, useCanvasWorld } from '../support/canvas.ts';
import { PushClient } from '../support/push.ts';

/**
 * Issue 24 §5: a researcher appears nowhere to pupils, and not in the list of who has a view open.
 * A researcher may still watch a view live (reading is theirs).
 */

let base: string;
const { t, w } = useCanvasWorld();
beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});

const as = async (token: string): Promise<PushClient> => {
  const client = await PushClient.open(`${base}/api/socket`);
  client.send({ type: 'auth', token });
  await client.next((m) => m.type === 'ready');
  return client;
};

type Presence = Extract<PushServerMessage, { type: 'presence' }>;

describe('presence and a researcher', () => {
  it('a researcher watching a view is not in the presence list the pupils get', async () => {
    const made = await call(t, w.manager.token, 'PUT', `/api/authors/${w.communityId}/${w.writer2.authorId}/role`, { role: 'researcher' });
    expect(made.status).toBe(200);
    const pupil = await as(w.writer.token);
    expect((await pupil.subscribe(w.welcomeViewId)).type).toBe('subscribed');
    const researcher = await as(w.writer2.token);
    expect((await researcher.subscribe(w.welcomeViewId)).type).toBe('subscribed');
    // The researcher's subscription sends a presence to everyone on the view: only the pupil in it.
    const seen = await researcher.next<Presence>((m) => m.type === 'presence');
    expect(seen.users.map((u) => u.userId)).toEqual([w.writer.userId]);
    // A manager joining makes two: the manager and the pupil, never the researcher.
    const manager = await as(w.manager.token);
    expect((await manager.subscribe(w.welcomeViewId)).type).toBe('subscribed');
    const after = await pupil.next<Presence>((m) => m.type === 'presence' && m.users.length === 2);
    expect(after.users.map((u) => u.userId).sort()).toEqual([w.writer.userId, w.manager.userId].sort());
    const everything = JSON.stringify(pupil.messages);
    expect(everything).not.toContain(w.writer2.userId);
    expect(everything).not.toContain(w.writer2.authorId);
    for (const client of [pupil, researcher, manager]) client.close();
  });
});
