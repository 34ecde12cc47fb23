import type { ContextData } from '../../../contracts/api/communities.ts';
import { contextSettingsOf } from '../../../contracts/contributionData.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import { promisingIdeasCollectionName, type PromisingIdeaDocument } from '../../../projections/promisingIdeas/index.ts';
import { readId, readsCollectionName, type ReadDocument } from '../../../projections/reads/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { Collection, Document, ReadStore } from '../../core/readStore.ts';
import { accessObject, membersOfGroup, type AccessSubject } from '../../domain/access/permissions.ts';
import { viewRights } from '../../domain/access/viewRights.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { authorIdFor } from '../communities/authorId.ts';
import { completeContextData } from '../../domain/community/settings.ts';
import { signedQuery } from '../objects/attachmentSignature.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { personName } from '../../../contracts/personName.ts';

// Kept importable from here for the services that read through CanvasReader (search, templates, annotations).
export { accessObject, membersOfGroup } from '../../domain/access/permissions.ts';
export { arrowLinkTypes } from '../../domain/links/linkRules.ts';
export { toRefData } from '../../domain/view/refData.ts';

/** A caller inside one community, as the access rule sees them. */
export type Reader = {
  user: UserDocument;
  grant: CommunityAccessGrant;
  /** The membership id (derived for an admin who is not a member): reads and "by me". */
  authorId: string;
  subject: AccessSubject;
  /** The community shows last names first (`flipname`). */
  lastNameFirst: boolean;
  /** The root context's settings, completed with the defaults: read once per request, with the grant. */
  context: ContextData;
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

/** An author's name as its community shows it. */
export const authorName = (author: AuthorDocument, lastNameFirst = false): string => personName(author, lastNameFirst);

export type CanvasReaderDeps = {
  readStore: ReadStore;
  access: CommunityAccess;
  /**
   * Look documents up one id at a time instead of one `$in` query: right for
   * the embedded read store (a hash-map lookup each, where matching a long
   * `$in` list costs a comparison per listed id and document), wrong for
   * MongoDB (a round trip each).
   */
  pointLookups?: boolean;
  /**
   * The server's secret: images shown in place get a signed link (an `<img>`
   * cannot send a bearer token), as POST /api/attachments/{id}/playback gives.
   */
  secret?: string;
  /** Seconds since the epoch (tests fix it). */
  nowSeconds?: () => number;
};

/**
 * The canvas's loading helpers: the view gate (`viewAccess`), the caller in a
 * community (`reader`) and batched lookups in the read models. The queries
 * (canvas/queries/) and commands (canvas/commands/) load through it; so do
 * live push, search and templates.
 */
export class CanvasReader {
  constructor(private readonly deps: CanvasReaderDeps) {}

  /**
   * A signed link to an image version, valid 10 to 15 minutes: the expiry is
   * rounded up to 5 minutes so the link (and the browser's cached image) stays
   * the same across canvas reloads. Signed like the playback link of objects.
   */
  signedImageUrl(url: string, id: string, version: number, userId: string): string {
    const secret = this.deps.secret;
    if (!secret) return url;
    return `${url}${signedQuery(secret, id, version, this.imageLinkExpiry(), userId)}`;
  }

  /** The expiry (seconds since the epoch) of the image links signed now: a canvas reply is the same until it moves. */
  imageLinkExpiry(): number {
    const now = this.deps.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
    return Math.ceil((now + 600) / 300) * 300;
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
    if (!this.deps.pointLookups) return this.links.find({ from: { $in: [...fromIds] }, type: { $in: [...types] } });
    // Embedded: `{from: $in}` alone is answered by the `from` index with no test of each link; the type is checked here.
    const wanted = new Set(types);
    return (await this.links.find({ from: { $in: [...fromIds] } })).filter((link) => wanted.has(link.type));
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

  /** Which of `noteIds` hold an active promising idea (issue 14 §3: the canvas marks them), in one indexed query. */
  async promisingHolders(noteIds: readonly string[]): Promise<Set<string>> {
    if (noteIds.length === 0) return new Set();
    const ideas = this.deps.readStore.collection<PromisingIdeaDocument>(promisingIdeasCollectionName);
    return new Set((await ideas.find({ noteId: { $in: [...noteIds] } })).map((idea) => idea.noteId));
  }

  /** The caller in a community: 403 when not a member in good standing (admins pass). */
  async reader(user: UserDocument, communityId: string): Promise<Reader> {
    const grant = await this.deps.access.member(user, communityId);
    return this.#readerOf(user, grant, await this.contributions.get(grant.community.rootContextId));
  }

  /**
   * The readers of one community for several users (a view's subscribers, at
   * each live change): its settings are read once for all of them. Each
   * answer is a reader, or why that user is no longer one.
   */
  async readers(users: readonly UserDocument[], communityId: string): Promise<PromiseSettledResult<Reader>[]> {
    let settings: Promise<ContributionDocument | null> | undefined;
    return Promise.allSettled(
      users.map(async (user) => {
        const grant = await this.deps.access.member(user, communityId);
        settings ??= this.contributions.get(grant.community.rootContextId);
        return this.#readerOf(user, grant, await settings);
      }),
    );
  }

  #readerOf(user: UserDocument, grant: CommunityAccessGrant, stored: ContributionDocument | null): Reader {
    return {
      user,
      grant,
      authorId: grant.author?._id ?? authorIdFor(grant.community._id, user._id),
      subject: { authorId: grant.author?._id ?? null, isManager: grant.isManager },
      lastNameFirst: contextSettingsOf(stored)?.flipname === true,
      context: completeContextData(contextSettingsOf(stored)),
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
    const rights = viewRights(reader.subject, view, accessObject(view, viewGroupMembers));
    if (!rights.readable) throw new ForbiddenError();
    return {
      view,
      reader,
      viewGroupMembers,
      editable: rights.editable,
      isViewAuthor: rights.isViewAuthor,
      context: reader.context,
    };
  }
}
