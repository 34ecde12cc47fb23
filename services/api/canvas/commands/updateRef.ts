import type { Link, UpdateLinkBody } from '../../../../contracts/api/canvas.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { ContributionDocument, LinkDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { placedRef } from '../../../domain/view/refData.ts';
import type { ViewAccess } from '../canvasReader.ts';
import { toLink } from '../replies.ts';
import { refChangeFor } from './refs.ts';
import { linkById, metadataOf, run, settle, type CanvasDeps } from './shared.ts';

/** The view access and placed object of a ref; 400 for links that are not refs. */
export const refContext = async (
  deps: CanvasDeps,
  user: UserDocument,
  link: LinkDocument,
): Promise<{ access: ViewAccess; target: ContributionDocument | null }> => {
  if (link.type !== 'contains') throw ValidationError.field('id', msg('canvasService.onlyRefs'));
  const access = await deps.reader.viewAccess(user, link.from);
  const target = await deps.reader.contributions.get(link.to);
  return { access, target };
};

/** PUT /api/links/{id}: move, resize, show in place, pin, fix, hard lock or unlock a ref. */
export const updateRef = async (deps: CanvasDeps, user: UserDocument, linkId: string, body: UpdateLinkBody): Promise<Link> => {
  const link = await linkById(deps, linkId);
  const { access, target } = await refContext(deps, user, link);
  const change = await refChangeFor(access, target, link, body.data, async () =>
    (await deps.reader.refsOfView(link.from)).filter((ref) => ref._id !== link._id).map((ref) => placedRef(ref.data)),
  );
  await settle(deps, [await run(deps, link.from, [{ type: 'UpdateLink', data: { linkId, data: change } }], metadataOf(deps, user))]);
  return toLink(await linkById(deps, linkId));
};
