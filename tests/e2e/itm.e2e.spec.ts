import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeItm } from '../support/fakeItm.ts';
import type { CommunitySettings } from '../../contracts/api/communities.ts';
import { ok } from './api.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';
import { noteClass, type NoteClass } from './noteClass.ts';

/**
 * Issue 18 §7 in the browser, against a local ITM protocol fake (tests/support/fakeItm.ts): the
 * teacher turns the itm plugin on from the settings page; the contribution window's "Fil" tab
 * shows only when it is on; a pupil adds
 * the note to a thread of the class's ITM project and sees it listed, in French; a later save of
 * the note reaches ITM from the server.
 */
const fake = await startFakeItm();
afterAll(async () => fake.close());

const admin = { userName: 'principal', password: 'admin-pass1' };
const keys = { writers: 'fils-4e', managers: 'profs-4e' };

describeBrowser('ITM: the Thread tab', () => {
  const app = useBrowserApp({ admin, env: { BUILDON_ITM_URL: fake.url, BUILDON_ITM_KEY: fake.key, BUILDON_ITM_BACKOFF_MS: '100' } });
  let cls: NoteClass;

  beforeAll(async () => {
    cls = await noteClass(app, admin, { title: 'Classe Lumière 4e', keys, teacher: 'm-roy', pupil: 'ines' });
  });

  it('hides the tab while the plugin is off', async () => {
    await cls.setPlugins({ itm: false });
    const page = await cls.openNote();
    expect(await page.getByTestId('tab-thread').count()).toBe(0);
  });

  it('is offered on the settings page, since this server has ITM, and turned on there by the teacher', async () => {
    const page = await openPageAs(app, cls.teacher.token, `/communitysettings/${cls.community._id}`);
    const itm = page.locator('input[data-flag="itm"]');
    await itm.waitFor();
    expect(await page.getByText('Gestionnaire de fils (ITM)').count()).toBe(1);
    // The writing help's log keeps texts only when a manager says so: offered too, off.
    expect(await page.locator('input[data-flag="aiLogText"]').isChecked()).toBe(false);
    await itm.check();
    await page.getByTestId('settings-save').click();
    await expect
      .poll(
        async () =>
          (await ok<CommunitySettings>(app.url, `/api/communities/${cls.community._id}/settings`, cls.teacher.token)).data.plugins.itm,
      )
      .toBe(true);
  });

  it('lists no thread, adds the note to one and shows it; the note’s save reached ITM', async () => {
    const page = await cls.openNote();
    await page.getByTestId('tab-thread').click();
    await page.getByTestId('thread-none').waitFor();
    expect(await page.getByTestId('thread-none').textContent()).toBe("Cette note n'est dans aucun fil ITM.");
    await page.getByTestId('thread-choice').selectOption({ label: 'Projet Lumière › Les ombres' });
    await page.getByTestId('thread-add').click();
    await page.getByTestId('thread-added').waitFor();
    expect(await page.getByTestId('thread-added').textContent()).toContain('Note ajoutée au fil « Les ombres ».');
    expect(await page.getByTestId('thread-list').textContent()).toContain('Les ombres');
    expect(fake.threads.get(72)?.has(cls.noteId)).toBe(true);
    await checkPage(page, 'itm-thread-tab');

    // A save from the editor is sent to ITM by a job, with the server's key and not the pupil's session.
    await page.getByTestId('tab-edit').click();
    await page.locator('.ProseMirror').click();
    await page.keyboard.type(' Et de l’oxygène.');
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    await expect
      .poll(() => fake.callsTo('/IIUSs/note/add').filter((c) => c.body.note_id === cls.noteId).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(JSON.stringify(fake.calls)).not.toContain(cls.pupil.token);
  });
});
