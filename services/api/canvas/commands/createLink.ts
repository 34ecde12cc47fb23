import type { CreateLinkBody, Link } from '../../../../contracts/api/canvas.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { accessObject, canWrite } from '../../../domain/access/permissions.ts';
import { checkConnectionLink, checkRefSource, checkRefTarget } from '../../../domain/links/linkRules.ts';
import { freeRefData, pastedRefData } from '../../../domain/view/placement.ts';
import { placedRef } from '../../../domain/view/refData.ts';
import { toLink } from '../replies.ts';
import { linkById, metadataOf, placeRef, readable, requireEditable, run, settle, type CanvasDeps } from './shared.ts';

/** POST /api/links: a ref in a view (place, copy/paste) or a build-on/reference link. */
export const createLink = async (deps: CanvasDeps, user: UserDocument, body: CreateLinkBody): Promise<Link> => {
  const { reader } = deps;
  const from = await reader.contributions.get(body.from);
  if (!from) throw new NotFoundError(msg('canvasService.contributionNotFound'));
  const metadata = metadataOf(deps, user);
  const linkId = deps.ids.next();
  const data = body.data ?? {};
  if (body.type === 'contains') {
    checkRefSource(from.type);
    const access = await reader.viewAccess(user, from._id);
    requireEditable(access);
    const target = await readable(deps, access.reader, body.to, 'to');
    // No `data` at all (search's "place in view"): the view's first free spot, found here rather than by a
    // client reading the whole canvas. A `data` without x or y is still refused, each field named.
    const anywhere = body.data === undefined;
    checkRefTarget(target.type, anywhere ? { x: 0, y: 0 } : data);
    const placed = (await reader.refsOfView(from._id)).map((ref) => placedRef(ref.data));
    const refData = anywhere
      ? freeRefData(target.type, placed)
      : pastedRefData(target.type, data, placed, { x: data.x as number, y: data.y as number });
    await settle(deps, [await run(deps, from._id, [placeRef(linkId, target._id, refData)], metadata)]);
  } else {
    const viewer = await reader.reader(user, from.communityId);
    await readable(deps, viewer, from._id, 'from');
    // A link belongs to its source (issue 20 §9): a pupil links from what they may edit, to anything they may read.
    const linkData = checkConnectionLink(body.type, canWrite(viewer.subject, accessObject(from, await reader.membersOf(from))), data);
    await readable(deps, viewer, body.to, 'to');
    await settle(deps, [
      await run(deps, from._id, [{ type: 'CreateLink', data: { linkId, to: body.to, type: body.type, data: linkData } }], metadata),
    ]);
  }
  return toLink(await linkById(deps, linkId));
};
