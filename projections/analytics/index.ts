import type { AuthorEvent } from '../../contracts/events/author.ts';
import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { ReadEvent } from '../../contracts/events/read.ts';
import { evolveDocument, type Projection, type ProjectionContext } from '../../services/core/projection.ts';
import type { Collection } from '../../services/core/readStore.ts';
import {
  analyticsBuildOnGraphCollectionName,
  analyticsDailyCollectionName,
  analyticsHeadsCollectionName,
  analyticsItemsCollectionName,
  analyticsLinksCollectionName,
  analyticsMembersCollectionName,
  analyticsReadGraphCollectionName,
  analyticsRecordsCollectionName,
  dailyId,
  edgeId,
  memberId,
  type ActionCounts,
  type AnalyticsAction,
  type AnalyticsDailyDocument,
  type AnalyticsEdgeDocument,
  type AnalyticsHeadDocument,
  type AnalyticsItemDocument,
  type AnalyticsLinkDocument,
  type AnalyticsMemberDocument,
} from './documents.ts';
import { foldRecord } from './records.ts';
import { supportsInBody } from './supports.ts';

export * from './documents.ts';
export { supportsInBody } from './supports.ts';

type AnyEvent = RecordedEvent<ContributionEvent | AuthorEvent | ReadEvent>;

/** Changes of a contribution that count as "modified" (favourites, comments and settings do not). */
const modifyingEvents = [
  'NoteContributed',
  'NoteSaved',
  'DrawingSaved',
  'AttachmentUploaded',
  'ContributionRetitled',
  'ContributionStatusChanged',
  'PermissionChanged',
  'CoauthorAdded',
  'CoauthorRemoved',
  'ContributionDescribed',
  'AnnotationEdited',
] as const;
type ModifyingEvent = Extract<ContributionEvent, { type: (typeof modifyingEvents)[number] }>;

/** Events that may make a contribution active or inactive, private or not: its build-ons may start or stop counting. */
const statusEvents = new Set(['NoteContributed', 'DrawingSaved', 'AttachmentUploaded', 'ContributionStatusChanged', 'PermissionChanged']);

/**
 * Whether activity on `item` counts: never on a private one (as the original,
 * whose analytics only read public and protected contributions). Decided when
 * the event happens: what was done while a note was private stays uncounted.
 */
const isShared = (item: { permission: string }): boolean => item.permission !== 'private';

/** The UTC date of an instant. */
export const utcDay = (at: string): string => {
  if (/^\d{4}-\d{2}-\d{2}T.*Z$/.test(at)) return at.slice(0, 10);
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at.slice(0, 10) : date.toISOString().slice(0, 10);
};

const bump = (counts: ActionCounts | undefined, action: AnalyticsAction): ActionCounts => ({
  ...counts,
  [action]: (counts?.[action] ?? 0) + 1,
});

/** The item after a modifying event (null: unchanged). */
const evolveItem = (item: AnalyticsItemDocument, event: RecordedEvent<ModifyingEvent>): Omit<AnalyticsItemDocument, '_position'> => {
  const position = event.globalPosition;
  const activate = (active: boolean) =>
    active
      ? { status: 'active' as const, activatedAt: item.activatedAt ?? position }
      : { status: item.status, activatedAt: item.activatedAt };
  switch (event.type) {
    case 'NoteContributed':
      return { ...item, ...activate(true), supports: supportsInBody(event.data.body) };
    case 'NoteSaved':
      return { ...item, supports: supportsInBody(event.data.body) };
    case 'DrawingSaved':
    case 'AttachmentUploaded':
      return { ...item, ...activate(event.data.contributed) };
    case 'ContributionStatusChanged':
      return event.data.status === 'active' ? { ...item, ...activate(true) } : { ...item, status: event.data.status };
    case 'PermissionChanged':
      return { ...item, permission: event.data.permission, group: event.data.group };
    case 'CoauthorAdded':
      return item.authors.includes(event.data.authorId) ? item : { ...item, authors: [...item.authors, event.data.authorId] };
    case 'CoauthorRemoved':
      return { ...item, authors: item.authors.filter((a) => a !== event.data.authorId) };
    default:
      return item;
  }
};

