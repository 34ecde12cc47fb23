import { beforeAll, describe, expect, it } from 'vitest';
import type { Author, CommunityAdmin, Group } from '../../../../contracts/api/communities.ts';
import { createCommunity, joinCommunity } from '../../../../tests/support/communities.ts';
import { bearer } from '../../../../tests/support/testApp.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };

describe('groups', () => {
  let admin: { token: string; id: string };
  let writer: { token: string; id: string };
  let manager: { token: string; id: string };
  let writerAuthor: Author;
  let managerAuthor: Author;
  let community: CommunityAdmin;
  let otherCommunity: CommunityAdmin;
  let strangerAuthor: Author;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  const t = useTestApp();
  beforeAll(async () => {
    admin = await t.admin();
    writer = await t.register('writer1');
    manager = await t.register('manager1');
    const stranger = await t.register('stranger1');
    community = await createCommunity(t, admin.token);
    otherCommunity = await createCommunity(t, admin.token);
    writerAuthor = await joinCommunity(t, writer.token, writer.id, community._id, 'writer-key');
    managerAuthor = await joinCommunity(t, manager.token, manager.id, community._id, 'manager-key');
    strangerAuthor = await joinCommunity(t, stranger.token, stranger.id, otherCommunity._id, 'writer-key');
  });

  it('goes through its lifecycle: create, add and remove members, remove (inactive)', async () => {
    const created = await call('POST', `/api/groups/${community._id}`, manager.token, { title: ' Team A ' });
    expect(created.statusCode).toBe(201);
    const group = created.json<Group>();
    expect(group).toMatchObject({ title: 'Team A', status: 'active', communityId: community._id, members: [managerAuthor._id] });

    const added = await call('POST', `/api/groups/${community._id}/${group._id}/members`, manager.token, { authorId: writerAuthor._id });
    expect(added.statusCode).toBe(200);
    expect(added.json<Group>().members).toEqual([managerAuthor._id, writerAuthor._id]);

    const listed = (await call('GET', `/api/communities/${community._id}/groups`, writer.token)).json<Group[]>();
    expect(listed.map((g) => [g.title, g.members])).toEqual([['Team A', [managerAuthor._id, writerAuthor._id]]]);

    const removedMember = await call('DELETE', `/api/groups/${community._id}/${group._id}/members/${managerAuthor._id}`, admin.token);
    expect(removedMember.json<Group>().members).toEqual([writerAuthor._id]);

    const removed = await call('DELETE', `/api/groups/${community._id}/${group._id}`, manager.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Group>().status).toBe('inactive');
    expect((await call('GET', `/api/communities/${community._id}/groups`, writer.token)).json<Group[]>()).toEqual([]);
  });

  it('starts empty when an admin who is not a member creates it', async () => {
    const second = await t.admin('admin2', 'admin2-pass');
    const group = (await call('POST', `/api/groups/${otherCommunity._id}`, second.token, { title: 'B' })).json<Group>();
    expect(group.members).toEqual([]);
    // The creating admin is a member (manager) of the community: first member.
    const own = (await call('POST', `/api/groups/${otherCommunity._id}`, admin.token, { title: 'B2' })).json<Group>();
    expect(own.members).toHaveLength(1);
  });

  it('refuses an empty title (field title)', async () => {
    const response = await call('POST', `/api/groups/${community._id}`, manager.token, { title: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors?.[0]?.field).toBe('title');
  });

  it('refuses members from another community (400) and unknown groups (404)', async () => {
    const group = (await call('POST', `/api/groups/${community._id}`, manager.token, { title: 'C' })).json<Group>();
    const stranger = await call('POST', `/api/groups/${community._id}/${group._id}/members`, manager.token, {
      authorId: strangerAuthor._id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json<Problem>().errors?.[0]?.field).toBe('authorId');
    const missing = await call('DELETE', `/api/groups/${community._id}/0123456789abcdef01234567`, manager.token);
    expect(missing.statusCode).toBe(404);
    // A group is reachable only through its own community.
    const elsewhere = await call('DELETE', `/api/groups/${otherCommunity._id}/${group._id}`, admin.token);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('lets writers read but not change groups; outsiders and anonymous get nothing', async () => {
    const group = (await call('POST', `/api/groups/${community._id}`, manager.token, { title: 'D' })).json<Group>();
    expect((await call('POST', `/api/groups/${community._id}`, writer.token, { title: 'W' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/groups/${community._id}/${group._id}`, writer.token)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/groups/${community._id}/${group._id}/members`, writer.token, { authorId: writerAuthor._id })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/groups/${community._id}/${group._id}/members/${managerAuthor._id}`, writer.token)).statusCode).toBe(
      403,
    );
    const outsider = await t.register('outsider1');
    expect((await call('GET', `/api/communities/${community._id}/groups`, outsider.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/communities/${community._id}/groups` })).statusCode).toBe(401);
  });
});
