import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateContributionReply } from '../../contracts/api/canvas.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { canvasWorld, createContribution, type CanvasWorld } from '../support/canvas.ts';
import { joinCommunity } from '../support/communities.ts';
import { buildTestApp, type TestApp } from '../support/testApp.ts';

const clients = 16;
const perClient = 6;

/**
 * Issue 22 §4: sixteen pupils creating build-ons on one note at the same
 * time all write to the view's stream (each build-on gets a ref beside the
 * note). Conflicts are retried inside the server: every create succeeds,
 * and the log holds exactly the notes, links and refs of those creates.
 */
describe('16 clients creating build-ons in one view over 127.0.0.1', () => {
  let t: TestApp;
  let w: CanvasWorld;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await canvasWorld(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers every create 201 (no 409) and leaves no orphan event', async () => {
    const parent = await createContribution(w, w.writer, {
      type: 'Note',
      title: 'Why do leaves fall?',
      placement: { viewId: w.welcomeViewId, x: 300, y: 300 },
    });
    const pupils = [];
    for (let i = 0; i < clients; i++) {
      const user = await t.register(`pupil${process.pid}x${i}`);
      await joinCommunity(t, user.token, user.id, w.communityId, 'writer-key');
      pupils.push(user);
    }
    const head = await t.infra.eventStore.headPosition();

    const statuses: number[] = [];
    const created: CreateContributionReply[] = [];
    const failures: string[] = [];
    await Promise.all(
      pupils.map(async (pupil) => {
        for (let n = 0; n < perClient; n++) {
          const response = await fetch(`${base}/api/contributions/${w.communityId}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${pupil.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'Note', buildsOn: parent.contribution._id }),
          });
          statuses.push(response.status);
          if (response.status === 201) created.push((await response.json()) as CreateContributionReply);
          else failures.push(`${response.status} ${await response.text()}`);
        }
      }),
    );

    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(created).toHaveLength(clients * perClient);
    for (const reply of created) {
      expect(reply.buildson?.to).toBe(parent.contribution._id);
      expect(reply.refs.map((ref) => ref.from)).toEqual([w.welcomeViewId]);
    }

    // The log after the burst: one note, one build-on link and one ref per create, nothing else.
    const events: RecordedEvent[] = await t.infra.eventStore.readAll({ after: head });
    const notes = events.filter((e) => e.type === 'ContributionCreated').map((e) => (e.data as { contributionId: string }).contributionId);
    const links = events.filter((e) => e.type === 'LinkCreated').map((e) => e.data as { from: string; to: string; type: string });
    expect(new Set(notes)).toEqual(new Set(created.map((reply) => reply.contribution._id)));
    expect(
      links
        .filter((link) => link.type === 'buildson')
        .map((link) => link.from)
        .sort(),
    ).toEqual([...notes].sort());
    expect(
      links
        .filter((link) => link.type === 'contains')
        .map((link) => `${link.from}>${link.to}`)
        .sort(),
    ).toEqual(notes.map((id) => `${w.welcomeViewId}>${id}`).sort());
  }, 180_000);
});
