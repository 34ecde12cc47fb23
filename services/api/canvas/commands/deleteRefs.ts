import type { UserDocument } from '../../../../projections/users/index.ts';
import { removableRefs, unpackCommands } from './refs.ts';
import { deleteLinkCommand, metadataOf, requireEditable, run, settle, type CanvasDeps } from './shared.ts';

/** POST /api/views/{viewId}/refs/delete: removes several refs at once (all or none); rise-aboves unpack. */
export const deleteRefs = async (
  deps: CanvasDeps,
  user: UserDocument,
  viewId: string,
  linkIds: string[],
): Promise<{ count: number; unpacked: number }> => {
  const access = await deps.reader.viewAccess(user, viewId);
  requireEditable(access);
  const links = await removableRefs(deps, access, linkIds);
  const unpack = await unpackCommands(deps, viewId, links);
  await settle(deps, [await run(deps, viewId, [...links.map((link) => deleteLinkCommand(link._id)), ...unpack], metadataOf(deps, user))]);
  return { count: links.length, unpacked: unpack.length };
};
