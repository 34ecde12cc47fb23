import type { UpdateLinkBody, UpdateRefsReply } from '../../../../contracts/api/canvas.ts';
import { msg, type MessageCode } from '../../../../contracts/messageCodes.ts';
import type { LinkDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, ValidationError } from '../../../core/errors.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import type { RefChange } from '../../../domain/view/placement.ts';
import { placedRef } from '../../../domain/view/refData.ts';
import { toLink } from '../replies.ts';
import { refChangeFor } from './refs.ts';
import { metadataOf, requireEditable, run, settle, type CanvasDeps } from './shared.ts';

/**
 * POST /api/views/{viewId}/refs/update: several refs of one view changed at
 * once (a multi-ref drag). Each change is checked as PUT /api/links/{id}
 * checks it (lock, fix, preventOverlap against the refs already placed,
 * those of this batch included); the refused ones are answered with their
 * message, the others are written as one batch on the view's stream, so a
 * drag of 20 refs is one append, one projection wait and one push instead
 * of 20 racing writes on the same stream.
 */
export const updateRefs = async (
  deps: CanvasDeps,
  user: UserDocument,
  viewId: string,
  changes: readonly { linkId: string; data: UpdateLinkBody['data'] }[],
): Promise<UpdateRefsReply> => {
  const { reader } = deps;
  const access = await reader.viewAccess(user, viewId);
  requireEditable(access);
  const all = await reader.refsOfView(viewId);
  const byId = new Map(all.map((link) => [link._id, link]));
  const links = changes.map((c) => byId.get(c.linkId));
  if (links.some((link) => link === undefined) || new Set(changes.map((c) => c.linkId)).size !== changes.length) {
    throw ValidationError.field('changes', msg('canvasService.notInThisView'));
  }
  const targetIds = [...new Set(links.map((link) => (link as LinkDocument).to))];
  const targets = new Map((await reader.byIds(reader.contributions, targetIds)).map((doc) => [doc._id, doc]));
  // Where every ref of the view is, updated as the batch's refs move.
  const spots = new Map(all.map((link) => [link._id, placedRef(link.data)]));
  const commands: ContributionCommand[] = [];
  const refused: { linkId: string; message: string; messageCode: MessageCode }[] = [];
  for (const { linkId, data } of changes) {
    const link = byId.get(linkId) as LinkDocument;
    let change: RefChange;
    try {
      change = await refChangeFor(access, targets.get(link.to) ?? null, link, data, () =>
        [...spots].filter(([id]) => id !== linkId).map(([, spot]) => spot),
      );
    } catch (error) {
      if (!(error instanceof ForbiddenError)) throw error;
      refused.push({ linkId, message: error.message, messageCode: error.messageCode });
      continue;
    }
    spots.set(linkId, placedRef({ ...link.data, ...change }));
    commands.push({ type: 'UpdateLink', data: { linkId, data: change } });
  }
  await settle(deps, [await run(deps, viewId, commands, metadataOf(deps, user))]);
  const written = new Set(commands.map((c) => (c.data as { linkId: string }).linkId));
  const docs = written.size > 0 ? await reader.byIds(reader.links, [...written]) : [];
  return { refs: docs.map(toLink), refused };
};
