import {
  inPlaceSize,
  placeableTypes,
  type CreateContributionBody,
  type CreateContributionReply,
  type CreateLinkBody,
  type Link,
  type MoveRefsReply,
  type RiseAboveReply,
  type ViewSettingReply,
  type UpdateLinkBody,
  type UpdateRefsReply,
  type ViewTreeNode,
  type ViewTreeReply,
} from '../../../contracts/api/canvas.ts';
import type { ViewSetting, ViewSummary } from '../../../contracts/api/communities.ts';
import { authorStreamName } from '../../../contracts/events/author.ts';
import { communityStreamName } from '../../../contracts/events/community.ts';
import { contributionStreamName, type ContributionCreated, type Permission } from '../../../contracts/events/contribution.ts';
import type { EventMetadata } from '../../../contracts/events/event.ts';
import { readsStreamName, type ReadMarked } from '../../../contracts/events/read.ts';
import { canRead, canWrite } from '../../../contracts/permissions.ts';
import type { ContributionDocument, LinkDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { handleCommands, streamCommand, type StreamCommand } from '../../core/atomicCommand.ts';
import { handleCommand } from '../../core/decider.ts';
import { fieldError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { authorDecider } from '../../domain/author/author.ts';
import { communityDecider } from '../../domain/community/community.ts';
import { batchDecider } from '../../domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import type { CommandDeps } from '../appServices.ts';
import { accessObject, toRefData, toViewSummary, type CanvasReader, type Reader, type ViewAccess } from './canvasReader.ts';
import {
  besideOffset,
  cardBox,
  clampCoordinate,
  defaultPosition,
  findFreeSpot,
  innerOffset,
  landingSpot,
  nearestFreeSpot,
  nudgeTowardOrigin,
  refBox,
  type PlacedRef,
  type Spot,
} from './geometry.ts';
import { toContribution, toLink } from './replies.ts';
import { checkRefChange, checkRefDelete, type RefActor } from './refRules.ts';
import { type MessageCode, msg } from '../../../contracts/messageCodes.ts';
import { defaultTitle, workspaceTitle } from './defaultTitles.ts';

export type CanvasServiceDeps = CommandDeps & { reader: CanvasReader };

/** An empty 200×200 drawing with one layer (fact sheet §1.3). */
export const emptyDrawingSvg =
  '<svg width="200" height="200" xmlns="http://www.w3.org/2000/svg"><g class="layer"><title>Layer 1</title></g></svg>';

const placed = (link: LinkDocument): PlacedRef => {
  const data = toRefData(link.data);
  return { x: data.x, y: data.y, fixed: data.fixed === true };
};

/** A ref as people see it, for placing new contributions (issue 21 §4): a ref shown in place covers its picture. */
const shown = (link: LinkDocument): PlacedRef => {
  const data = toRefData(link.data);
  const footprint = data.showInPlace === true ? { width: data.width ?? inPlaceSize.width, height: data.height ?? inPlaceSize.height } : {};
  return { ...placed(link), ...footprint };
};

/** Unpacked items land at the rise-above's ref + their inner position − 70 (fact sheet §10.3). */
export const unpackOffset = 70;

/** Ref data kept when a ref is copied (paste keeps width, height and show-in-place). */
const copiedRefData = (data: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of ['width', 'height', 'showInPlace'] as const) if (data[key] !== undefined) out[key] = data[key];
  return out;
};

/**
 * The canvas's writes: placing, moving, fixing, locking and removing refs,
 * creating contributions where they are placed, rise-above, the view manager,
 * the personal workspace and reads. Every rule is checked here (the original
 * checked them in the browser); every method returns once the read models show
 * its events.
 */
export class CanvasService {
  constructor(private readonly deps: CanvasServiceDeps) {}

  private get reader() {
    return this.deps.reader;
  }

  private metadata(user: UserDocument): EventMetadata {
    return { actorId: user._id, at: this.deps.clock.now().toISOString() };
  }

  private async run(contributionId: string, commands: ContributionCommand[], metadata: EventMetadata): Promise<number> {
    if (commands.length === 0) return 0;
    const result = await handleCommand(
      this.deps.eventStore,
      contributionStreamName(contributionId),
      batchDecider(contributionDecider),
      commands,
      { metadata },
    );
    return result.lastPosition;
  }

  private async settle(positions: number[]): Promise<void> {
    const last = Math.max(0, ...positions);
    if (last > 0) await this.deps.projections.waitFor(last);
  }

  /** A member with a membership (creations need an author id). */
  private async author(user: UserDocument, communityId: string): Promise<Reader & { authorIdStrict: string }> {
    const reader = await this.reader.reader(user, communityId);
    if (!reader.grant.author) throw new ForbiddenError(msg('community.notMember'));
    return { ...reader, authorIdStrict: reader.grant.author._id };
  }

  private async refsOf(viewId: string): Promise<LinkDocument[]> {
    return this.reader.refsOfView(viewId);
  }

  /** A contribution the reader may read, in the reader's community (404 otherwise: nothing leaks). */
  private async readable(reader: Reader, id: string, field: string): Promise<ContributionDocument> {
    const doc = await this.reader.contributions.get(id);
    if (!doc || doc.status === 'inactive') throw new NotFoundError(msg('canvasService.contributionNotFound'));
    if (doc.communityId !== reader.grant.community._id) throw ValidationError.field(field, msg('canvasService.otherCommunity'));
    if (!canRead(reader.subject, accessObject(doc, await this.reader.membersOf(doc)))) {
      throw new NotFoundError(msg('canvasService.contributionNotFound'));
    }
    return doc;
  }

  private async link(linkId: string): Promise<LinkDocument> {
    const link = await this.reader.links.get(linkId);
    if (!link) throw new NotFoundError(msg('canvasService.linkNotFound'));
    return link;
  }

  private actor(access: ViewAccess, target: ContributionDocument | null): RefActor {
    const me = access.reader.subject.authorId;
    return {
      isManager: access.reader.grant.isManager,
      editable: access.editable,
      isViewAuthor: access.isViewAuthor,
      isTargetAuthor: me !== null && target !== null && target.authors.includes(me),
      freemode: access.context.freemode === true,
    };
  }

  private requireEditable(access: ViewAccess): void {
    if (!access.editable) throw new ForbiddenError(msg('canvas.cannotEditView'));
  }

  /** Permission and group of a new contribution: private (with its group) under a private parent or view, else protected (views: public). */
  private inherited(
    type: ContributionDocument['type'],
    parent: ContributionDocument | null,
    view: ContributionDocument | null,
  ): { permission: Permission; group: string | null } {
    if (parent?.permission === 'private') return { permission: 'private', group: parent.group };
    if (view?.permission === 'private') return { permission: 'private', group: view.group };
    return { permission: type === 'View' ? 'public' : 'protected', group: null };
  }

  // ---- creating contributions ------------------------------------------------------

  /**
   * The view a build-on's author is working in (`workingViewId`): 400 when it
   * is not an active view of this community; null when the author may not
   * read it (it is then only never used, as one they may not add to).
   */
  private async workingView(user: UserDocument, communityId: string, viewId: string): Promise<ViewAccess | null> {
    let access: ViewAccess;
    try {
      access = await this.reader.viewAccess(user, viewId);
    } catch (error) {
      if (error instanceof ForbiddenError) return null;
      if (error instanceof NotFoundError) throw ValidationError.field('workingViewId', msg('canvas.viewNotFound'));
      throw error;
    }
    if (access.view.communityId !== communityId) throw ValidationError.field('workingViewId', msg('canvasService.otherCommunity'));
    return access;
  }

  /** POST /api/contributions/{communityId}. */
  async createContribution(user: UserDocument, communityId: string, body: CreateContributionBody): Promise<CreateContributionReply> {
    const me = await this.author(user, communityId);
    let placement: ViewAccess | null = null;
    if (body.placement) {
      placement = await this.reader.viewAccess(user, body.placement.viewId);
      if (placement.view.communityId !== communityId) throw ValidationError.field('placement.viewId', msg('canvasService.otherCommunity'));
      this.requireEditable(placement);
    }
    const parent = body.buildsOn ? await this.readable(me, body.buildsOn, 'buildsOn') : null;
    const working = body.workingViewId ? await this.workingView(user, communityId, body.workingViewId) : null;
    const { ids } = this.deps;
    const id = ids.next();
    const title = (body.title ?? '').trim();
    if (body.type === 'View' && !title) throw ValidationError.field('title', msg('community.titleRequired'));
    const { permission, group } = this.inherited(body.type, parent, placement?.view ?? null);
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
    const metadata = this.metadata(user);
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
    const contributions = batchDecider(contributionDecider);
    const parts: StreamCommand[] = [streamCommand(contributionStreamName(id), contributions, commands)];
    const refIds: string[] = [];
    const refExtra = body.type === 'Drawing' ? { showInPlace: true } : {};
    const addRef = (viewId: string, spot: Spot) => {
      const linkId = ids.next();
      parts.push(
        streamCommand(contributionStreamName(viewId), contributions, [
          { type: 'CreateLink', data: { linkId, to: id, type: 'contains', data: { ...spot, ...refExtra } } },
        ]),
      );
      refIds.push(linkId);
    };

    if (placement && body.placement) {
      // A new contribution never lands on another ref (issue 21 §4).
      // A drawing shows in place: its picture must not cover a note's card.
      const [size, unsized] = body.type === 'Drawing' ? [inPlaceSize, cardBox] : [refBox, refBox];
      const spot = nearestFreeSpot(
        (await this.refsOf(placement.view._id)).map(shown),
        { x: body.placement.x, y: body.placement.y },
        size,
        unsized,
      );
      addRef(placement.view._id, spot);
    }
    if (parent) {
      // Beside the parent in every active view holding it where the author may add
      // contributions (issue 20 §10): never in a view they may only read.
      const parentRefs = await this.reader.links.find({ to: parent._id, type: 'contains' });
      const viewIds = [...new Set(parentRefs.map((ref) => ref.from))].filter((viewId) => viewId !== placement?.view._id);
      const views =
        viewIds.length > 0 ? await this.reader.contributions.find({ _id: { $in: viewIds }, type: 'View', status: 'active' }) : [];
      for (const view of views) {
        if (view.communityId !== communityId) continue;
        const access = await this.reader.viewAccess(user, view._id).catch(() => null);
        if (!access?.editable) continue;
        const parentRef = parentRefs.find((ref) => ref.from === view._id);
        if (!parentRef) continue;
        const at = toRefData(parentRef.data);
        // Beside the parent, never under a picture shown in place (issue 21 §4).
        addRef(view._id, findFreeSpot((await this.refsOf(view._id)).map(shown), { x: at.x + besideOffset, y: at.y + besideOffset }));
      }
      // Nowhere beside the parent: in the view the author is working in, if they may add to it.
      if (refIds.length === 0 && working?.editable) {
        addRef(working.view._id, findFreeSpot((await this.refsOf(working.view._id)).map(shown), defaultPosition));
      }
    }
    if (body.type === 'View') {
      parts.push(streamCommand(communityStreamName(communityId), communityDecider, { type: 'RegisterView', data: { viewId: id } }));
    }
    const { lastPosition } = await handleCommands(this.deps.eventStore, parts, { metadata });
    await this.settle([lastPosition]);
    const doc = await this.reader.contributions.get(id);
    if (!doc) throw new NotFoundError(msg('canvasService.contributionNotFound'));
    const refs = refIds.length > 0 ? await this.reader.links.find({ _id: { $in: refIds } }) : [];
    const buildson = buildsonId ? await this.reader.links.get(buildsonId) : null;
    return {
      contribution: toContribution(doc),
      refs: refIds
        .map((refId) => refs.find((ref) => ref._id === refId))
        .filter((ref): ref is LinkDocument => ref !== undefined)
        .map(toLink),
      buildson: buildson ? toLink(buildson) : null,
    };
  }

  // ---- links and refs ------------------------------------------------------------------

  /** POST /api/links: a ref in a view (place, copy/paste) or a build-on/reference link. */
  async createLink(user: UserDocument, body: CreateLinkBody): Promise<Link> {
    const from = await this.reader.contributions.get(body.from);
    if (!from) throw new NotFoundError(msg('canvasService.contributionNotFound'));
    const metadata = this.metadata(user);
    const linkId = this.deps.ids.next();
    const data = body.data ?? {};
    if (body.type === 'contains') {
      if (from.type !== 'View') throw ValidationError.field('from', msg('canvasService.notAView'));
      const access = await this.reader.viewAccess(user, from._id);
      this.requireEditable(access);
      const target = await this.readable(access.reader, body.to, 'to');
      // Annotations, scaffolds, groups and contexts never sit on a canvas (a search result may be any of them).
      if (!placeableTypes.has(target.type)) throw ValidationError.field('to', msg('canvasService.notPlaceable'));
      const missing = (['x', 'y'] as const).filter((key) => typeof data[key] !== 'number');
      if (missing.length > 0) {
        throw ValidationError.fields(
          missing.map((key) => fieldError(`data.${key}`, msg('errors.fieldRequired', { field: `data.${key}` }))),
        );
      }
      const spot = landingSpot((await this.refsOf(from._id)).map(placed), { x: data.x as number, y: data.y as number });
      const refData = {
        ...copiedRefData(data),
        ...(target.type === 'Drawing' && data.showInPlace === undefined ? { showInPlace: true } : {}),
        ...spot,
      };
      await this.settle([
        await this.run(from._id, [{ type: 'CreateLink', data: { linkId, to: target._id, type: 'contains', data: refData } }], metadata),
      ]);
    } else {
      const reader = await this.reader.reader(user, from.communityId);
      await this.readable(reader, from._id, 'from');
      // A link belongs to its source (issue 20 §9): a pupil links from what they may edit, to anything they may read.
      if (!canWrite(reader.subject, accessObject(from, await this.reader.membersOf(from)))) {
        throw new ForbiddenError(msg('canvasService.cannotLinkFrom'));
      }
      await this.readable(reader, body.to, 'to');
      const linkData = body.type === 'references' && typeof data.text === 'string' ? { text: data.text } : {};
      await this.settle([
        await this.run(from._id, [{ type: 'CreateLink', data: { linkId, to: body.to, type: body.type, data: linkData } }], metadata),
      ]);
    }
    return toLink(await this.link(linkId));
  }

  /** The view access and placed object of a ref; 400 for links that are not refs. */
  private async refContext(user: UserDocument, link: LinkDocument): Promise<{ access: ViewAccess; target: ContributionDocument | null }> {
    if (link.type !== 'contains') throw ValidationError.field('id', msg('canvasService.onlyRefs'));
    const access = await this.reader.viewAccess(user, link.from);
    const target = await this.reader.contributions.get(link.to);
    return { access, target };
  }

  /**
   * A ref change as PUT /api/links/{id} accepts it: unset fields dropped,
   * coordinates clamped, the ref rules checked (ForbiddenError otherwise) and,
   * when the view prevents overlap, a move nudged off the other refs' spots
   * (`others`, read only when the ref moves).
   */
  private async checkedRefChange(
    access: ViewAccess,
    target: ContributionDocument | null,
    link: LinkDocument,
    data: UpdateLinkBody['data'],
    others: () => readonly PlacedRef[] | Promise<readonly PlacedRef[]>,
  ): Promise<Record<string, unknown>> {
    const change: Record<string, unknown> = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
    if (change.x !== undefined) change.x = clampCoordinate(change.x);
    if (change.y !== undefined) change.y = clampCoordinate(change.y);
    checkRefChange(this.actor(access, target), link.data, change);
    const moved = (change.x !== undefined && change.x !== link.data.x) || (change.y !== undefined && change.y !== link.data.y);
    if (moved && access.context.features.preventOverlap) {
      const current = toRefData(link.data);
      const spot = nudgeTowardOrigin(await others(), {
        x: (change.x as number | undefined) ?? current.x,
        y: (change.y as number | undefined) ?? current.y,
      } satisfies Spot);
      if (!spot) throw new ForbiddenError(msg('canvasService.noRoom'));
      change.x = spot.x;
      change.y = spot.y;
    }
    return change;
  }

  /** PUT /api/links/{id}: move, resize, show in place, pin, fix, hard lock or unlock a ref. */
  async updateRef(user: UserDocument, linkId: string, body: UpdateLinkBody): Promise<Link> {
    const link = await this.link(linkId);
    const { access, target } = await this.refContext(user, link);
    const change = await this.checkedRefChange(access, target, link, body.data, async () =>
      (await this.refsOf(link.from)).filter((ref) => ref._id !== link._id).map(placed),
    );
    await this.settle([await this.run(link.from, [{ type: 'UpdateLink', data: { linkId, data: change } }], this.metadata(user))]);
    return toLink(await this.link(linkId));
  }

  /**
   * POST /api/views/{viewId}/refs/update: several refs of one view changed at
   * once (a multi-ref drag). Each change is checked as PUT /api/links/{id}
   * checks it (lock, fix, preventOverlap against the refs already placed,
   * those of this batch included); the refused ones are answered with their
   * message, the others are written as one batch on the view's stream, so a
   * drag of 20 refs is one append, one projection wait and one push instead
   * of 20 racing writes on the same stream.
   */
  async updateRefs(
    user: UserDocument,
    viewId: string,
    changes: readonly { linkId: string; data: UpdateLinkBody['data'] }[],
  ): Promise<UpdateRefsReply> {
    const access = await this.reader.viewAccess(user, viewId);
    this.requireEditable(access);
    const all = await this.refsOf(viewId);
    const byId = new Map(all.map((link) => [link._id, link]));
    const links = changes.map((c) => byId.get(c.linkId));
    if (links.some((link) => link === undefined) || new Set(changes.map((c) => c.linkId)).size !== changes.length) {
      throw ValidationError.field('changes', msg('canvasService.notInThisView'));
    }
    const targetIds = [...new Set(links.map((link) => (link as LinkDocument).to))];
    const targets = new Map((await this.reader.byIds(this.reader.contributions, targetIds)).map((doc) => [doc._id, doc]));
    // Where every ref of the view is, updated as the batch's refs move.
    const spots = new Map(all.map((link) => [link._id, placed(link)]));
    const commands: ContributionCommand[] = [];
    const refused: { linkId: string; message: string; messageCode: MessageCode }[] = [];
    for (const { linkId, data } of changes) {
      const link = byId.get(linkId) as LinkDocument;
      let change: Record<string, unknown>;
      try {
        change = await this.checkedRefChange(access, targets.get(link.to) ?? null, link, data, () =>
          [...spots].filter(([id]) => id !== linkId).map(([, spot]) => spot),
        );
      } catch (error) {
        if (!(error instanceof ForbiddenError)) throw error;
        refused.push({ linkId, message: error.message, messageCode: error.messageCode });
        continue;
      }
      spots.set(linkId, placed({ ...link, data: { ...link.data, ...change } }));
      commands.push({ type: 'UpdateLink', data: { linkId, data: change } });
    }
    await this.settle([await this.run(viewId, commands, this.metadata(user))]);
    const written = new Set(commands.map((c) => (c.data as { linkId: string }).linkId));
    const docs = written.size > 0 ? await this.reader.byIds(this.reader.links, [...written]) : [];
    return { refs: docs.map(toLink), refused };
  }

  /** DELETE /api/links/{id}: a ref (view rules) or a build-on/reference link (its `from`'s authors or managers). */
  async deleteLink(user: UserDocument, linkId: string): Promise<Link> {
    const link = await this.link(linkId);
    if (link.type === 'contains') {
      const { access, target } = await this.refContext(user, link);
      checkRefDelete(this.actor(access, target), link.data);
    } else if (link.type === 'buildson' || link.type === 'references' || link.type === 'attach') {
      // Those who may edit the link's source remove it. For `attach` (a note's attachments tab) that is the note's
      // editing rule; the attachment itself stays, readable by its own permission, so inline images keep working.
      const reader = await this.reader.reader(user, link.communityId);
      const from = await this.readable(reader, link.from, 'from');
      if (!canWrite(reader.subject, accessObject(from, await this.reader.membersOf(from)))) {
        throw new ForbiddenError(
          link.type === 'attach' ? msg('canvasService.cannotRemoveAttachment') : msg('canvasService.cannotLinkFrom'),
        );
      }
    } else {
      throw ValidationError.field('id', msg('canvasService.unsupportedLinkType'));
    }
    const unpack = link.type === 'contains' ? await this.unpackCommands(link.from, [link]) : [];
    await this.settle([await this.run(link.from, [{ type: 'DeleteLink', data: { linkId } }, ...unpack], this.metadata(user))]);
    return toLink(link);
  }

  /**
   * Deleting a rise-above's ref unpacks it (fact sheet §10.3): each item of
   * its inner view is placed back in the view at (ref.x + item.x − 70,
   * ref.y + item.y − 70). The rise-above note and its inner view stay as they
   * were, so nothing is lost; items the view already holds are not doubled.
   */
  private async unpackCommands(viewId: string, deleted: readonly LinkDocument[]): Promise<ContributionCommand[]> {
    const targets = await this.reader.byIds(this.reader.contributions, [...new Set(deleted.map((link) => link.to))]);
    const inner = new Map<string, string>();
    for (const doc of targets) {
      const riseabove = doc.data.riseabove as { viewId?: unknown } | undefined;
      if (doc.type === 'Note' && riseabove && typeof riseabove.viewId === 'string') inner.set(doc._id, riseabove.viewId);
    }
    if (inner.size === 0) return [];
    const deletedIds = new Set(deleted.map((link) => link._id));
    const remaining = (await this.refsOf(viewId)).filter((ref) => !deletedIds.has(ref._id));
    const present = new Set(remaining.map((ref) => ref.to));
    const commands: ContributionCommand[] = [];
    for (const link of deleted) {
      const innerViewId = inner.get(link.to);
      if (!innerViewId) continue;
      const at = toRefData(link.data);
      const items = await this.refsOf(innerViewId);
      const docs = new Map(
        (
          await this.reader.byIds(
            this.reader.contributions,
            items.map((item) => item.to),
          )
        ).map((doc) => [doc._id, doc]),
      );
      for (const item of items) {
        const doc = docs.get(item.to);
        if (!doc || doc.status === 'inactive' || doc.communityId !== link.communityId || item.to === viewId || present.has(item.to)) {
          continue;
        }
        present.add(item.to);
        const position = toRefData(item.data);
        commands.push({
          type: 'CreateLink',
          data: {
            linkId: this.deps.ids.next(),
            to: item.to,
            type: 'contains',
            data: {
              ...copiedRefData(item.data),
              x: clampCoordinate(at.x + position.x - unpackOffset),
              y: clampCoordinate(at.y + position.y - unpackOffset),
            },
          },
        });
      }
    }
    return commands;
  }

  /** The refs `linkIds` of `viewId`, each checked for removal; 400 naming linkIds when one is not a ref of this view. */
  private async removableRefs(access: ViewAccess, linkIds: readonly string[]): Promise<LinkDocument[]> {
    const unique = [...new Set(linkIds)];
    const links = await this.reader.links.find({ _id: { $in: unique } });
    if (links.length !== unique.length || links.some((link) => link.from !== access.view._id || link.type !== 'contains')) {
      throw ValidationError.field('linkIds', msg('canvasService.notInThisView'));
    }
    const targets = await this.reader.contributions.find({ _id: { $in: links.map((link) => link.to) } });
    const byId = new Map(targets.map((doc) => [doc._id, doc]));
    for (const link of links) checkRefDelete(this.actor(access, byId.get(link.to) ?? null), link.data);
    return links;
  }

  /** POST /api/views/{viewId}/refs/delete: removes several refs at once (all or none). */
  async deleteRefs(user: UserDocument, viewId: string, linkIds: string[]): Promise<{ count: number; unpacked: number }> {
    const access = await this.reader.viewAccess(user, viewId);
    this.requireEditable(access);
    const links = await this.removableRefs(access, linkIds);
    const unpack = await this.unpackCommands(viewId, links);
    await this.settle([
      await this.run(
        viewId,
        [...links.map((link): ContributionCommand => ({ type: 'DeleteLink', data: { linkId: link._id } })), ...unpack],
        this.metadata(user),
      ),
    ]);
    return { count: links.length, unpacked: unpack.length };
  }

  /**
   * POST /api/views/{viewId}/refs/move: refs dragged into another view's
   * window. Placed there first (the group keeps its shape, its top-left at
   * x, y), then removed here — so a failure never loses a ref. Needs the right
   * to remove each ref here and to edit the target view.
   */
  async moveRefs(
    user: UserDocument,
    viewId: string,
    input: { linkIds: string[]; toViewId: string; x: number; y: number },
  ): Promise<MoveRefsReply> {
    const access = await this.reader.viewAccess(user, viewId);
    this.requireEditable(access);
    if (input.toViewId === viewId) throw ValidationError.field('toViewId', msg('canvasService.notAViewTarget'));
    let target: ViewAccess;
    try {
      target = await this.reader.viewAccess(user, input.toViewId);
    } catch (error) {
      if (error instanceof NotFoundError) throw ValidationError.field('toViewId', msg('canvasService.notAViewTarget'));
      throw error;
    }
    if (target.view.communityId !== access.view.communityId) throw ValidationError.field('toViewId', msg('canvasService.otherCommunity'));
    this.requireEditable(target);
    const links = await this.removableRefs(access, input.linkIds);
    if (links.some((link) => link.to === input.toViewId)) throw ValidationError.field('linkIds', msg('canvasService.parentCycle'));
    const positions = links.map((link) => toRefData(link.data));
    const minX = Math.min(...positions.map((p) => p.x));
    const minY = Math.min(...positions.map((p) => p.y));
    const placedRefs = (await this.refsOf(input.toViewId)).map(placed);
    const metadata = this.metadata(user);
    const created = links.map((link, index): { linkId: string; command: ContributionCommand } => {
      const at = positions[index] ?? { x: minX, y: minY };
      const spot = landingSpot(placedRefs, { x: clampCoordinate(input.x + at.x - minX), y: clampCoordinate(input.y + at.y - minY) });
      placedRefs.push({ ...spot, fixed: false });
      const linkId = this.deps.ids.next();
      return {
        linkId,
        command: { type: 'CreateLink', data: { linkId, to: link.to, type: 'contains', data: { ...copiedRefData(link.data), ...spot } } },
      };
    });
    // Placed there and removed here in one atomic append (issue 22 §4): a ref is never lost nor doubled.
    const contributions = batchDecider(contributionDecider);
    const { lastPosition } = await handleCommands(
      this.deps.eventStore,
      [
        streamCommand(
          contributionStreamName(input.toViewId),
          contributions,
          created.map((c) => c.command),
        ),
        streamCommand(
          contributionStreamName(viewId),
          contributions,
          links.map((link): ContributionCommand => ({ type: 'DeleteLink', data: { linkId: link._id } })),
        ),
      ],
      { metadata },
    );
    await this.settle([lastPosition]);
    const docs = await this.reader.links.find({ _id: { $in: created.map((c) => c.linkId) } });
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    return {
      moved: links.length,
      refs: created
        .map((c) => byId.get(c.linkId))
        .filter((doc): doc is LinkDocument => doc !== undefined)
        .map(toLink),
    };
  }

  // ---- view setting ----------------------------------------------------------------------

  /**
   * PUT /api/views/{viewId}/viewsetting: the view's own setting for every
   * reader (managers and the view's authors); null goes back to the
   * community's. An event in the view's stream.
   */
  async setViewSetting(user: UserDocument, viewId: string, viewSetting: ViewSetting | null): Promise<ViewSettingReply> {
    const access = await this.reader.viewAccess(user, viewId);
    if (!this.reader.mayChangeViewSetting(access)) throw new ForbiddenError(msg('canvasService.cannotChangeViewSetting'));
    await this.settle([await this.run(viewId, [{ type: 'ChangeViewSetting', data: { viewSetting } }], this.metadata(user))]);
    const view = await this.reader.view(viewId);
    const { viewSetting: effective, saved } = this.reader.viewSettingOf(view, access.context);
    return { viewSetting: effective, viewSettingSaved: saved };
  }

  // ---- rise-above ------------------------------------------------------------------------

  /**
   * POST /api/views/{viewId}/riseabove: an inner view (unregistered, with the
   * view's permission and group), a rise-above note naming it and its ref.
   * Selected refs move inside at their relative positions (offset 20) and the
   * rise-above lands at the selection's corner + 50; without a selection at a
   * free spot.
   */
  async riseAbove(user: UserDocument, viewId: string, input: { title: string; linkIds?: string[] }): Promise<RiseAboveReply> {
    const access = await this.reader.viewAccess(user, viewId);
    this.requireEditable(access);
    const title = input.title.trim();
    if (!title) throw ValidationError.field('title', msg('canvas.riseaboveTitleRequired'));
    if (input.linkIds && input.linkIds.length === 0) throw ValidationError.field('linkIds', msg('canvas.riseaboveNotesRequired'));
    const me = await this.author(user, access.view.communityId);
    const items = input.linkIds ? await this.removableRefs(access, input.linkIds) : [];
    const { ids } = this.deps;
    const innerViewId = ids.next();
    const noteId = ids.next();
    const refId = ids.next();
    const metadata = this.metadata(user);
    const { view } = access;
    const communityId = view.communityId;
    const note = this.inherited('Note', null, view);

    const positions = items.map((link) => toRefData(link.data));
    const minX = Math.min(...positions.map((p) => p.x));
    const minY = Math.min(...positions.map((p) => p.y));
    const innerCommands: ContributionCommand[] = [
      {
        type: 'CreateContribution',
        data: {
          contributionId: innerViewId,
          communityId,
          type: 'View',
          title: `riseabove:${noteId}`,
          status: 'active',
          permission: view.permission,
          authors: [me.authorIdStrict],
          group: view.group,
          data: {},
        },
      },
      ...items.map((link, index): ContributionCommand => {
        const at = positions[index] ?? { x: minX, y: minY };
        return {
          type: 'CreateLink',
          data: {
            linkId: ids.next(),
            to: link.to,
            type: 'contains',
            data: { ...link.data, x: clampCoordinate(at.x - minX + innerOffset), y: clampCoordinate(at.y - minY + innerOffset) },
          },
        };
      }),
    ];
    // The inner view, the note and the moves in the view: one atomic append (issue 22 §4).
    const contributions = batchDecider(contributionDecider);
    const parts: StreamCommand[] = [streamCommand(contributionStreamName(innerViewId), contributions, innerCommands)];
    parts.push(
      streamCommand(contributionStreamName(noteId), contributions, [
        {
          type: 'CreateContribution',
          data: {
            contributionId: noteId,
            communityId,
            type: 'Note',
            title,
            status: 'active',
            permission: note.permission,
            authors: [me.authorIdStrict],
            group: note.group,
            data: { riseabove: { viewId: innerViewId } },
          },
        },
      ]),
    );
    const refs = await this.refsOf(viewId);
    const spot =
      items.length > 0
        ? { x: clampCoordinate(minX + besideOffset), y: clampCoordinate(minY + besideOffset) }
        : findFreeSpot(refs.map(placed), defaultPosition);
    parts.push(
      streamCommand(contributionStreamName(viewId), contributions, [
        ...items.map((link): ContributionCommand => ({ type: 'DeleteLink', data: { linkId: link._id } })),
        { type: 'CreateLink', data: { linkId: refId, to: noteId, type: 'contains', data: spot } },
      ]),
    );
    await this.settle([(await handleCommands(this.deps.eventStore, parts, { metadata })).lastPosition]);
    return { noteId, viewId: innerViewId, ref: toLink(await this.link(refId)), moved: items.length };
  }

  // ---- view manager and workspace ------------------------------------------------------------

  /** View manager: a registered public view titled `title` (empty → 400 field title). */
  async createView(user: UserDocument, communityId: string, input: { title: string; viewSetting?: ViewSetting }): Promise<ViewSummary> {
    const reply = await this.createContribution(user, communityId, {
      type: 'View',
      title: input.title,
      ...(input.viewSetting ? { viewSetting: input.viewSetting } : {}),
    });
    const doc = await this.reader.view(reply.contribution._id);
    return toViewSummary(doc);
  }

  /** Deletes a view (managers or its authors): unregistered and inactive. */
  async deleteView(user: UserDocument, viewId: string): Promise<ViewSummary> {
    const access = await this.reader.viewAccess(user, viewId);
    if (!access.reader.grant.isManager && !access.isViewAuthor) throw new ForbiddenError(msg('canvasService.cannotDeleteView'));
    const metadata = this.metadata(user);
    const communityId = access.view.communityId;
    // Inactive and unregistered together (issue 22 §4).
    const { lastPosition } = await handleCommands(
      this.deps.eventStore,
      [
        streamCommand(contributionStreamName(viewId), batchDecider(contributionDecider), [
          { type: 'ChangeContributionStatus', data: { status: 'inactive' } },
        ]),
        streamCommand(communityStreamName(communityId), communityDecider, { type: 'UnregisterView', data: { viewId } }),
      ],
      { metadata },
    );
    await this.settle([lastPosition]);
    const doc = await this.reader.contributions.get(viewId);
    if (!doc) throw new NotFoundError(msg('canvas.viewNotFound'));
    return toViewSummary(doc);
  }

  /** Ancestors of a view through `contains` refs among views (to refuse cycles). */
  private async descendants(viewId: string): Promise<Set<string>> {
    const seen = new Set<string>([viewId]);
    let frontier = [viewId];
    while (frontier.length > 0) {
      const links = await this.reader.links.find({ from: { $in: frontier }, type: 'contains' });
      const childIds = [...new Set(links.map((link) => link.to))].filter((id) => !seen.has(id));
      const views = childIds.length > 0 ? await this.reader.contributions.find({ _id: { $in: childIds }, type: 'View' }) : [];
      frontier = views.map((view) => view._id);
      for (const id of frontier) seen.add(id);
    }
    return seen;
  }

  /** Re-parents a view (managers): its ref moves from `oldParentId` (every view when absent) to `parentId` (null: top level only). */
  async reparentView(
    user: UserDocument,
    viewId: string,
    input: { parentId: string | null; oldParentId?: string | null },
  ): Promise<ViewSummary> {
    const access = await this.reader.viewAccess(user, viewId);
    if (!access.reader.grant.isManager) throw new ForbiddenError(msg('community.managerOnly'));
    const communityId = access.view.communityId;
    let parent: ContributionDocument | null = null;
    if (input.parentId) {
      parent = await this.reader.view(input.parentId).catch(() => {
        throw ValidationError.field('parentId', msg('canvas.viewNotFound'));
      });
      if (parent.communityId !== communityId) throw ValidationError.field('parentId', msg('canvasService.otherCommunity'));
      if ((await this.descendants(viewId)).has(parent._id)) throw ValidationError.field('parentId', msg('canvasService.parentCycle'));
    }
    const refs = await this.reader.links.find({ to: viewId, type: 'contains' });
    const parentViews =
      refs.length > 0 ? await this.reader.contributions.find({ _id: { $in: refs.map((ref) => ref.from) }, type: 'View' }) : [];
    const parentIds = new Set(parentViews.map((view) => view._id));
    const moving = refs.filter(
      (ref) =>
        parentIds.has(ref.from) &&
        (input.oldParentId === undefined || input.oldParentId === null ? ref.from !== input.parentId : ref.from === input.oldParentId),
    );
    const metadata = this.metadata(user);
    // Removed from the old parents and placed in the new one in one atomic append (issue 22 §4).
    const contributions = batchDecider(contributionDecider);
    const parts: StreamCommand[] = [];
    const byView = new Map<string, LinkDocument[]>();
    for (const ref of moving) byView.set(ref.from, [...(byView.get(ref.from) ?? []), ref]);
    for (const [from, links] of byView) {
      parts.push(
        streamCommand(
          contributionStreamName(from),
          contributions,
          links.map((link): ContributionCommand => ({ type: 'DeleteLink', data: { linkId: link._id } })),
        ),
      );
    }
    if (parent && !refs.some((ref) => ref.from === parent._id)) {
      const spot = findFreeSpot((await this.refsOf(parent._id)).map(placed), defaultPosition);
      parts.push(
        streamCommand(contributionStreamName(parent._id), contributions, [
          { type: 'CreateLink', data: { linkId: this.deps.ids.next(), to: viewId, type: 'contains', data: spot } },
        ]),
      );
    }
    if (parts.length > 0) await this.settle([(await handleCommands(this.deps.eventStore, parts, { metadata })).lastPosition]);
    return toViewSummary(await this.reader.view(viewId));
  }

  /**
   * GET /api/communities/{communityId}/viewtree: the registered views the caller
   * may read at the top (those not inside another listed view), each with the
   * views its `contains` refs hold below it.
   */
  async viewTree(user: UserDocument, communityId: string): Promise<ViewTreeReply> {
    const reader = await this.reader.reader(user, communityId);
    const views = await this.reader.contributions.find({ communityId, type: 'View', status: 'active' });
    const members = await this.reader.groupMembers(views);
    const readable = new Map(
      views
        .filter((view) => canRead(reader.subject, accessObject(view, view.group ? (members.get(view.group) ?? []) : [])))
        .map((view) => [view._id, view]),
    );
    const edges = readable.size > 0 ? await this.reader.links.find({ from: { $in: [...readable.keys()] }, type: 'contains' }) : [];
    const children = new Map<string, string[]>();
    const hasParent = new Set<string>();
    for (const edge of edges.sort((a, b) => a.created.localeCompare(b.created))) {
      if (!readable.has(edge.to) || edge.to === edge.from) continue;
      const list = children.get(edge.from) ?? [];
      if (!list.includes(edge.to)) list.push(edge.to);
      children.set(edge.from, list);
      hasParent.add(edge.to);
    }
    const registered = reader.grant.community.views;
    const registeredSet = new Set(registered);
    const build = (id: string, path: Set<string>): ViewTreeNode | null => {
      const view = readable.get(id);
      if (!view) return null;
      const next = new Set(path).add(id);
      return {
        _id: id,
        title: view.title,
        permission: view.permission,
        registered: registeredSet.has(id),
        children: (children.get(id) ?? [])
          .filter((child) => !next.has(child))
          .map((child) => build(child, next))
          .filter((node): node is ViewTreeNode => node !== null),
      };
    };
    const roots = registered.filter((id) => readable.has(id) && !hasParent.has(id));
    // A registered view inside a cycle of views would otherwise vanish: list it at the top.
    const reachable = new Set<string>();
    const mark = (id: string) => {
      if (reachable.has(id)) return;
      reachable.add(id);
      for (const child of children.get(id) ?? []) mark(child);
    };
    roots.forEach(mark);
    for (const id of registered) {
      if (readable.has(id) && !reachable.has(id)) {
        roots.push(id);
        mark(id);
      }
    }
    return { nodes: roots.map((id) => build(id, new Set())).filter((node): node is ViewTreeNode => node !== null) };
  }

  /** POST /api/authors/{communityId}/me/workspace: the caller's private workspace view, created once. */
  async workspace(user: UserDocument, communityId: string): Promise<{ viewId: string; created: boolean }> {
    const me = await this.author(user, communityId);
    const author = me.grant.author;
    const existing = author?.workspaces[0];
    if (existing) {
      const view = await this.reader.contributions.get(existing);
      if (view && view.type === 'View' && view.status === 'active') return { viewId: existing, created: false };
    }
    const viewId = this.deps.ids.next();
    const metadata = this.metadata(user);
    const name = `${author?.firstName ?? ''} ${author?.lastName ?? ''}`.trim() || (author?.userName ?? user.userName);
    // The view and the author's pointer to it in one atomic append (issue 22 §4).
    const { lastPosition } = await handleCommands(
      this.deps.eventStore,
      [
        streamCommand(contributionStreamName(viewId), batchDecider(contributionDecider), [
          {
            type: 'CreateContribution',
            data: {
              contributionId: viewId,
              communityId,
              type: 'View',
              title: workspaceTitle(name, user.lang),
              status: 'active',
              permission: 'private',
              authors: [me.authorIdStrict],
              group: null,
              data: {},
            },
          },
        ]),
        streamCommand(authorStreamName(me.authorIdStrict), authorDecider, { type: 'SetAuthorWorkspace', data: { viewId } }),
      ],
      { metadata },
    );
    await this.settle([lastPosition]);
    return { viewId, created: true };
  }

  // ---- reads --------------------------------------------------------------------------------

  /** POST /api/records/read/{communityId}/{contributionId}: marks an active, readable contribution read. */
  async markRead(
    user: UserDocument,
    communityId: string,
    contributionId: string,
  ): Promise<{ contributionId: string; read: 'read'; at: string }> {
    const me = await this.author(user, communityId);
    const doc = await this.readable(me, contributionId, 'contributionId');
    if (doc.status !== 'active') throw ValidationError.field('contributionId', msg('canvasService.inactive'));
    const metadata = this.metadata(user);
    const event: ReadMarked = { type: 'ReadMarked', data: { authorId: me.authorIdStrict, communityId, contributionId } };
    // Reads have no rule to fold: appended without reading the (long) stream.
    const result = await this.deps.eventStore.append(readsStreamName(me.authorIdStrict), [{ ...event, metadata }], {
      expectedRevision: 'any',
    });
    await this.settle([result.lastPosition]);
    return { contributionId, read: 'read', at: metadata.at };
  }
}