class Folder {
  /** The community whose analytics this event changed (its head moves to the event). */
  touched: string | null = null;

  constructor(
    private readonly context: ProjectionContext,
    private readonly event: AnyEvent,
  ) {}

  private get at(): string {
    return this.event.metadata.at;
  }

  items(): Collection<AnalyticsItemDocument> {
    return this.context.collection<AnalyticsItemDocument>(analyticsItemsCollectionName);
  }

  links(): Collection<AnalyticsLinkDocument> {
    return this.context.collection<AnalyticsLinkDocument>(analyticsLinksCollectionName);
  }

  /** The author behind the event in `communityId`: its actor's membership, or `fallback` for system events. */
  async actorAuthor(communityId: string, fallback: string | undefined): Promise<string | null> {
    const userId = this.event.metadata.actorId;
    if (!userId) return fallback ?? null;
    const member = await this.context
      .collection<AnalyticsMemberDocument>(analyticsMembersCollectionName)
      .get(memberId(communityId, userId));
    return member?.authorId ?? null;
  }

  /**
   * Counts one action of `authorId` today, on `contribution` (its id and type), in `views`:
   * in the author's daily document and in the record table's (records.ts).
   */
  async count(
    communityId: string,
    authorId: string | null,
    action: AnalyticsAction,
    contribution: { id: string; type: string },
    views: readonly string[],
  ): Promise<void> {
    const { type } = contribution;
    this.touched = communityId;
    if (!authorId) return;
    const day = utcDay(this.at);
    const id = dailyId(communityId, day, authorId);
    await evolveDocument(this.context.collection<AnalyticsDailyDocument>(analyticsDailyCollectionName), id, this.event, (current) => {
      const byView = { ...current?.byView };
      for (const view of new Set(views)) byView[view] = bump(byView[view], action);
      return {
        _id: id,
        communityId,
        day,
        authorId,
        byType: { ...current?.byType, [type]: bump(current?.byType[type], action) },
        byView,
      };
    });
    await foldRecord(this.context, this.event, { communityId, day, authorId, contributionId: contribution.id, action, views });
  }

  /** Adds `delta` to the edge `from → to` of a graph (deleted at zero). */
  async edge(collection: string, communityId: string, from: string, to: string, delta: number): Promise<void> {
    this.touched = communityId;
    const id = edgeId(communityId, from, to);
    await evolveDocument(this.context.collection<AnalyticsEdgeDocument>(collection), id, this.event, (current) => {
      const count = (current?.count ?? 0) + delta;
      return count > 0 ? { _id: id, communityId, from, to, count } : null;
    });
  }

  /**
   * Makes these build-ons count in the build-on graph exactly while both
   * their notes are active. Several links may move one edge in one event:
   * their changes are summed first (an edge takes one change per event).
   */
  async settleBuildOns(linkIds: readonly string[], communityId: string): Promise<void> {
    const deltas = new Map<string, { a: string; b: string; delta: number }>();
    const add = (pairs: readonly [string, string][], delta: number) => {
      for (const [a, b] of pairs) {
        const entry = deltas.get(`${a}:${b}`) ?? { a, b, delta: 0 };
        entry.delta += delta;
        deltas.set(`${a}:${b}`, entry);
      }
    };
    for (const linkId of new Set(linkIds)) {
      const link = await this.links().get(linkId);
      if (!link || link.type !== 'buildson') continue;
      if (link._position > this.event.globalPosition) continue;
      const [source, target] = await Promise.all([this.items().get(link.from), this.items().get(link.to)]);
      const active = source?.status === 'active' && target?.status === 'active' && isShared(source) && isShared(target);
      if (active === link.counted) continue;
      const pairs = new Map<string, [string, string]>();
      if (active) for (const a of source.authors) for (const b of target.authors) pairs.set(`${a}:${b}`, [a, b]);
      add(link.counted ? link.pairs : [...pairs.values()], active ? 1 : -1);
      await this.links().put({ ...link, counted: active, pairs: [...pairs.values()], _position: this.event.globalPosition });
    }
    for (const { a, b, delta } of deltas.values()) {
      if (delta !== 0) await this.edge(analyticsBuildOnGraphCollectionName, communityId, a, b, delta);
    }
  }

