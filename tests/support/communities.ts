import type { Author, CommunityAdmin } from '../../contracts/api/communities.ts';
import { authorStreamName } from '../../contracts/events/author.ts';
import type { UserDocument } from '../../projections/users/index.ts';
import { authorsCollectionName, type AuthorDocument } from '../../projections/authors/index.ts';
import { handleCommand } from '../../services/core/decider.ts';
import { authorDecider } from '../../services/domain/author/author.ts';
import { authorIdFor } from '../../services/api/communities/authorId.ts';
import { bearer, type TestApp } from './testApp.ts';

let counter = 0;

/** A title no other test of this process uses (the same admin may not create one title twice within 5 s). */
export const uniqueCommunityTitle = (prefix = 'Community'): string => `${prefix} ${process.pid}-${++counter}-${Date.now().toString(36)}`;

/**
 * Creates a community through POST /api/communities as `adminToken`'s admin,
 * with keys `writer-key` and `manager-key`, and returns the admin reply.
 */
export const createCommunity = async (t: TestApp, adminToken: string, title = uniqueCommunityTitle()): Promise<CommunityAdmin> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/communities',
    headers: bearer(adminToken),
    payload: { title, registrationKey: 'writer-key', managerRegistrationKey: 'manager-key' },
  });
  if (response.statusCode !== 201) throw new Error(`community creation failed: ${response.statusCode} ${response.body}`);
  return response.json<CommunityAdmin>();
};

/**
 * Joins `userId` to the community with `key` (the writer key makes a writer,
 * the manager key a manager) through POST /api/authors. Where that route is
 * not registered, appends the membership directly with the author decider.
 */
export const joinCommunity = async (t: TestApp, token: string, userId: string, communityId: string, key: string): Promise<Author> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/authors',
    headers: bearer(token),
    payload: { userId, communityId, registrationKey: key },
  });
  if (response.statusCode === 201) return response.json<Author>();
  if (response.statusCode !== 404 || !response.body.includes('No route')) {
    throw new Error(`join failed: ${response.statusCode} ${response.body}`);
  }
  const { readStore, eventStore, projections } = t.infra.commandDeps;
  const community = await t.infra.access.community(communityId);
  const role = key === community.registrationKey ? 'writer' : key === community.managerRegistrationKey ? 'manager' : null;
  if (!role) throw new Error('join failed: the key matches neither key of the community');
  const user = await readStore.collection<UserDocument>('users').get(userId);
  if (!user) throw new Error(`join failed: no user ${userId}`);
  const authorId = authorIdFor(communityId, userId);
  const result = await handleCommand(
    eventStore,
    authorStreamName(authorId),
    authorDecider,
    {
      type: 'JoinCommunity',
      data: {
        authorId,
        communityId,
        userId,
        role,
        userName: user.userName,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        via: role === 'manager' ? 'managerKey' : 'registrationKey',
      },
    },
    { metadata: { actorId: userId, at: new Date().toISOString() } },
  );
  await projections.waitFor(result.lastPosition);
  const doc = await readStore.collection<AuthorDocument>(authorsCollectionName).get(authorId);
  if (!doc) throw new Error('join failed: membership not projected');
  const { userNameLower: _lower, workspaces: _workspaces, modified: _modified, _position, ...author } = doc;
  return author;
};
