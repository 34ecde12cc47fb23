import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityAdmin, CommunitySettings, ContextData } from '../../../../contracts/api/communities.ts';
import { linksCollectionName, type LinkDocument } from '../../../../projections/contributions/index.ts';
import { createCommunity, joinCommunity } from '../../../../tests/support/communities.ts';
import { bearer } from '../../../../tests/support/testApp.ts';
import { defaultContextData } from '../../communities/communityService.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };

describe('community settings', () => {
  let admin: { token: string; id: string };
  let writer: { token: string; id: string };
  let manager: { token: string; id: string };
  let community: CommunityAdmin;
  const url = () => `/api/communities/${community._id}/settings`;
  const save = (token: string, data: ContextData, scaffoldIds: string[]) =>
    t.app.inject({ method: 'PUT', url: url(), headers: bearer(token), payload: { data, scaffoldIds } });

  const t = useTestApp();
  beforeAll(async () => {
    admin = await t.admin();
    writer = await t.register('writer1');
    manager = await t.register('manager1');
    community = await createCommunity(t, admin.token);
    await joinCommunity(t, writer.token, writer.id, community._id, 'writer-key');
    await joinCommunity(t, manager.token, manager.id, community._id, 'manager-key');
  });

  it('round-trips every setting and replaces the data as a whole', async () => {
    const data = defaultContextData();
    data.plugins.enableFavourites = true;
    data.plugins.multilanguage = true;
    data.defaultLang = 'fr';
    data.languages = ['fr', 'en'];
    data.colours.red = { enabled: true, label: 'Question' };
    data.features.preventOverlap = true;
    data.freemode = true;
    data.viewSetting.references = true;
    data.settings.itmServer = 'https://itm.example.org/';
    const response = await save(manager.token, data, [...community.scaffolds].reverse());
    expect(response.statusCode).toBe(200);
    const saved = response.json<CommunitySettings>();
    expect(saved.data).toEqual({ ...data, settings: { ...data.settings, itmServer: 'https://itm.example.org' } });
    expect(saved.scaffoldIds).toEqual([...community.scaffolds].reverse());
    const read = (await t.app.inject({ method: 'GET', url: url(), headers: bearer(writer.token) })).json<CommunitySettings>();
    expect(read).toEqual(saved);

    // Turning things off again really removes them (no deep merge).
    const off = await save(manager.token, defaultContextData(), community.scaffolds);
    expect(off.json<CommunitySettings>().data).toEqual(defaultContextData());
  });

  it('copies the default language to the community', async () => {
    const data = { ...defaultContextData(), defaultLang: 'en' };
    data.plugins.multilanguage = true;
    expect((await save(admin.token, data, community.scaffolds)).statusCode).toBe(200);
    const info = (await t.app.inject({ method: 'GET', url: `/api/communities/${community._id}`, headers: bearer(writer.token) })).json<{
      lang: string;
    }>();
    expect(info.lang).toBe('en');
  });

  it('keeps the uses links in step with the scaffold list: removes, reorders, adds back', async () => {
    const [first, second] = community.scaffolds as [string, string];
    const uses = async () =>
      (await t.infra.readStore.collection<LinkDocument>(linksCollectionName).find({ from: community.rootContextId, type: 'uses' }))
        .map((l) => ({ to: l.to, order: l.data.order }))
        .sort((a, b) => Number(a.order) - Number(b.order));
    expect((await save(manager.token, defaultContextData(), [second])).json<CommunitySettings>().scaffoldIds).toEqual([second]);
    expect(await uses()).toEqual([{ to: second, order: 1 }]);
    expect((await save(manager.token, defaultContextData(), [second, first])).json<CommunitySettings>().scaffoldIds).toEqual([
      second,
      first,
    ]);
    expect(await uses()).toEqual([
      { to: second, order: 1 },
      { to: first, order: 2 },
    ]);
    await save(manager.token, defaultContextData(), []);
    expect(await uses()).toEqual([]);
  });

  it("refuses multilanguage without a default language: 'Please select default language'", async () => {
    const data = defaultContextData();
    data.plugins.multilanguage = true;
    const response = await save(manager.token, data, []);
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([
      { field: 'data.defaultLang', message: 'Please select default language', messageCode: 'community.defaultLanguageRequired' },
    ]);
  });

  it("refuses a scaffold listed twice: 'The scaffold is already in use.'", async () => {
    const id = community.scaffolds[0] ?? '';
    const response = await save(manager.token, defaultContextData(), [id, id]);
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().message).toBe('The scaffold is already in use.');
  });

  it('refuses a scaffold of another community or a non-scaffold', async () => {
    const other = await createCommunity(t, admin.token);
    expect((await save(admin.token, defaultContextData(), [other.scaffolds[0] ?? ''])).statusCode).toBe(400);
    expect((await save(admin.token, defaultContextData(), [community.rootContextId])).statusCode).toBe(400);
  });

  it.each(['itmServer', 'kbdexServer', 'kbdacServer'] as const)('refuses a %s that is not an http(s) address', async (field) => {
    const data = defaultContextData();
    data.settings[field] = 'javascript:alert(1)';
    const response = await save(manager.token, data, []);
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors?.[0]?.field).toBe(`data.settings.${field}`);
  });

  describe('refuses flipname and sideToSideNotePosition to anyone but its managers (issue 21 §15)', () => {
    /** The settings as stored now, with one of the two turned on: a change a refused actor must not make. */
    const changed = async (setting: 'flipname' | 'sideToSideNotePosition') => {
      const current = (await t.app.inject({ method: 'GET', url: url(), headers: bearer(manager.token) })).json<CommunitySettings>();
      // Off before, so "unchanged" below means the refused change did not happen.
      expect(setting === 'flipname' ? current.data.flipname : current.data.plugins.sideToSideNotePosition).toBe(false);
      const data = structuredClone(current.data);
      if (setting === 'flipname') data.flipname = true;
      else data.plugins.sideToSideNotePosition = true;
      return { data, scaffoldIds: current.scaffoldIds, before: current };
    };
    const stored = async () =>
      (await t.app.inject({ method: 'GET', url: url(), headers: bearer(manager.token) })).json<CommunitySettings>();

    it.each(['flipname', 'sideToSideNotePosition'] as const)('a writer of the community: 403, %s unchanged', async (setting) => {
      const { data, scaffoldIds, before } = await changed(setting);
      const response = await save(writer.token, data, scaffoldIds);
      expect(response.statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });

    it.each(['flipname', 'sideToSideNotePosition'] as const)('a manager of another community: 403, %s unchanged', async (setting) => {
      const elsewhere = await t.register(`elsewhere-${setting}`);
      const other = await createCommunity(t, admin.token);
      await joinCommunity(t, elsewhere.token, elsewhere.id, other._id, 'manager-key');
      // Managing the other community does let them change that one…
      const own = defaultContextData();
      own.flipname = true;
      own.plugins.sideToSideNotePosition = true;
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/communities/${other._id}/settings`,
            headers: bearer(elsewhere.token),
            payload: { data: own, scaffoldIds: [] },
          })
        ).statusCode,
      ).toBe(200);
      // …but not this one.
      const { data, scaffoldIds, before } = await changed(setting);
      const response = await save(elsewhere.token, data, scaffoldIds);
      expect(response.statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });

    it.each(['flipname', 'sideToSideNotePosition'] as const)('a stranger without a token: 401, %s unchanged', async (setting) => {
      const { data, scaffoldIds, before } = await changed(setting);
      const response = await t.app.inject({ method: 'PUT', url: url(), payload: { data, scaffoldIds } });
      expect(response.statusCode).toBe(401);
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['flipname', 'data.flipname'],
      ['sideToSideNotePosition', 'data.plugins.sideToSideNotePosition'],
    ] as const)('a manager sending %s: "yes" gets a 400 naming the field, nothing saved', async (setting, field) => {
      const { data, scaffoldIds, before } = await changed(setting);
      const bad: Record<string, unknown> = structuredClone(data);
      if (setting === 'flipname') bad.flipname = 'yes';
      else bad.plugins = { ...data.plugins, sideToSideNotePosition: 'yes' };
      const response = await t.app.inject({
        method: 'PUT',
        url: url(),
        headers: bearer(manager.token),
        payload: { data: bad, scaffoldIds },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<Problem>().errors?.map((error) => error.field)).toContain(field);
      expect(await stored()).toEqual(before);
    });
  });

  it('lets only managers and admins save; members read', async () => {
    const response = await save(writer.token, defaultContextData(), []);
    expect(response.statusCode).toBe(403);
    const outsider = await t.register('outsider1');
    expect((await t.app.inject({ method: 'GET', url: url(), headers: bearer(outsider.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});
