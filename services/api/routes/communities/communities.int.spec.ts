import { beforeAll, describe, expect, it } from 'vitest';
import type { Author, CommunityAdmin, CommunitySettings, Scaffold, ViewSummary } from '../../../../contracts/api/communities.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../../projections/authors/index.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../../projections/contributions/index.ts';
import { createCommunity, joinCommunity, uniqueCommunityTitle } from '../../../../tests/support/communities.ts';
import { bearer } from '../../../../tests/support/testApp.ts';
import { authorIdFor } from '../../communities/authorId.ts';
import { defaultContextData } from '../../communities/communityService.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };

const amelioration = [
  'Mon idée',
  'Je prends du recul',
  "J'enrichis l'idée",
  "J'explore une idée différente",
  "Ce qu'en disent les experts",
  "J'ai besoin de comprendre",
  'Mettons notre savoir en commun',
  'Ce que nous savons maintenant',
];
const theoryBuilding = [
  'My theory',
  'New Information',
  'I need to understand',
  'This theory cannot explain',
  'Putting our knowledge together',
  'Our improved theory',
  'Rise above',
];

describe('communities', () => {
  let admin: { token: string; id: string };
  let writer: { token: string; id: string };
  let manager: { token: string; id: string };
  let outsider: { token: string; id: string };
  let community: CommunityAdmin;

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const put = (url: string, token: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

  const t = useTestApp();
  beforeAll(async () => {
    admin = await t.admin();
    writer = await t.register('writer1');
    manager = await t.register('manager1');
    outsider = await t.register('outsider1');
    community = await createCommunity(t, admin.token, 'Grade 5 science');
    await joinCommunity(t, writer.token, writer.id, community._id, 'writer-key');
    await joinCommunity(t, manager.token, manager.id, community._id, 'manager-key');
  });

  describe('POST /api/communities', () => {
    it('answers the admin with the keys, one view and two scaffolds', () => {
      expect(community).toMatchObject({
        title: 'Grade 5 science',
        registrationKey: 'writer-key',
        managerRegistrationKey: 'manager-key',
        archived: false,
      });
      expect(community.views).toHaveLength(1);
      expect(community.scaffolds).toHaveLength(2);
      expect(community.ownerUserId).toBe(admin.id);
    });

    it('creates the default scaffolds with the exact prompts in order', async () => {
      const response = await get(`/api/communities/${community._id}/scaffolds`, writer.token);
      expect(response.statusCode).toBe(200);
      const scaffolds = response.json<Scaffold[]>();
      expect(scaffolds.map((s) => s.title)).toEqual(['Amélioration des idées', 'Theory Building']);
      expect(scaffolds[0]?.supports.map((s) => s.title)).toEqual(amelioration);
      expect(scaffolds[1]?.supports.map((s) => s.title)).toEqual(theoryBuilding);
      expect(scaffolds[0]?.supports.map((s) => s.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });

    it('attaches the scaffolds to the root context (uses links, in order) with default settings', async () => {
      const settings = (await get(`/api/communities/${community._id}/settings`, writer.token)).json<CommunitySettings>();
      expect(settings.contextId).toBe(community.rootContextId);
      expect(settings.scaffoldIds).toEqual(community.scaffolds);
      expect(settings.data).toEqual(defaultContextData());
      expect(settings.data.viewSetting).toEqual({
        buildson: true,
        references: false,
        showGroup: true,
        showAuthor: true,
        showTime: true,
        language: false,
      });
      const context = await t.infra.readStore.collection<ContributionDocument>(contributionsCollectionName).get(community.rootContextId);
      expect(context).toMatchObject({
        type: 'Context',
        title: 'Community Setting: Grade 5 science',
        status: 'active',
        permission: 'protected',
      });
      expect(context?.authors).toEqual([authorIdFor(community._id, admin.id)]);
    });

    it("opens with 'Bienvenue', the oldest view", async () => {
      const views = (await get(`/api/communities/${community._id}/views`, writer.token)).json<ViewSummary[]>();
      expect(views.map((v) => v.title)).toEqual(['Bienvenue']);
      expect(views[0]).toMatchObject({ permission: 'public', status: 'active', _id: community.views[0] });
    });

    it('makes the creator a manager', async () => {
      const author = await t.infra.readStore.collection<AuthorDocument>(authorsCollectionName).get(authorIdFor(community._id, admin.id));
      expect(author).toMatchObject({ role: 'manager', userId: admin.id, communityId: community._id });
    });

    it('names every blank field with the spec messages', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/communities',
        headers: bearer(admin.token),
        payload: { title: '  ', registrationKey: '', managerRegistrationKey: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<Problem>().errors).toEqual([
        { field: 'title', message: 'Title must be input', messageCode: 'community.titleRequired' },
        { field: 'registrationKey', message: 'RegistrationKey must be input', messageCode: 'community.registrationKeyRequired' },
        { field: 'managerRegistrationKey', message: 'RegistrationKey must be input', messageCode: 'community.registrationKeyRequired' },
      ]);
      const keyOnly = await t.app.inject({
        method: 'POST',
        url: '/api/communities',
        headers: bearer(admin.token),
        payload: { title: 'x', registrationKey: 'kkkkkk', managerRegistrationKey: ' ' },
      });
      expect(keyOnly.json<Problem>()).toMatchObject({ message: 'RegistrationKey must be input' });
    });

    it('creates one community on a double submit (the second gets 409)', async () => {
      const title = uniqueCommunityTitle('Double');
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/communities',
          headers: bearer(admin.token),
          payload: { title, registrationKey: 'writer-a', managerRegistrationKey: 'manager-b' },
        });
      const statuses = (await Promise.all([send(), send()])).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      const list = (await get('/api/communities', admin.token)).json<{ title: string }[]>();
      expect(list.filter((c) => c.title === title)).toHaveLength(1);
    });

    it('is refused to non-admins (403) and anonymous callers (401)', async () => {
      const payload = { title: 'Mine', registrationKey: 'writer-a', managerRegistrationKey: 'manager-b' };
      const asManager = await t.app.inject({ method: 'POST', url: '/api/communities', headers: bearer(manager.token), payload });
      expect(asManager.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/communities', payload });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/communities', () => {
    it('hides the design-experiments course community from non-admins', async () => {
      await createCommunity(t, admin.token, 'CTL5036H Design Experiments');
      const forWriter = (await get('/api/communities', writer.token)).json<{ title: string }[]>().map((c) => c.title);
      const forAdmin = (await get('/api/communities', admin.token)).json<{ title: string }[]>().map((c) => c.title);
      expect(forAdmin).toContain('CTL5036H Design Experiments');
      expect(forWriter).not.toContain('CTL5036H Design Experiments');
      expect(forWriter).toContain('Grade 5 science');
    });
  });

  describe('keys', () => {
    it('never reach writers, managers or outsiders', async () => {
      const group = await t.app.inject({
        method: 'POST',
        url: `/api/groups/${community._id}`,
        headers: bearer(manager.token),
        payload: { title: 'G' },
      });
      expect(group.statusCode).toBe(201);
      for (const token of [writer.token, manager.token, outsider.token]) {
        for (const url of [
          '/api/communities',
          `/api/communities/${community._id}`,
          `/api/communities/${community._id}/title`,
          `/api/communities/${community._id}/views`,
          `/api/communities/${community._id}/settings`,
          `/api/communities/${community._id}/scaffolds`,
          `/api/communities/${community._id}/groups`,
          `/api/views/${community.views[0] ?? ''}`,
        ]) {
          const response = await get(url, token);
          expect(response.body, url).not.toMatch(/writer-key|manager-key|registrationKey|managerRegistrationKey/);
        }
      }
      expect(group.body).not.toMatch(/writer-key|manager-key/);
    });

    it('reach admins', async () => {
      const response = await get(`/api/communities/${community._id}`, admin.token);
      expect(response.json()).toMatchObject({ registrationKey: 'writer-key', managerRegistrationKey: 'manager-key' });
      const view = await get(`/api/views/${community.views[0] ?? ''}`, admin.token);
      expect(view.json()).toMatchObject({ community: { registrationKey: 'writer-key' } });
    });
  });

  describe('GET/PUT /api/communities/:communityId', () => {
    it('gives members the info and refuses outsiders', async () => {
      const asWriter = await get(`/api/communities/${community._id}`, writer.token);
      expect(asWriter.statusCode).toBe(200);
      expect(asWriter.json()).toMatchObject({ _id: community._id, title: 'Grade 5 science', rootContextId: community.rootContextId });
      expect((await get(`/api/communities/${community._id}`, outsider.token)).statusCode).toBe(403);
      expect((await get(`/api/communities/${community._id}/title`, writer.token)).json()).toEqual({ title: 'Grade 5 science' });
      expect((await get('/api/communities/0123456789abcdef01234567', admin.token)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/communities/${community._id}` })).statusCode).toBe(401);
    });

    it('lets only admins edit; an archived community closes to members but not to admins', async () => {
      const other = await createCommunity(t, admin.token);
      await joinCommunity(t, writer.token, writer.id, other._id, 'writer-key');
      await joinCommunity(t, manager.token, manager.id, other._id, 'manager-key');
      expect((await put(`/api/communities/${other._id}`, manager.token, { archived: true })).statusCode).toBe(403);
      expect((await put(`/api/communities/${other._id}`, admin.token, { title: '' })).json<Problem>().message).toBe('Title must be input');
      const saved = await put(`/api/communities/${other._id}`, admin.token, { archived: true, registrationKey: 'new-key' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ archived: true, registrationKey: 'new-key' });
      for (const token of [writer.token, manager.token]) {
        const response = await get(`/api/communities/${other._id}/views`, token);
        expect(response.statusCode).toBe(403);
        expect(response.json<Problem>().message).toBe('This community is archived.');
      }
      expect((await get(`/api/views/${other.views[0] ?? ''}`, writer.token)).statusCode).toBe(403);
      expect((await get(`/api/communities/${other._id}/views`, admin.token)).statusCode).toBe(200);
    });
  });

  describe('GET /api/views/:viewId', () => {
    const viewUrl = () => `/api/views/${community.views[0] ?? ''}`;

    it('gives a writer the view, the community, their membership and editable for a public view', async () => {
      const response = await get(viewUrl(), writer.token);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ view: ViewSummary; me: Author; editable: boolean }>();
      expect(body.view.title).toBe('Bienvenue');
      expect(body.me).toMatchObject({ role: 'writer', userId: writer.id, communityId: community._id });
      expect(body.editable).toBe(true);
    });

    it('gives an admin who is not a member a manager stand-in', async () => {
      const other = await t.register('admin2');
      await t.infra.accounts.createOrPromoteAdmin({ userName: 'admin2', password: 'admin2-pass' });
      const token = await t.login('admin2', 'admin2-pass');
      const body = (await get(viewUrl(), token)).json<{ me: Author; editable: boolean }>();
      expect(body.me).toMatchObject({ role: 'manager', userName: 'admin2', userId: other.id });
      expect(body.editable).toBe(true);
    });

    it("refuses outsiders and answers 'view not found.' for anything else", async () => {
      expect((await get(viewUrl(), outsider.token)).statusCode).toBe(403);
      const missing = await get('/api/views/0123456789abcdef01234567', writer.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<Problem>().message).toBe('view not found.');
      const notAView = await get(`/api/views/${community.rootContextId}`, writer.token);
      expect(notAView.json<Problem>().message).toBe('view not found.');
    });
  });
});
