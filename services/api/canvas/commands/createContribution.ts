import type { CreateContributionBody, CreateContributionReply } from '../../../../contracts/api/canvas.ts';
import { communityStreamName } from '../../../../contracts/events/community.ts';
import type { ContributionCreated } from '../../../../contracts/events/contribution.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { LinkDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { streamCommand, type StreamCommand } from '../../../core/atomicCommand.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.ts';
import { inheritedAccess } from '../../../domain/access/inheritance.ts';
import { communityDecider } from '../../../domain/community/community.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import { besideParentRefData, freeRefData, newRefData } from '../../../domain/view/placement.ts';
import { shownRef } from '../../../domain/view/refData.ts';
import type { ViewAccess } from '../canvasReader.ts';
import { defaultTitle } from '../defaultTitles.ts';
import { toContribution, toLink } from '../replies.ts';
import { authorIn, contributionPart, metadataOf, placeRef, readable, requireEditable, runAll, settle, type CanvasDeps } from './shared.ts';

/** An empty 200×200 drawing with one layer (fact sheet §1.3). */
export const emptyDrawingSvg =
  '<svg width="200" height="200" xmlns="http://www.w3.org/2000/svg"><g class="layer"><title>Layer 1</title></g></svg>';

/**
 * The view a build-on's author is working in (`workingViewId`): 400 when it
 * is not an active view of this community; null when the author may not
 * read it (it is then only never used, as one they may not add to).
 */
const workingView = async (deps: CanvasDeps, user: UserDocument, communityId: string, viewId: string): Promise<ViewAccess | null> => {
  let access: ViewAccess;
  try {
    access = await deps.reader.viewAccess(user, viewId);
  } catch (error) {
    if (error instanceof ForbiddenError) return null;
    if (error instanceof NotFoundError) throw ValidationError.field('workingViewId', msg('canvas.viewNotFound'));
    throw error;
  }
  if (access.view.communityId !== communityId) throw ValidationError.field('workingViewId', msg('canvasService.otherCommunity'));
  return access;
};

/** The refs of a view as people see them (for placing a new contribution off them). */
const shownRefsOf = async (deps: CanvasDeps, viewId: string) => (await deps.reader.refsOfView(viewId)).map((ref) => shownRef(ref.data));

/**
 * POST /api/contributions/{communityId}: a note, drawing, attachment or view,
 * placed where its author asked, and a build-on beside its parent in every
 * view holding the parent where the author may add (else in the view they
 * work in). A new view is registered in the community.
 */
export const createContribution = async (
  deps: CanvasDeps,
  user: UserDocument,
  communityId: string,
  body: CreateContributionBody,
): Promise<CreateContributionReply> => {
  const { reader, ids } = deps;
  const me = await authorIn(deps, user, communityId);
  let placement: ViewAccess | null = null;
  if (body.placement) {
    placement = await reader.viewAccess(user, body.placement.viewId);
    if (placement.view.communityId !== communityId) throw ValidationError.field('placement.viewId', msg('canvasService.otherCommunity'));
    requireEditable(placement);
  }
  const parent = body.buildsOn ? await readable(deps, me, body.buildsOn, 'buildsOn') : null;
  const working = body.workingViewId ? await workingView(deps, user, communityId, body.workingViewId) : null;
  const id = ids.next();
  const title = (body.title ?? '').trim();
  if (body.type === 'View' && !title) throw ValidationError.field('title', msg('community.titleRequired'));
  const { permission, group } = inheritedAccess(body.type, parent, placement?.view ?? null);
  const initial: Record<
    CreateContributionBody['type'],
    { status: ContributionCreated['data']['status']; title: string; data: Record<string, unknown> }
  > = {
    Note: { status: 'unsaved', title, data: {} },
    // Default titles in the author's language (issue 21 §6).
    Drawing: { status: 'unsaved', title: title || defaultTitle('Drawing', user.lang), data: { svg: emptyDrawingSvg } },
    Attachment: { status: 'unsaved', title: title || defaultTitle('Attachment', user.lang), data: { version: 0 } },
    View: { status: 'active', title, data: body.viewSetting ? { viewSetting: body.viewSetting } : {} },
  };
  const start = initial[body.type];
  const metadata = metadataOf(deps, user);
  const commands: ContributionCommand[] = [
    {
      type: 'CreateContribution',
      data: {
        contributionId: id,
        communityId,
        type: body.type,
        title: start.title,
        status: start.status,
        permission,
        authors: [me.authorIdStrict],
        group,
        data: start.data,
      },
    },
  ];
  const buildsonId = parent ? ids.next() : null;
  if (parent && buildsonId) {
    commands.push({ type: 'CreateLink', data: { linkId: buildsonId, to: parent._id, type: 'buildson', data: {} } });
  }
  // Every fact of this command (the contribution, its build-on link, its refs, a view's
  // registration) is written in ONE atomic append below (issue 22 §4): never a note without its ref.
  const parts: StreamCommand[] = [contributionPart(id, commands)];
  const refIds: string[] = [];
  const place = async (viewId: string, data: Record<string, unknown>) => {
    const linkId = ids.next();
    parts.push(contributionPart(viewId, [placeRef(linkId, id, data)]));
    refIds.push(linkId);
  };

  if (placement && body.placement) {
    // A new contribution never lands on another ref; a drawing's picture never covers a note's card (issue 21 §4).
    const wanted = { x: body.placement.x, y: body.placement.y };
    await place(placement.view._id, newRefData(body.type, await shownRefsOf(deps, placement.view._id), wanted));
  }
  if (parent) {
    // Beside the parent in every active view holding it where the author may add
    // contributions (issue 20 §10): never in a view they may only read.
    const parentRefs = await reader.links.find({ to: parent._id, type: 'contains' });
    const viewIds = [...new Set(parentRefs.map((ref) => ref.from))].filter((viewId) => viewId !== placement?.view._id);
    const views = viewIds.length > 0 ? await reader.contributions.find({ _id: { $in: viewIds }, type: 'View', status: 'active' }) : [];
    for (const view of views) {
      if (view.communityId !== communityId) continue;
      const access = await reader.viewAccess(user, view._id).catch(() => null);
      if (!access?.editable) continue;
      const parentRef = parentRefs.find((ref) => ref.from === view._id);
      if (!parentRef) continue;
      // Beside the parent, never under a picture shown in place (issue 21 §4).
      await place(view._id, besideParentRefData(body.type, await shownRefsOf(deps, view._id), parentRef.data));
    }
    // Nowhere beside the parent: in the view the author is working in, if they may add to it.
    if (refIds.length === 0 && working?.editable) {
      await place(working.view._id, freeRefData(body.type, await shownRefsOf(deps, working.view._id)));
    }
  }
  if (body.type === 'View') {
    parts.push(streamCommand(communityStreamName(communityId), communityDecider, { type: 'RegisterView', data: { viewId: id } }));
  }
  await settle(deps, [await runAll(deps, parts, metadata)]);
  const doc = await reader.contributions.get(id);
  if (!doc) throw new NotFoundError(msg('canvasService.contributionNotFound'));
  const refs = refIds.length > 0 ? await reader.links.find({ _id: { $in: refIds } }) : [];
  const buildson = buildsonId ? await reader.links.get(buildsonId) : null;
  return {
    contribution: toContribution(doc),
    refs: refIds
      .map((refId) => refs.find((ref) => ref._id === refId))
      .filter((ref): ref is LinkDocument => ref !== undefined)
      .map(toLink),
    buildson: buildson ? toLink(buildson) : null,
  };
};
