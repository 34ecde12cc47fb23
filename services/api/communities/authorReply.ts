import type { Author } from '../../../contracts/api/communities.ts';
import type { AuthorDocument } from '../../../projections/authors/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommunityAccessGrant } from './access.ts';
import { authorIdFor } from './authorId.ts';

/** The membership as the API shows it (no keys, no internal fields). */
export const toAuthor = (doc: AuthorDocument): Author => ({
  _id: doc._id,
  communityId: doc.communityId,
  userId: doc.userId,
  role: doc.role,
  userName: doc.userName,
  firstName: doc.firstName,
  lastName: doc.lastName,
  email: doc.email,
  blockLogin: doc.blockLogin,
  order: doc.order,
  created: doc.created,
});

/** An admin who is not a member acts as a manager: the membership they would have. */
export const adminAsManager = (communityId: string, user: UserDocument): Author => ({
  _id: authorIdFor(communityId, user._id),
  communityId,
  userId: user._id,
  role: 'manager',
  userName: user.userName,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  blockLogin: false,
  order: 0,
  created: user.created,
});

/** The caller's membership, or the one an admin who is not a member acts with. */
export const actingAuthor = (grant: CommunityAccessGrant, user: UserDocument): Author =>
  grant.author ? toAuthor(grant.author) : adminAsManager(grant.community._id, user);
