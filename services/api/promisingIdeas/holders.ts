import type { PromisingHolders } from '../../../contracts/api/promisingIdeas.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { ideasCollection, pluginOn, readableNotes, type PromisingIdeaDeps } from './shared.ts';

/**
 * GET /api/promisingideas/view/{viewId}/holders: the contributions placed in
 * a view that hold promising ideas and that the caller may read — what the
 * canvas marks (spec part 2 §4, icon variant "promising"). Readers of the
 * view; empty while the community's plugin is off.
 */
export const holders = async (deps: PromisingIdeaDeps, user: UserDocument, viewId: string): Promise<PromisingHolders> => {
  const access = await deps.reader.viewAccess(user, viewId);
  if (!pluginOn(access.reader)) return { contributionIds: [] };
  const targets = [...new Set((await deps.reader.refsOfView(viewId)).map((ref) => ref.to))];
  if (targets.length === 0) return { contributionIds: [] };
  const holding = new Set((await ideasCollection(deps).find({ noteId: { $in: targets } })).map((idea) => idea.noteId));
  const readable = await readableNotes(deps, access.reader, [...holding]);
  return { contributionIds: [...readable.keys()].sort() };
};
