import { dataOf } from '../../../../contracts/contributionData.ts';
import { describe, expect, it } from 'vitest';
import type { CommunitySettings, ContextData } from '../../../../contracts/api/communities.ts';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../../projections/contributions/index.ts';
import { call, createContribution, loadCanvas, type Member, useCanvasWorld } from '../../../../tests/support/canvas.ts';

type Problem = { message: string; errors?: { field: string; message: string }[] };
const textDoc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const settings = async (token: string) =>
  (await call<CommunitySettings>(t, token, 'GET', `/api/communities/${w.communityId}/settings`)).body;
const saveSettings = async (token: string, change: (data: ContextData) => void) => {
  const current = await settings(token);
  change(current.data);
  return call<CommunitySettings & Problem>(t, token, 'PUT', `/api/communities/${w.communityId}/settings`, {
    data: current.data,
    scaffoldIds: current.scaffoldIds,
  });
};
const newNote = async (who: Member) =>
  (await createContribution(w, who, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 300, y: 300 } })).contribution._id;
const save = (who: Member, id: string, payload: Record<string, unknown>) =>
  call<ObjectReply & Problem>(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}`, payload);

const { t, w } = useCanvasWorld();

describe('multilanguage settings are checked on the server', () => {
  it("refuses the plugin without a default language ('Please select default language') and non-codes, naming the field", async () => {
    const missing = await saveSettings(w.manager.token, (data) => {
      data.plugins.multilanguage = true;
      data.defaultLang = '';
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'data.defaultLang', message: 'Please select default language', messageCode: 'community.defaultLanguageRequired' },
    ]);
    const bad = await saveSettings(w.manager.token, (data) => {
      data.plugins.multilanguage = true;
      data.defaultLang = 'fr';
      data.languages = ['en', 'body'];
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('data.languages');
  });
});

describe('multilanguage notes', () => {
  it('refuses translations while the plugin is off (400 on translations)', async () => {
    await saveSettings(w.manager.token, (data) => {
      data.plugins.multilanguage = false;
    });
    const id = await newNote(w.writer);
    const reply = await save(w.writer, id, {
      revision: 0,
      title: 'Soleil',
      body: textDoc('le soleil'),
      translations: { fr: { title: 'Soleil', body: textDoc('le soleil') } },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.[0]?.field).toBe('translations');
  });

  it('stores data[lang], data[lang_title] and langInNote, counts and searches every language, and the canvas carries each title', async () => {
    const on = await saveSettings(w.manager.token, (data) => {
      data.plugins.multilanguage = true;
      data.defaultLang = 'fr';
      data.languages = ['en'];
    });
    expect(on.status, on.raw).toBe(200);
    const id = await newNote(w.writer);
    const reply = await save(w.writer, id, {
      revision: 0,
      title: 'Sun',
      body: textDoc('the sun is hot'),
      status: 'active',
      translations: {
        en: { title: 'Sun', body: textDoc('the sun is hot') },
        fr: { title: 'Soleil', body: textDoc('le soleil est chaud') },
      },
    });
    expect(reply.status, reply.raw).toBe(200);
    // The default language is the note's own title and body; the context's order is kept.
    expect(reply.body).toMatchObject({ title: 'Soleil', status: 'active', wordCount: 8 });
    expect(reply.body.data).toMatchObject({
      body: textDoc('le soleil est chaud'),
      fr: textDoc('le soleil est chaud'),
      fr_title: 'Soleil',
      en: textDoc('the sun is hot'),
      en_title: 'Sun',
    });
    expect(reply.body.text4search).toContain('( Soleil ) le soleil est chaud');
    expect(reply.body.text4search).toContain('( Sun ) the sun is hot');
    const doc = await t.infra.readStore.collection<ContributionDocument>(contributionsCollectionName).get(id);
    expect(doc?.langInNote).toEqual(['fr', 'en']);
    expect(reply.body.langInNote).toEqual(['fr', 'en']);

    const canvas = await loadCanvas(w, w.writer2, w.welcomeViewId);
    const ref = canvas.refs.find((r) => r.to === id);
    expect(ref?._to).toMatchObject({ title: 'Soleil', langInNote: ['fr', 'en'], titles: { fr: 'Soleil', en: 'Sun' } });

    // A save based on an older revision gets a 409 carrying every stored language.
    const stale = await call<{ current: { translations?: Record<string, { title: string }> } }>(
      t,
      w.writer.token,
      'PUT',
      `/api/objects/${w.communityId}/${id}`,
      {
        revision: 0,
        title: 'Soleil',
        body: textDoc('autre'),
        translations: { fr: { title: 'Soleil', body: textDoc('autre') } },
      },
    );
    expect(stale.status).toBe(409);
    expect(Object.keys(stale.body.current.translations ?? {})).toEqual(['fr', 'en']);
    expect(stale.body.current.translations?.en?.title).toBe('Sun');

    // Removing a language: it disappears from the data.
    const again = await save(w.writer, id, {
      revision: reply.body.revision,
      title: 'Soleil',
      body: textDoc('le soleil est chaud'),
      translations: { fr: { title: 'Soleil', body: textDoc('le soleil est chaud') } },
    });
    expect(again.status, again.raw).toBe(200);
    expect(dataOf(again.body, 'Note')?.en).toBeUndefined();
    expect(dataOf(again.body, 'Note')?.en_title).toBeUndefined();
    expect(again.body.wordCount).toBe(4);
  });

  it('refuses a language the context does not offer, an invalid body and a language without title, naming the field', async () => {
    const id = await newNote(w.writer);
    const notOffered = await save(w.writer, id, {
      revision: 0,
      title: 'x',
      body: textDoc('x'),
      translations: { de: { title: 'Sonne', body: textDoc('die Sonne') } },
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.errors?.[0]?.field).toBe('translations.de');
    const badBody = await save(w.writer, id, {
      revision: 0,
      title: 'x',
      body: textDoc('x'),
      translations: { en: { title: 'Sun', body: { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] } } },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors?.[0]?.field).toBe('translations.en.body');
    const noTitle = await save(w.writer, id, {
      revision: 0,
      title: 'x',
      body: textDoc('x'),
      translations: { en: { title: ' ', body: textDoc('words') } },
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors?.[0]?.field).toBe('translations.en.title');
  });

  it('lets only writers of the note save its languages (403 for another writer, 401 anonymous)', async () => {
    const id = await newNote(w.writer);
    const payload = { revision: 0, title: 'Soleil', body: textDoc('x'), translations: { fr: { title: 'Soleil', body: textDoc('x') } } };
    expect((await save(w.writer2, id, payload)).status).toBe(403);
    expect((await call(t, null, 'PUT', `/api/objects/${w.communityId}/${id}`, payload)).status).toBe(401);
    expect((await save(w.outsider as Member, id, payload)).status).toBe(403);
  });
});
