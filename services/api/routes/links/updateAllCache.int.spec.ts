import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityAdmin, Group } from '../../../../contracts/api/communities.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../../projections/authors/index.ts';
import { communitiesCollectionName, type CommunityDocument } from '../../../../projections/communities/index.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../../projections/contributions/index.ts';
import { createCommunity, joinCommunity } from '../../../../tests/support/communities.ts';
import { bearer } from '../../../../tests/support/testApp.ts';
import { authorIdFor } from '../../communities/authorId.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

describe('GET /api/links/updateallcache/:communityId', () => {
  let admin: { token: string; id: string };
  let manager: { token: string; id: string };
  let community: CommunityAdmin;
  let other: CommunityAdmin;

  const collection = <T extends { _id: string }>(name: string) => t.infra.readStore.collection<T & Record<string, unknown>>(name);
  const run = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/links/updateallcache/${id}`, headers: bearer(token) });

  const t = useTestApp();
  beforeAll(async () => {
    admin = await t.admin();
    manager = await t.register('manager1');
    community = await createCommunity(t, admin.token, 'Repair me');
    other = await createCommunity(t, admin.token, 'Leave me alone');
    await joinCommunity(t, manager.token, manager.id, community._id, 'manager-key');
  });

  it("rebuilds a corrupted community's read models from its streams", async () => {
    const group = (
      await t.app.inject({
        method: 'POST',
        url: `/api/groups/${community._id}`,
        headers: bearer(manager.token),
        payload: { title: 'Team' },
      })
    ).json<Group>();
    await t.app.inject({ method: 'DELETE', url: `/api/groups/${community._id}/${group._id}`, headers: bearer(manager.token) });

    const communities = collection<CommunityDocument>(communitiesCollectionName);
    const contributions = collection<ContributionDocument>(contributionsCollectionName);
    const links = collection<LinkDocument>(linksCollectionName);
    const authors = collection<AuthorDocument>(authorsCollectionName);
    const before = {
      community: await communities.get(community._id),
      view: await contributions.get(community.views[0] ?? ''),
      group: await contributions.get(group._id),
      links: (await links.find({ communityId: community._id })).length,
      manager: await authors.get(authorIdFor(community._id, manager.id)),
    };
    const otherBefore = await communities.get(other._id);

    // Corrupt: wrong fields, a missing document, a stray document.
    await communities.put({ ...(before.community as CommunityDocument), title: 'broken', views: [] });
    await contributions.put({ ...(before.view as ContributionDocument), title: 'broken' });
    await contributions.put({ ...(before.group as ContributionDocument), status: 'active' });
    await authors.put({ ...(before.manager as AuthorDocument), role: 'writer' });
    await links.deleteMany({ communityId: community._id, type: 'contains' });
    await contributions.put({ ...(before.view as ContributionDocument), _id: '0123456789abcdef01234567', title: 'stray' });
    expect((await communities.get(community._id))?.title).toBe('broken');

    const response = await run(community._id, admin.token);
    expect(response.statusCode).toBe(200);
    const { events } = response.json<{ events: number }>();
    // 1 context + 1 view + 2 scaffolds + 15 supports + 2 authors + 1 community + group (3) …
    expect(events).toBeGreaterThan(20);

    expect(await communities.get(community._id)).toEqual(before.community);
    expect(await contributions.get(community.views[0] ?? '')).toEqual(before.view);
    expect(await contributions.get(group._id)).toEqual(before.group);
    expect((await contributions.get(group._id))?.status).toBe('inactive');
    expect(await authors.get(authorIdFor(community._id, manager.id))).toEqual(before.manager);
    expect((await links.find({ communityId: community._id })).length).toBe(before.links);
    expect(await contributions.get('0123456789abcdef01234567')).toBeNull();
    expect(await communities.get(other._id)).toEqual(otherBefore);
  });

  it('is for admins only and answers 404 for an unknown community', async () => {
    expect((await run(community._id, manager.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/links/updateallcache/${community._id}` })).statusCode).toBe(401);
    expect((await run('0123456789abcdef0123456f', admin.token)).statusCode).toBe(404);
  });
});
