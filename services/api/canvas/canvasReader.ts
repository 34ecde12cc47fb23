import {
  defaultViewSetting,
  type Author,
  type ContextData,
  type ViewSetting,
  type ViewSummary,
} from '../../../contracts/api/communities.ts';
import type { ReadState, RefData, RefTarget, ViewCanvasReply, ViewLink, ViewRef } from '../../../contracts/api/views.ts';
import { isObjectId } from '../../../contracts/ids.ts';
import { titlesOf } from '../../../contracts/multilanguage.ts';
import { personName } from '../../../contracts/personName.ts';
import { canRead, canWrite, type AccessObject, type AccessSubject } from '../../../contracts/permissions.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import { readId, readsCollectionName, readState, type ReadDocument } from '../../../projections/reads/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { Collection, Document, ReadStore } from '../../core/readStore.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { lastNameFirstIn } from '../authors/nameOrder.ts';
import { authorIdFor } from '../communities/authorId.ts';
import { actingAuthor } from '../communities/authorReply.ts';
import { defaultContextData, toCommunityInfo } from '../communities/communityService.ts';
import { signedQuery } from '../objects/attachmentSignature.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/** A caller inside one community, as the access rule sees them. */
export type Reader = {
  user: UserDocument;
  grant: CommunityAccessGrant;
  /** The membership id (derived for an admin who is not a member): reads and "by me". */
  authorId: string;
  subject: AccessSubject;
  /** The community shows last names first (`flipname`). */
  lastNameFirst: boolean;
};

/** A view and what one reader may do with it. */
export type ViewAccess = {
  view: ContributionDocument;
  reader: Reader;
  viewGroupMembers: string[];
  editable: boolean;
  isViewAuthor: boolean;
  context: ContextData;
};

/** Ids per `$in` query of the embedded read store (see `linksFrom`). */
const inChunk = 32;
/** The title KF6 (and Buildon) give a rise-above's inner view. */
const riseaboveTitle = /^riseabove:([0-9a-f]{24})$/;

/** Link types drawn as arrows among refs. */
export const arrowLinkTypes = ['buildson', 'references'] as const;

export const membersOfGroup = (group: ContributionDocument | undefined | null): string[] =>
  group && Array.isArray(group.data.members) ? group.data.members.filter((m): m is string => typeof m === 'string') : [];

