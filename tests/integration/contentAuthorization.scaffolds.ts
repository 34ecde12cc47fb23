import type { ScaffoldManagerReply } from '../../contracts/api/scaffolds.ts';
import { classReaders, managers, must, type Row, type World } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about the scaffold manager and the scaffold
 * support tracker (issue 13 §5–§6; run by contentAuthorization.scaffolds.int.spec.ts): members
 * read the list and the tracker, only managers (and admins) change scaffolds (spec part 2 §6).
 */

const page = async (w: World) =>
  (await must(w, w.manager, 'GET', `/api/communities/${w.communityId}/scaffoldmanager`)).json<ScaffoldManagerReply>();

/** A scaffold of the class's own, not offered by the settings (so it may be deleted), with two supports. */
const scaffold = async (w: World): Promise<{ id: string; supports: string[] }> => {
  const added = (
    await must(w, w.manager, 'POST', `/api/communities/${w.communityId}/scaffolds`, { title: `Scaffold ${w.tag}` })
  ).json<ScaffoldManagerReply>();
  const id = added.scaffolds.at(-1)?._id ?? '';
  const url = `/api/communities/${w.communityId}/scaffolds/${id}/supports`;
  await must(w, w.manager, 'POST', url, { title: 'One' });
  const reply = (await must(w, w.manager, 'POST', url, { title: 'Two' })).json<ScaffoldManagerReply>();
  return { id, supports: reply.scaffolds.find((s) => s._id === id)?.supports.map((s) => s._id) ?? [] };
};

export const scaffoldRows: Row[] = [
  {
    route: 'GET /api/communities/:communityId/scaffoldmanager',
    expect: classReaders,
    request: (w) => ({ url: `/api/communities/${w.communityId}/scaffoldmanager` }),
  },
  {
    route: 'POST /api/communities/:communityId/scaffolds',
    expect: managers,
    request: (w) => ({ url: `/api/communities/${w.communityId}/scaffolds`, payload: { title: 'New scaffold' } }),
  },
  {
    route: 'PUT /api/communities/:communityId/scaffolds/order',
    expect: managers,
    request: async (w) => ({
      url: `/api/communities/${w.communityId}/scaffolds/order`,
      payload: { scaffoldIds: (await page(w)).scaffolds.map((s) => s._id).reverse() },
    }),
  },
  {
    route: 'DELETE /api/communities/:communityId/scaffolds/:scaffoldId',
    expect: managers,
    request: async (w) => ({ url: `/api/communities/${w.communityId}/scaffolds/${(await scaffold(w)).id}` }),
  },
  {
    route: 'POST /api/communities/:communityId/scaffolds/:scaffoldId/supports',
    expect: managers,
    request: async (w) => ({
      url: `/api/communities/${w.communityId}/scaffolds/${(await scaffold(w)).id}/supports`,
      payload: { title: 'Three' },
    }),
  },
  {
    route: 'PUT /api/communities/:communityId/scaffolds/:scaffoldId/supports/order',
    expect: managers,
    request: async (w) => {
      const { id, supports } = await scaffold(w);
      return { url: `/api/communities/${w.communityId}/scaffolds/${id}/supports/order`, payload: { supportIds: [...supports].reverse() } };
    },
  },
  {
    route: 'PUT /api/communities/:communityId/scaffolds/:scaffoldId/supports/:supportId',
    expect: managers,
    request: async (w) => {
      const { id, supports } = await scaffold(w);
      return { url: `/api/communities/${w.communityId}/scaffolds/${id}/supports/${supports[0] ?? ''}`, payload: { title: 'Renamed' } };
    },
  },
  {
    route: 'DELETE /api/communities/:communityId/scaffolds/:scaffoldId/supports/:supportId',
    expect: managers,
    request: async (w) => {
      const { id, supports } = await scaffold(w);
      return { url: `/api/communities/${w.communityId}/scaffolds/${id}/supports/${supports[0] ?? ''}` };
    },
  },
  {
    route: 'GET /api/analytics/:communityId/scaffoldsupporttracker',
    expect: classReaders,
    request: async (w) => {
      const supports = (await page(w)).scaffolds.flatMap((s) => s.supports.map((support) => support._id));
      return { url: `/api/analytics/${w.communityId}/scaffoldsupporttracker?supports=${supports.join(',')}` };
    },
  },
  {
    route: 'GET /api/analytics/:communityId/scaffoldsupporttracker',
    variant: 'filtered by the pupil (the author selector)',
    expect: managers,
    request: async (w) => {
      const supports = (await page(w)).scaffolds.flatMap((s) => s.supports.map((support) => support._id));
      return { url: `/api/analytics/${w.communityId}/scaffoldsupporttracker?supports=${supports.join(',')}&authors=${w.pupil.authorId}` };
    },
  },
];
