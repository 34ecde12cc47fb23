import { anyUser, classReaders, managers, note, own, type Row, type World } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about writing help (issue 18 §3; run by
 * contentAuthorization.ai.int.spec.ts against tests/support/fakeChatCompletions.ts). The original
 * guarded /api/ai/* not at all and trusted the body's `kf_user_id` (fact sheet §3.2): here the
 * caller must be a member of the community named and able to read the note named; the log is for
 * the community's managers and admins.
 */
const spellCheck = (w: World, contributionId: string | null) => ({
  url: '/api/ai/spellCheck?spell=full',
  payload: { text: 'Les plante pousse.', params: { community_id: w.communityId, contribution_id: contributionId } },
});

export const aiRows: Row[] = [
  {
    route: 'POST /api/ai/spellCheck',
    variant: "about the pupil's private note",
    expect: own,
    request: async (w) => spellCheck(w, (await note(w, { permission: 'private' })).id),
  },
  {
    route: 'POST /api/ai/spellCheck',
    variant: 'a text of the community, no note named',
    expect: classReaders,
    request: (w) => spellCheck(w, null),
  },
  { route: 'GET /api/ai/status', expect: anyUser, request: () => ({ url: '/api/ai/status' }) },
  { route: 'GET /api/ai/logs/:communityId', expect: managers, request: (w) => ({ url: `/api/ai/logs/${w.communityId}` }) },
  {
    route: 'GET /api/ai/logs/:communityId/csv',
    expect: managers,
    request: (w) => ({ url: `/api/ai/logs/${w.communityId}/csv?mode=full` }),
  },
];
