import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreateContributionReply } from '../../../contracts/api/canvas.ts';
import type { CommunitySettings, Scaffold } from '../../../contracts/api/communities.ts';
import type { ObjectReply } from '../../../contracts/api/objects.ts';
import { exportCommunity } from '../../cli/communityArchive.ts';
import { importData } from '../../cli/exportImport.ts';
import { openInfrastructure, type Infrastructure } from '../../app/infrastructure.ts';
import { auth, classRoom, samplePng, textDoc, uploadBody } from '../../../tests/support/objects.ts';
import { tempDirs, withoutPositions } from '../../../tests/support/archive.ts';
import { buildTestApp, fastTestHasher, testConfig } from '../../../tests/support/testApp.ts';

/**
 * The events of this work survive a community archive (services/cli): note
 * saves with translations, ScaffoldTemplateChanged, a note made from a
 * template and an `attach` link are in the community's contribution streams,
 * and replaying them rebuilds the same read models.
 */
const newDir = tempDirs();

const strip = withoutPositions;
const dump = async (infra: Infrastructure, communityId: string) => {
  const col = (name: string) => infra.readStore.collection(name);
  return {
    contributions: strip(await col('contributions').find({ communityId }, { sort: { _id: 1 } })),
    links: strip(await col('links').find({ communityId }, { sort: { _id: 1 } })),
  };
};

describe('community archive round trip with multilanguage notes, templates and attach links', () => {
  it('export --community then import reproduces them field by field', async () => {
    const sourceDir = newDir('buildon-ml-src-');
    const t = await buildTestApp({ dataDir: sourceDir });
    const room = await classRoom(t);
    const inject = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

    const settings = (await inject(room.manager.token, 'GET', `/api/communities/${room.communityId}/settings`)).json<CommunitySettings>();
    settings.data.plugins.multilanguage = true;
    settings.data.defaultLang = 'fr';
    settings.data.languages = ['en'];
    expect((await inject(room.manager.token, 'PUT', `/api/communities/${room.communityId}/settings`, settings)).statusCode).toBe(200);
    const scaffolds = (await inject(room.a.token, 'GET', `/api/communities/${room.communityId}/scaffolds`)).json<Scaffold[]>();
    const templateId = scaffolds[0]?._id ?? '';
    expect((await inject(room.manager.token, 'PUT', `/api/scaffolds/${templateId}/template`, { isTemplate: true })).statusCode).toBe(200);

    const viewId = (await inject(room.a.token, 'GET', `/api/communities/${room.communityId}`)).json<{ views: string[] }>().views[0] ?? '';
    const created = (
      await inject(room.a.token, 'POST', `/api/contributions/${room.communityId}`, { type: 'Note', placement: { viewId, x: 200, y: 200 } })
    ).json<CreateContributionReply>();
    const noteId = created.contribution._id;
    const saved = await inject(room.a.token, 'PUT', `/api/objects/${room.communityId}/${noteId}`, {
      revision: 0,
      title: 'Soleil',
      body: textDoc('le soleil'),
      status: 'active',
      translations: { fr: { title: 'Soleil', body: textDoc('le soleil') }, en: { title: 'Sun', body: textDoc('the sun') } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fromTemplate = await inject(room.b.token, 'POST', `/api/contributions/${room.communityId}/fromtemplate`, {
      templateId,
      viewId,
      buildsOn: noteId,
    });
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(201);
    const attachment = (
      await inject(room.a.token, 'POST', `/api/contributions/${room.communityId}`, { type: 'Attachment' })
    ).json<CreateContributionReply>();
    const { payload, headers } = uploadBody(samplePng(4, 4), { filename: 'soleil.png' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/upload/${room.communityId}/${attachment.contribution._id}?noteId=${noteId}`,
      headers: { ...auth(room.a.token), ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const source = await dump(t.infra, room.communityId);
    const note = source.contributions.find((doc) => doc._id === noteId) as unknown as ObjectReply & { langInNote: string[] };
    expect(note.langInNote).toEqual(['fr', 'en']);
    expect(source.contributions.find((doc) => doc._id === templateId)?.data).toMatchObject({ isTemplate: true });
    expect(source.links.some((link) => link.type === 'attach' && link.from === noteId)).toBe(true);

    const archive = join(newDir('buildon-ml-out-'), 'archive');
    await exportCommunity(t.infra.eventStore, t.infra.blobStore, room.communityId, archive, undefined, { withCredentials: true });
    await t.close();

    const target = newDir('buildon-ml-dst-');
    const infra = await openInfrastructure(testConfig(target), { passwords: fastTestHasher });
    try {
      await importData(infra.eventStore, infra.blobStore, archive, { window: 64 });
      await infra.runner.waitFor(await infra.eventStore.headPosition(), 60_000);
      expect(await dump(infra, room.communityId)).toEqual(source);
    } finally {
      await infra.close();
    }
  }, 120_000);
});
