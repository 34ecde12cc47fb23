import { describe, expect, it } from 'vitest';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import { call, createContribution, useCanvasWorld } from '../../../../tests/support/canvas.ts';

/**
 * Issue 25 §1: "place in view" from the search offers the views the pupil may
 * write in. The community's view list says, for each view, whether the
 * caller may (the rule of the canvas: managers, anyone on a public view, else
 * its authors and its group's members).
 */

const { t, w } = useCanvasWorld();

const list = async (token: string) => {
  const reply = await call<ViewSummary[]>(t, token, 'GET', `/api/communities/${w.communityId}/views`);
  expect(reply.status, reply.raw).toBe(200);
  return new Map(reply.body.map((view) => [view.title, view.editable]));
};

describe('the view list says which views the caller may write in', () => {
  it('public views for everyone; a protected view for its authors and the managers only', async () => {
    const view = await createContribution(w, w.writer, { type: 'View', title: 'La vue de Léa' });
    const viewId = view.contribution._id;
    const protectedReply = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${viewId}/permission`, {
      permission: 'protected',
      group: null,
    });
    expect(protectedReply.status, protectedReply.raw).toBe(200);
    expect(await list(w.writer.token)).toEqual(
      new Map([
        ['Bienvenue', true],
        ['La vue de Léa', true],
      ]),
    );
    expect(await list(w.writer2.token)).toEqual(
      new Map([
        ['Bienvenue', true],
        ['La vue de Léa', false],
      ]),
    );
    expect(await list(w.manager.token)).toEqual(
      new Map([
        ['Bienvenue', true],
        ['La vue de Léa', true],
      ]),
    );

    // What the list says is what placing a ref there does.
    const note = await createContribution(w, w.writer2, {
      type: 'Note',
      title: 'Une note',
      placement: { viewId: w.welcomeViewId, x: 9, y: 9 },
    });
    const place = (token: string) =>
      call(t, token, 'POST', '/api/links', { from: viewId, to: note.contribution._id, type: 'contains', data: { x: 40, y: 40 } });
    expect((await place(w.writer2.token)).status).toBe(403);
    expect((await place(w.writer.token)).status).toBe(201);
  });

  it('a view private to a group is listed for its members, who may write in it', async () => {
    const group = await call<{ _id: string }>(t, w.manager.token, 'POST', `/api/groups/${w.communityId}`, { title: 'Les volcans' });
    expect(group.status, group.raw).toBe(201);
    const joined = await call(t, w.manager.token, 'POST', `/api/groups/${w.communityId}/${group.body._id}/members`, {
      authorId: w.writer2.authorId,
    });
    expect(joined.status, joined.raw).toBeLessThan(300);
    const view = await createContribution(w, w.writer, { type: 'View', title: 'La vue du groupe' });
    const made = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${view.contribution._id}/permission`, {
      permission: 'private',
      group: group.body._id,
    });
    expect(made.status, made.raw).toBe(200);
    expect((await list(w.writer2.token)).get('La vue du groupe')).toBe(true);
    expect((await list(w.writer.token)).get('La vue du groupe')).toBe(true);
  });

  it('is not told to outsiders', async () => {
    expect((await call(t, w.outsider.token, 'GET', `/api/communities/${w.communityId}/views`)).status).toBe(403);
  });
});