  /**
   * Folds the event into the item and tells whether this event made it a
   * contribution (its first activation). Replays find the item already
   * folded and read the answer from `activatedAt`.
   */
  async changeItem(
    id: string,
    change: (item: AnalyticsItemDocument) => Omit<AnalyticsItemDocument, '_position'>,
  ): Promise<{ before: AnalyticsItemDocument; after: Omit<AnalyticsItemDocument, '_position'>; activated: boolean } | null> {
    const before = await this.items().get(id);
    if (!before) return null;
    const replay = before._position >= this.event.globalPosition;
    const after = replay ? before : change(before);
    if (!replay && after !== before) await this.items().put({ ...after, _position: this.event.globalPosition });
    const activated = after.activatedAt === this.event.globalPosition;
    return { before: replay && activated ? { ...before, status: 'unsaved' } : before, after, activated };
  }
}

const applyCreated = async (f: Folder, event: RecordedEvent<Extract<ContributionEvent, { type: 'ContributionCreated' }>>) => {
  const { contributionId, communityId, type, status, permission, authors, group } = event.data;
  f.touched = communityId;
  const active = status === 'active';
  const body = type === 'Note' ? (event.data.data as { body?: unknown }).body : undefined;
  await evolveDocument(f.items(), contributionId, event, () => ({
    _id: contributionId,
    communityId,
    type,
    status,
    permission,
    authors: [...authors],
    group,
    created: event.metadata.at,
    activatedAt: active ? event.globalPosition : null,
    views: [],
    supports: body ? supportsInBody(body) : {},
    buildOns: [],
  }));
  if (active && permission !== 'private') {
    await f.count(communityId, await f.actorAuthor(communityId, authors[0]), 'created', { id: contributionId, type }, []);
  }
};

const applyModified = async (f: Folder, event: RecordedEvent<ModifyingEvent>) => {
  const changed = await f.changeItem(event.data.contributionId, (item) => evolveItem(item, event));
  if (!changed) return;
  const { before, after, activated } = changed;
  f.touched = after.communityId;
  if (statusEvents.has(event.type)) await f.settleBuildOns(after.buildOns, after.communityId);
  if ((before.status !== 'active' && after.status !== 'active') || !isShared(after)) return;
  const author = await f.actorAuthor(after.communityId, after.authors[0]);
  await f.count(after.communityId, author, activated ? 'created' : 'modified', { id: after._id, type: after.type }, after.views);
};

const applyLink = async (f: Folder, event: RecordedEvent<Extract<ContributionEvent, { type: `Link${string}` }>>) => {
  if (event.type === 'LinkCreated') {
    const { linkId, communityId, from, to, type } = event.data;
    f.touched = communityId;
    if (type === 'contains') {
      await f.changeItem(to, (item) => (item.views.includes(from) ? item : { ...item, views: [...item.views, from] }));
      await evolveDocument(f.links(), linkId, event, () => ({ _id: linkId, communityId, type, from, to, pairs: [], counted: false }));
    } else if (type === 'buildson') {
      for (const end of new Set([from, to])) {
        await f.changeItem(end, (item) => (item.buildOns.includes(linkId) ? item : { ...item, buildOns: [...item.buildOns, linkId] }));
      }
      await evolveDocument(
        f.links(),
        linkId,
        event,
        (current) => current ?? { _id: linkId, communityId, type, from, to, pairs: [], counted: false },
      );
      await f.settleBuildOns([linkId], communityId);
    }
    return;
  }
  const link = await f.links().get(event.data.linkId);
  if (!link) return;
  f.touched = link.communityId;
  if (event.type === 'LinkUpdated') {
    // A move of a ref: the view is modified (KF6 writes a `modified` record on the view).
    if (link.type !== 'contains') return;
    const view = await f.items().get(link.from);
    if (!view || !isShared(view)) return;
    await f.count(link.communityId, await f.actorAuthor(link.communityId, undefined), 'modified', { id: view._id, type: view.type }, [
      link.from,
    ]);
    return;
  }
  if (link.type === 'contains') {
    await f.changeItem(link.to, (item) => ({ ...item, views: item.views.filter((v) => v !== link.from) }));
  } else {
    for (const [a, b] of link.pairs) await f.edge(analyticsBuildOnGraphCollectionName, link.communityId, a, b, -1);
    for (const end of new Set([link.from, link.to])) {
      await f.changeItem(end, (item) => ({ ...item, buildOns: item.buildOns.filter((id) => id !== link._id) }));
    }
  }
  await f.links().delete(link._id);
};