export const accessObject = (doc: ContributionDocument, groupMembers: readonly string[]): AccessObject => ({
  permission: doc.permission,
  authors: doc.authors,
  groupMembers,
});

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** A ref's stored data in the contract's shape (missing positions fall back to 100,100). */
export const toRefData = (data: Record<string, unknown>): RefData => {
  const out: RefData = { x: num(data.x) ?? 100, y: num(data.y) ?? 100 };
  const width = num(data.width);
  const height = num(data.height);
  if (width !== undefined && width >= 0 && width <= 5000) out.width = width;
  if (height !== undefined && height >= 0 && height <= 5000) out.height = height;
  for (const key of ['showInPlace', 'draggable', 'fixed', 'locked'] as const) {
    const value = bool(data[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
};

export const toViewSummary = (doc: ContributionDocument): ViewSummary => ({
  _id: doc._id,
  communityId: doc.communityId,
  title: doc.title,
  created: doc.created,
  modified: doc.modified,
  permission: doc.permission,
  status: doc.status,
});

/** An author's name as its community shows it. */
export const authorName = (author: AuthorDocument, lastNameFirst = false): string => personName(author, lastNameFirst);

/** Everything the `_to` of refs needs, fetched once for many refs (no request per ref). */
type Lookups = {
  targets: Map<string, ContributionDocument>;
  groups: Map<string, ContributionDocument>;
  authors: Map<string, AuthorDocument>;
  /** Support ids each note uses (its `supports` links), by note id. */
  supports: Map<string, string[]>;
};

/**
 * Read side of the canvas: the view gate, the one-request canvas load and
 * the per-reader `_to` of refs (also used by live push).
 */
export class CanvasReader {
  constructor(
    private readonly deps: {
      readStore: ReadStore;
      access: CommunityAccess;
      /**
       * Look documents up one id at a time instead of one `$in` query: right
       * for the embedded read store (a hash-map lookup each, where matching a
       * long `$in` list costs a comparison per listed id and document), wrong
       * for MongoDB (a round trip each).
       */
      pointLookups?: boolean;
      /**
       * The server's secret: images shown in place get a signed link (an
       * `<img>` cannot send a bearer token), as POST /api/attachments/{id}/playback gives.
       */
      secret?: string;
      /** Seconds since the epoch (tests fix it). */
      nowSeconds?: () => number;
    },
  ) {}

  /**
   * A signed link to an image version, valid 10 to 15 minutes: the expiry is
   * rounded up to 5 minutes so the link (and the browser's cached image) stays
   * the same across canvas reloads. Signed like ObjectService.playbackLink.
   */
  private signedImageUrl(url: string, id: string, version: number, userId: string): string {
    const secret = this.deps.secret;
    if (!secret) return url;
    const now = this.deps.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
    const expires = Math.ceil((now + 600) / 300) * 300;
    return `${url}${signedQuery(secret, id, version, expires, userId)}`;
  }

  /** The documents with these ids (missing ones left out), in one batch. */
  async byIds<T extends Document>(collection: Collection<T>, ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    if (!this.deps.pointLookups) return collection.find({ _id: { $in: [...ids] } });
    const docs = await Promise.all(ids.map((id) => collection.get(id)));
    return docs.filter((doc): doc is Awaited<T> => doc !== null);
  }

  /** Links of these types starting at any of `fromIds`, in one batch. */
  async linksFrom(fromIds: readonly string[], types: readonly string[]): Promise<LinkDocument[]> {
    if (fromIds.length === 0) return [];
    const wanted = new Set(types);
    if (!this.deps.pointLookups) return this.links.find({ from: { $in: [...fromIds] }, type: { $in: [...types] } });
    // Small `$in` chunks: each query has a fixed cost, and each candidate is compared with every listed id.
    const chunks: string[][] = [];
    for (let i = 0; i < fromIds.length; i += inChunk) chunks.push(fromIds.slice(i, i + inChunk));
    const found = await Promise.all(chunks.map((chunk) => this.links.find({ from: { $in: chunk } })));
    return found.flat().filter((link) => wanted.has(link.type));
  }

  /** The refs (contains links) of a view. */
  async refsOfView(viewId: string): Promise<LinkDocument[]> {
    return (await this.links.find({ from: viewId })).filter((link) => link.type === 'contains');
  }

  /** The reads of `authorId` among `contributionIds`, by contribution id. */
  async readsOf(authorId: string, contributionIds: readonly string[]): Promise<Map<string, ReadDocument>> {
    const docs = await this.byIds(
      this.reads,
      contributionIds.map((id) => readId(authorId, id)),
    );
    return new Map(docs.map((doc) => [doc.contributionId, doc]));
  }

  get contributions() {
    return this.deps.readStore.collection<ContributionDocument>(contributionsCollectionName);
  }
  get links() {
    return this.deps.readStore.collection<LinkDocument>(linksCollectionName);
  }
  get authors() {
    return this.deps.readStore.collection<AuthorDocument>(authorsCollectionName);
  }
  get reads() {
    return this.deps.readStore.collection<ReadDocument>(readsCollectionName);
  }

  /** The caller in a community: 403 when not a member in good standing (admins pass). */
  async reader(user: UserDocument, communityId: string): Promise<Reader> {
    const grant = await this.deps.access.member(user, communityId);
    return {
      user,
      grant,
      authorId: grant.author?._id ?? authorIdFor(communityId, user._id),
      subject: { authorId: grant.author?._id ?? null, isManager: grant.isManager },
      lastNameFirst: await lastNameFirstIn(this.deps.readStore, grant.community),
    };
  }

  /** Group members by group id, for the groups of these documents. */
  async groupMembers(docs: readonly ContributionDocument[]): Promise<Map<string, string[]>> {
    const ids = [...new Set(docs.map((doc) => doc.group).filter((id): id is string => typeof id === 'string'))];
    if (ids.length === 0) return new Map();
    const groups = await this.byIds(this.contributions, ids);
    return new Map(groups.map((group) => [group._id, membersOfGroup(group)]));
  }

  async membersOf(doc: ContributionDocument): Promise<string[]> {
    return doc.group ? membersOfGroup(await this.contributions.get(doc.group)) : [];
  }

  /** A view by id: 404 'view not found.' unless it is an active view of a community. */
  async view(viewId: string): Promise<ContributionDocument> {
    const view = await this.contributions.get(viewId);
    if (!view || view.type !== 'View' || view.status !== 'active') throw new NotFoundError(msg('canvas.viewNotFound'));
    return view;
  }

  /** The root context's settings, completed with the defaults. */
  async context(reader: Reader): Promise<ContextData> {
    const context = await this.contributions.get(reader.grant.community.rootContextId);
    return { ...defaultContextData(), ...((context?.data ?? {}) as Partial<ContextData>) };
  }

  /**
   * The gate of every canvas read and write: a member of the view's community
   * who may read the view (403 otherwise; 404 for unknown views).
   */
  async viewAccess(user: UserDocument, viewId: string): Promise<ViewAccess> {
    const view = await this.view(viewId);
    let reader: Reader;
    try {
      reader = await this.reader(user, view.communityId);
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(msg('canvas.viewNotFound'));
      throw error;
    }
    const viewGroupMembers = await this.membersOf(view);
    const object = accessObject(view, viewGroupMembers);
    if (!canRead(reader.subject, object)) throw new ForbiddenError();
    return {
      view,
      reader,
      viewGroupMembers,
      editable: canWrite(reader.subject, object),
      isViewAuthor: reader.subject.authorId !== null && view.authors.includes(reader.subject.authorId),
      context: await this.context(reader),
    };
  }

  /**
   * `outLinks`: the build-on, reference and supports links starting at the
   * targets, when the caller already has them (the canvas load fetches them
   * once for the supports and the arrows).
   */
  private async lookups(links: readonly LinkDocument[], outLinks?: readonly LinkDocument[]): Promise<Lookups> {
    const targetIds = [...new Set(links.map((link) => link.to))];
    const targetDocs = await this.byIds(this.contributions, targetIds);
    const targets = new Map(targetDocs.map((doc) => [doc._id, doc]));
    const groupIds = [...new Set(targetDocs.map((doc) => doc.group).filter((id): id is string => typeof id === 'string'))];
    const authorIds = [...new Set(targetDocs.flatMap((doc) => doc.authors))];
    const noteIds = targetDocs.filter((doc) => doc.type === 'Note').map((doc) => doc._id);
    const [groupDocs, authorDocs, supportLinks] = await Promise.all([
      this.byIds(this.contributions, groupIds),
      this.byIds(this.authors, authorIds),
      outLinks ? outLinks.filter((link) => link.type === 'supports') : this.linksFrom(noteIds, ['supports']),
    ]);
    const supports = new Map<string, string[]>();
    for (const link of supportLinks) {
      const list = supports.get(link.from);
      if (!list) supports.set(link.from, [link.to]);
      else if (!list.includes(link.to)) list.push(link.to);
    }
    return {
      targets,
      groups: new Map(groupDocs.map((doc) => [doc._id, doc])),
      authors: new Map(authorDocs.map((doc) => [doc._id, doc])),
      supports,
    };
  }

  /** Whether `reader` sees `target` on a canvas: active and readable. */
  private visible(reader: Reader, target: ContributionDocument | undefined, lookups: Lookups): target is ContributionDocument {
    if (!target || target.status !== 'active' || target.communityId !== reader.grant.community._id) return false;
    const members = target.group ? membersOfGroup(lookups.groups.get(target.group)) : [];
    return canRead(reader.subject, accessObject(target, members));
  }

  private toTarget(reader: Reader, target: ContributionDocument, lookups: Lookups, read: ReadState): RefTarget {
    const data = target.data;
    const group = target.group ? lookups.groups.get(target.group) : undefined;
    const riseabove = data.riseabove as { viewId?: unknown } | undefined;
    const out: RefTarget = {
      _id: target._id,
      type: target.type,
      title: target.title,
      status: target.status,
      permission: target.permission,
      authors: [...target.authors],
      authorNames: target.authors.map((id) => {
        const author = lookups.authors.get(id);
        return author ? authorName(author, reader.lastNameFirst) : '';
      }),
      group: target.group,
      groupTitle: group ? group.title : null,
      created: target.created,
      modified: target.modified,
      langInNote: strings((target as { langInNote?: unknown }).langInNote ?? data.langInNote),
      read,
      byMe: target.authors.includes(reader.authorId),
      favourite: strings(data.favAuthors).includes(reader.user._id),
      riseaboveViewId: riseabove && isObjectId(riseabove.viewId) ? riseabove.viewId : null,
      promising: Boolean(data.promisingContains),
    };
    const supports = lookups.supports.get(target._id);
    if (supports) out.supports = supports;
    if (out.langInNote.length > 0) out.titles = titlesOf({ langInNote: out.langInNote, data });
    if (target.type === 'Drawing' && typeof data.svg === 'string') out.svg = data.svg;
    if (target.type === 'Attachment' && typeof data.url === 'string') {
      const mime = typeof data.type === 'string' ? data.type : 'application/octet-stream';
      const version = num(data.version);
      const url =
        mime.startsWith('image/') && version !== undefined ? this.signedImageUrl(data.url, target._id, version, reader.user._id) : data.url;
      out.attachment = { url, mime };
      const width = num(data.width);
      const height = num(data.height);
      if (width !== undefined) out.attachment.width = width;
      if (height !== undefined) out.attachment.height = height;
    }
    return out;
  }

  /**
   * The refs among `links` (contains links of views) that each reader may see,
   * with their `_to` computed for that reader. One batch of lookups for all.
   */
  async refsFor(readers: readonly Reader[], links: readonly LinkDocument[], outLinks?: readonly LinkDocument[]): Promise<ViewRef[][]> {
    if (links.length === 0 || readers.length === 0) return readers.map(() => []);
    const lookups = await this.lookups(links, outLinks);
    return Promise.all(
      readers.map(async (reader) => {
        const visibleLinks = links.filter((link) => this.visible(reader, lookups.targets.get(link.to), lookups));
        const reads = await this.readsOf(reader.authorId, [...new Set(visibleLinks.map((link) => link.to))]);
        return visibleLinks.map((link) => {
          const target = lookups.targets.get(link.to) as ContributionDocument;
          return {
            _id: link._id,
            viewId: link.from,
            to: link.to,
            data: toRefData(link.data),
            created: link.created,
            modified: link.modified,
            _to: this.toTarget(reader, target, lookups, readState(reads.get(target._id), target.modified)),
          };
        });
      }),
    );
  }

  /** Build-on and reference links whose both ends are among `contributionIds`. */
  async arrowsAmong(contributionIds: readonly string[], outLinks?: readonly LinkDocument[]): Promise<ViewLink[]> {
    if (contributionIds.length === 0) return [];
    const ids = new Set(contributionIds);
    const arrowTypes: readonly string[] = arrowLinkTypes;
    const found = outLinks
      ? outLinks.filter((link) => arrowTypes.includes(link.type) && ids.has(link.from))
      : await this.linksFrom([...ids], arrowLinkTypes);
    return found.filter((link) => ids.has(link.to)).map((link) => ({ _id: link._id, from: link.from, to: link.to, type: link.type }));
  }

  /** The caller's membership as the canvas shows it (an admin who is not a member acts as a manager). */
  me(reader: Reader): Author {
    return actingAuthor(reader.grant, reader.user);
  }

  /** GET /api/views/{viewId}/canvas: everything the canvas draws, in one request. */
  async canvas(user: UserDocument, viewId: string): Promise<ViewCanvasReply> {
    const access = await this.viewAccess(user, viewId);
    const { view, reader, context } = access;
    const contains = await this.refsOfView(viewId);
    // One pass over the links leaving the placed contributions: supports (filter panel) and arrows.
    const outLinks = await this.linksFrom([...new Set(contains.map((ref) => ref.to))], [...arrowLinkTypes, 'supports']);
    const [refs = []] = await this.refsFor([reader], contains, outLinks);
    const links = await this.arrowsAmong([...new Set(refs.map((ref) => ref.to))], outLinks);
    const { viewSetting, saved } = this.viewSettingOf(view, context);
    const riseabove = await this.riseaboveNoteOf(reader, view);
    return {
      view: toViewSummary(view),
      ...(riseabove ? { riseabove } : {}),
      community: toCommunityInfo(reader.grant.community),
      me: this.me(reader),
      editable: access.editable,
      viewSetting,
      viewSettingSaved: saved,
      mayChangeViewSetting: this.mayChangeViewSetting(access),
      context,
      refs,
      links,
    };
  }

  /**
   * The rise-above note whose inner view this is (KF6 titles inner views
   * `riseabove:<noteId>`), when the reader may read that note: its window and
   * title bar show the note's title instead of the raw KF6 title.
   */
  async riseaboveNoteOf(reader: Reader, view: ContributionDocument): Promise<{ noteId: string; title: string } | null> {
    const noteId = riseaboveTitle.exec(view.title)?.[1];
    if (!noteId) return null;
    const note = await this.contributions.get(noteId);
    if (!note || note.communityId !== view.communityId || note.status !== 'active') return null;
    if (!canRead(reader.subject, accessObject(note, await this.membersOf(note)))) return null;
    return { noteId, title: note.title };
  }

  /** The effective setting of a view (view > context > default) and the view's own, if any. */
  viewSettingOf(view: ContributionDocument, context: ContextData): { viewSetting: ViewSetting; saved: ViewSetting | null } {
    const own = view.data.viewSetting as Partial<ViewSetting> | null | undefined;
    const saved = own && typeof own === 'object' ? { ...defaultViewSetting, ...context.viewSetting, ...own } : null;
    return { viewSetting: saved ?? { ...defaultViewSetting, ...context.viewSetting }, saved };
  }

  /** Managers (and admins) and the view's authors may save its setting for everyone. */
  mayChangeViewSetting(access: ViewAccess): boolean {
    return access.reader.grant.isManager || access.isViewAuthor;
  }
}
