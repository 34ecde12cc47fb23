import type { Link } from '../../../../contracts/api/canvas.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { accessObject, canWrite } from '../../../domain/access/permissions.ts';
import { checkSourceLinkRemoval, removalRule } from '../../../domain/links/linkRules.ts';
import { checkRefDelete } from '../../../domain/view/refRules.ts';
import { toLink } from '../replies.ts';
import { unpackCommands } from './refs.ts';
import { deleteLinkCommand, linkById, metadataOf, readable, refActor, run, settle, type CanvasDeps } from './shared.ts';
import { refContext } from './updateRef.ts';

/**
 * DELETE /api/links/{id}: a ref (the ref rules; a rise-above's ref unpacks
 * its items) or a build-on, reference or attach link (those who may edit its
 * source).
 */
export const deleteLink = async (deps: CanvasDeps, user: UserDocument, linkId: string): Promise<Link> => {
  const link = await linkById(deps, linkId);
  const rule = removalRule(link.type);
  if (rule === 'ref') {
    const { access, target } = await refContext(deps, user, link);
    checkRefDelete(refActor(access, target), link.data);
  } else {
    const reader = await deps.reader.reader(user, link.communityId);
    const from = await readable(deps, reader, link.from, 'from');
    checkSourceLinkRemoval(link.type, canWrite(reader.subject, accessObject(from, await deps.reader.membersOf(from))));
  }
  const unpack = rule === 'ref' ? await unpackCommands(deps, link.from, [link]) : [];
  await settle(deps, [await run(deps, link.from, [deleteLinkCommand(linkId), ...unpack], metadataOf(deps, user))]);
  return toLink(link);
};