const applyRead = async (f: Folder, event: RecordedEvent<ReadEvent>) => {
  const { authorId, communityId, contributionId } = event.data;
  f.touched = communityId;
  const item = await f.items().get(contributionId);
  if (!item || !isShared(item)) return;
  await f.count(communityId, authorId, 'read', { id: item._id, type: item.type }, item.views);
  const author = item.authors[0];
  if (author) await f.edge(analyticsReadGraphCollectionName, communityId, authorId, author, 1);
};

const applyEvent = async (f: Folder, e: AnyEvent, context: ProjectionContext): Promise<void> => {
  switch (e.type) {
    case 'AuthorJoined': {
      const { authorId, communityId, userId } = e.data;
      f.touched = communityId;
      const id = memberId(communityId, userId);
      await evolveDocument(context.collection<AnalyticsMemberDocument>(analyticsMembersCollectionName), id, e, () => ({
        _id: id,
        communityId,
        userId,
        authorId,
      }));
      return;
    }
    case 'ContributionCreated':
      return applyCreated(f, e);
    case 'ReadMarked':
      return applyRead(f, e);
    case 'LinkCreated':
    case 'LinkUpdated':
    case 'LinkDeleted':
      return applyLink(f, e);
    default:
      if ((modifyingEvents as readonly string[]).includes(e.type)) return applyModified(f, e as RecordedEvent<ModifyingEvent>);
  }
};

/**
 * Analytics read models (issue 12, fact sheet §7): per community, day and
 * author the contributions created, modified and read (by type and by view);
 * the reads graph (reader → first author of what was read); the build-on graph
 * (building author → built-on author, one per pair); the record table (per
 * day, author, contribution and action, records.ts); none of it on private
 * contributions; each contribution's
 * placements and the scaffold supports its body uses. Pages read these and
 * never fold the whole log.
 */
export const analyticsProjection: Projection = {
  name: 'analytics',
  // 3: activity on private contributions is not counted. 4: the record table (analyticsrecords).
  version: 4,
  collections: [
    { name: analyticsItemsCollectionName, indexes: [['communityId'], ['communityId', 'type']] },
    { name: analyticsLinksCollectionName, indexes: [['communityId']] },
    { name: analyticsMembersCollectionName, indexes: [['communityId']] },
    { name: analyticsDailyCollectionName, indexes: [['communityId'], ['communityId', 'day']] },
    { name: analyticsRecordsCollectionName, indexes: [['communityId', 'day']] },
    { name: analyticsReadGraphCollectionName, indexes: [['communityId']] },
    { name: analyticsBuildOnGraphCollectionName, indexes: [['communityId']] },
    { name: analyticsHeadsCollectionName, indexes: [['position']] },
  ],
  handles: ['AuthorJoined', 'ContributionCreated', 'LinkCreated', 'LinkUpdated', 'LinkDeleted', 'ReadMarked', ...modifyingEvents],
  apply: async (event, context) => {
    const f = new Folder(context, event as AnyEvent);
    await applyEvent(f, event as AnyEvent, context);
    const communityId = f.touched;
    if (!communityId) return;
    await evolveDocument(context.collection<AnalyticsHeadDocument>(analyticsHeadsCollectionName), communityId, event, () => ({
      _id: communityId,
      communityId,
      position: event.globalPosition,
      at: event.metadata.at,
    }));
  },
};
