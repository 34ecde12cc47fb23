import { expect } from 'vitest';
import type { Author } from '../../contracts/api/communities.ts';
import { authorStreamName, type AuthorJoined } from '../../contracts/events/author.ts';
import { communityStreamName, type CommunityCreated, type CommunityUpdated } from '../../contracts/events/community.ts';
import { authorIdFor } from '../../services/api/communities/authorId.ts';
import { bearer, type TestApp } from './testApp.ts';

export type SeededCommunity = { communityId: string; registrationKey: string; managerRegistrationKey: string; title: string };

/**
 * Writes a community straight into the event store (CommunityCreated, then
 * the owner's AuthorJoined as manager), as the community service does, so
 * membership tests do not depend on the community routes. Its root context
 * and views are ids only: use POST /api/communities where they matter.
 */
export const seedCommunity = async (
  t: TestApp,
  owner: { id: string },
  options: { title?: string; registrationKey?: string; managerRegistrationKey?: string; ownerJoins?: boolean } = {},
): Promise<SeededCommunity> => {
  const { eventStore, ids, projections, readStore, clock } = t.infra.commandDeps;
  const communityId = ids.next();
  const title = options.title ?? `Community ${communityId.slice(-6)}`;
  const registrationKey = options.registrationKey ?? `writer-${communityId.slice(-6)}`;
  const managerRegistrationKey = options.managerRegistrationKey ?? `manager-${communityId.slice(-6)}`;
  const metadata = { actorId: owner.id, at: clock.now().toISOString() };
  const created: CommunityCreated = {
    type: 'CommunityCreated',
    data: {
      communityId,
      title,
      registrationKey,
      managerRegistrationKey,
      createdBy: owner.id,
      rootContextId: ids.next(),
      viewIds: [ids.next()],
      scaffoldIds: [],
    },
  };
  const stored = await eventStore.append(communityStreamName(communityId), [{ ...created, metadata }], { expectedRevision: 'no_stream' });
  if (options.ownerJoins === false) {
    await projections.waitFor(stored.lastPosition);
    return { communityId, registrationKey, managerRegistrationKey, title };
  }
  const user = await readStore
    .collection<{ _id: string; userName: string; firstName: string; lastName: string; email: string }>('users')
    .get(owner.id);
  if (!user) throw new Error('seedCommunity: unknown owner');
  const authorId = authorIdFor(communityId, owner.id);
  const joined: AuthorJoined = {
    type: 'AuthorJoined',
    data: {
      authorId,
      communityId,
      userId: owner.id,
      role: 'manager',
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      via: 'creator',
    },
  };
  const result = await eventStore.append(authorStreamName(authorId), [{ ...joined, metadata }], { expectedRevision: 'no_stream' });
  await projections.waitFor(result.lastPosition);
  return { communityId, registrationKey, managerRegistrationKey, title };
};

/** Joins through the API and expects a 201. */
export const join = async (
  t: TestApp,
  user: { id: string; token: string },
  communityId: string,
  registrationKey: string,
): Promise<Author> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/authors',
    headers: bearer(user.token),
    payload: { userId: user.id, communityId, registrationKey },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Author>();
};

/** A multipart/form-data body with one file part and plain fields, for `inject`. */
export const multipartBody = (
  file: { name: string; content: string | Buffer; field?: string } | null,
  fields: Record<string, string>,
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----buildon${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Archives (or reopens) a community the way the community editor does. */
export const setArchived = async (t: TestApp, communityId: string, archived: boolean): Promise<void> => {
  const { eventStore, projections, clock } = t.infra.commandDeps;
  const event: CommunityUpdated = { type: 'CommunityUpdated', data: { communityId, archived } };
  const result = await eventStore.append(
    communityStreamName(communityId),
    [{ ...event, metadata: { actorId: null, at: clock.now().toISOString() } }],
    {
      expectedRevision: 'stream_exists',
    },
  );
  await projections.waitFor(result.lastPosition);
};
