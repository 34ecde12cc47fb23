import type { CommunityRole } from '../../../contracts/events/author.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { authorIdFor } from './authorId.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { communitiesCollectionName, type CommunityDocument } from '../../../projections/communities/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { mayWriteInCommunity, seesAsManager } from '../../domain/access/researcher.ts';

/**
 * Who the caller is in one community. Admins always pass and count as managers
 * (`author` is null when an admin is not a member).
 */
export type CommunityAccessGrant = {
  community: CommunityDocument;
  author: AuthorDocument | null;
  role: CommunityRole | 'admin';
  isAdmin: boolean;
  /** Manager of this community, or admin. */
  isManager: boolean;
};

/**
 * The server-side gate of every community-scoped route (spec part 1 §6). The
 * original checked most of these rules in the browser only (fact sheet §12).
 *
 * - anonymous callers never get here (routes use `app.authenticate` first);
 * - a non-member gets 403, an unknown community 404;
 * - an archived community is closed to everyone but admins;
 * - a writer whose login is blocked in this community gets 403 on everything in it;
 * - a researcher reads as a manager and gets 403 on every write (`community.researcherReadOnly`).
 */
export class CommunityAccess {
  /**
   * `inWriteRequest` says whether the running request may change something (services/app/requestContext.ts):
   * researchers are refused those (issue 24 §5). Without it (CLI, workers) nothing is a write request.
   */
  constructor(
    private readonly readStore: ReadStore,
    private readonly inWriteRequest: () => boolean = () => false,
  ) {}

  private get communities() {
    return this.readStore.collection<CommunityDocument>(communitiesCollectionName);
  }

  private get authors() {
    return this.readStore.collection<AuthorDocument>(authorsCollectionName);
  }

  async community(communityId: string): Promise<CommunityDocument> {
    const community = await this.communities.get(communityId);
    if (!community) throw new NotFoundError(msg('errors.communityNotFound'));
    return community;
  }

  /** The caller's membership, whatever its state (null when not a member). */
  async membership(user: UserDocument, communityId: string): Promise<AuthorDocument | null> {
    return this.authors.get(authorIdFor(communityId, user._id));
  }

  /** Any member in good standing (or an admin). */
  async member(user: UserDocument, communityId: string): Promise<CommunityAccessGrant> {
    const community = await this.community(communityId);
    const author = await this.membership(user, communityId);
    const isAdmin = user.role === 'admin';
    if (isAdmin) return { community, author, role: 'admin', isAdmin, isManager: true };
    if (!author) throw new ForbiddenError(msg('community.notMember'));
    if (community.archived) throw new ForbiddenError(msg('community.archived'));
    if (author.blockLogin) throw new ForbiddenError(msg('community.blocked'));
    // A researcher reads as a manager does and changes nothing (services/domain/access/researcher.ts).
    if (!mayWriteInCommunity(author.role) && this.inWriteRequest()) throw new ForbiddenError(msg('community.researcherReadOnly'));
    return { community, author, role: author.role, isAdmin, isManager: seesAsManager(author.role) };
  }

  /** A manager of the community (or an admin). */
  async manager(user: UserDocument, communityId: string): Promise<CommunityAccessGrant> {
    const grant = await this.member(user, communityId);
    if (!grant.isManager) throw new ForbiddenError(msg('community.managerOnly'));
    return grant;
  }
}
