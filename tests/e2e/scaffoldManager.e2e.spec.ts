import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ScaffoldManagerReply } from '../../contracts/api/scaffolds.ts';
import { createCommunity, ok, registerAuthor, type Member } from './api.ts';
import { findEnglish, inFrench, visibleStrings } from './frenchText.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';

/**
 * The scaffold manager in the browser (issue 13 §5): a teacher adds a
 * scaffold by title, moves it up and saves the order (the 'Enregistré'
 * indicator shows, then goes after 2 s), gives it supports (added, renamed,
 * reordered, removed), cannot delete a scaffold the settings use, deletes
 * the new one; a pupil reads the list without any control. Axe and
 * screenshots at 1280 and 375 px; no English in the French interface.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-cm2', managerRegistrationKey: 'profs-cm2' };

describeBrowser('scaffold manager', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let teacher: Member;
  let pupil: Member;

  const server = () => ok<ScaffoldManagerReply>(app.url, `/api/communities/${community._id}/scaffoldmanager`, teacher.token);
  const titlesShown = (page: Page) => page.getByTestId('scaffold-item-title').allTextContents();
  const item = (page: Page, title: string) => page.getByTestId('scaffold-item').filter({ has: page.getByText(title, { exact: true }) });

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Sciences CM2', ...keys });
    teacher = await registerAuthor(app.url, 'm-bernard', 'bernard-pass1', community._id, keys.managerRegistrationKey);
    pupil = await registerAuthor(app.url, 'eleve-ines', 'ines-pass-1', community._id, keys.registrationKey);
  });

  it('a teacher adds a scaffold, moves it up and saves the order: "Enregistré" for 2 seconds', async () => {
    const page = await openPageAs(app, teacher.token, `/scaffoldmanager/${community._id}`);
    await page.getByTestId('scaffold-list').waitFor();
    const before = await titlesShown(page);
    expect(before.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('scaffolds-settings').isVisible()).toBe(true);

    // An empty title is ignored.
    await page.getByTestId('scaffold-add').click();
    expect(await titlesShown(page)).toEqual(before);

    await page.getByTestId('scaffold-title').fill('Questions de recherche');
    await page.getByTestId('scaffold-add').click();
    await expect.poll(() => titlesShown(page)).toEqual([...before, 'Questions de recherche']);
    expect((await server()).scaffolds.map((s) => s.title)).toEqual([...before, 'Questions de recherche']);

    // Up one place: the order is not saved until "Enregistrer l'ordre".
    const save = page.getByTestId('scaffold-save-order');
    expect(await save.isDisabled()).toBe(true);
    await item(page, 'Questions de recherche').getByTestId('scaffold-up').click();
    const moved = [...before.slice(0, -1), 'Questions de recherche', before.at(-1) as string];
    expect(await titlesShown(page)).toEqual(moved);
    expect((await server()).scaffolds.at(-1)?.title).toBe('Questions de recherche');
    await checkPage(page, 'scaffold-manager-unsaved');
    await save.click();
    const saved = page.getByTestId('scaffold-saved');
    await expect.poll(() => saved.textContent()).toContain('Enregistré');
    const shownAt = Date.now();
    expect((await server()).scaffolds.map((s) => s.title)).toEqual(moved);
    await expect.poll(() => saved.textContent(), { timeout: 5000, interval: 100 }).toBe('');
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1500);
    expect(shownFor).toBeLessThan(3500);
    // Reloaded: the saved order stays.
    await page.reload();
    await expect.poll(() => titlesShown(page)).toEqual(moved);
  });

  it('opens a scaffold for editing and the root context, each in its contribution window', async () => {
    const page = await openPageAs(app, teacher.token, `/scaffoldmanager/${community._id}`);
    await page.getByTestId('scaffold-list').waitFor();
    const reply = await server();
    const first = reply.scaffolds[0];
    if (!first) throw new Error('no scaffold listed');
    const edit = item(page, first.title).getByRole('link', { name: new RegExp(first.title) });
    expect(await edit.getAttribute('href')).toBe(`/contribution/${first._id}`);
    expect(await page.getByTestId('scaffolds-root').getAttribute('href')).toBe(`/contribution/${reply.rootContextId}`);
    // The scaffold opens as a contribution of its own, showing its title.
    await page.goto(`${app.url}/contribution/${first._id}`);
    await expect.poll(() => page.locator('main').innerText()).toContain(first.title);
    await page.close();
  });

  it('edits the supports of the new scaffold: add, rename, reorder, remove', async () => {
    const page = await openPageAs(app, teacher.token, `/scaffoldmanager/${community._id}`);
    page.on('dialog', (dialog) => void dialog.accept());
    const row = item(page, 'Questions de recherche');
    await row.locator('summary').click();
    const panel = row.getByTestId('support-panel');
    for (const title of ['Ma question', 'Ce que je sais', 'Mon hypothèse']) {
      await panel.getByTestId('support-title-input').fill(title);
      await panel.getByTestId('support-add').click();
      await expect.poll(() => panel.getByTestId('support-title').allTextContents()).toContain(title);
    }
    expect(await panel.getByTestId('support-title').allTextContents()).toEqual(['Ma question', 'Ce que je sais', 'Mon hypothèse']);
    // Rename the second.
    await panel.getByTestId('support-rename').nth(1).click();
    await panel.getByTestId('support-rename-input').fill('Ce que je sais déjà');
    await panel.getByTestId('support-rename-save').click();
    await expect
      .poll(() => panel.getByTestId('support-title').allTextContents())
      .toEqual(['Ma question', 'Ce que je sais déjà', 'Mon hypothèse']);
    // The first one down, then save.
    await panel.getByTestId('support-down').first().click();
    await panel.getByTestId('support-save-order').click();
    await expect
      .poll(async () => (await server()).scaffolds.find((s) => s.title === 'Questions de recherche')?.supports.map((s) => s.title))
      .toEqual(['Ce que je sais déjà', 'Ma question', 'Mon hypothèse']);
    // Remove the last (confirmed).
    await panel.getByTestId('support-delete').last().click();
    await expect.poll(() => panel.getByTestId('support-title').allTextContents()).toEqual(['Ce que je sais déjà', 'Ma question']);
    await checkPage(page, 'scaffold-manager');
    // Scaffold and support titles are the class's content (the default English scaffold "Theory Building" among them), not interface text.
    const content = (await server()).scaffolds.flatMap((s) => [s.title, ...s.supports.map((support) => support.title)]);
    const leaks = findEnglish(await visibleStrings(page), 'scaffold manager', [...content, 'm-bernard', 'Test', 'Sciences CM2']);
    expect(leaks).toEqual([]);
  });

  it('refuses to delete a scaffold the settings use (in French), deletes the new one', async () => {
    const page = await openPageAs(app, teacher.token, `/scaffoldmanager/${community._id}`);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('scaffold-list').waitFor();
    const used = (await server()).scaffolds.find((s) => s.used);
    if (!used) throw new Error('a default scaffold should be used by the settings');
    await item(page, used.title).getByTestId('scaffold-delete').click();
    await expect.poll(() => page.getByTestId('scaffolds-message').textContent()).toBe(inFrench('community.scaffoldUsed'));
    await item(page, 'Questions de recherche').getByTestId('scaffold-delete').click();
    await expect.poll(() => titlesShown(page)).not.toContain('Questions de recherche');
    expect((await server()).scaffolds.map((s) => s.title)).not.toContain('Questions de recherche');
  });

  it('a pupil reads the list, with no control to change it', async () => {
    const page = await openPageAs(app, pupil.token, `/scaffoldmanager/${community._id}`);
    await page.getByTestId('scaffold-list').waitFor();
    expect(await page.getByTestId('scaffold-add-form').count()).toBe(0);
    expect(await page.getByTestId('scaffolds-settings').count()).toBe(0);
    expect(await page.getByTestId('scaffold-delete').count()).toBe(0);
    expect(await page.getByTestId('scaffold-save-order').count()).toBe(0);
    expect(await page.getByText('Seuls les gestionnaires de la communauté peuvent modifier les échafaudages.').isVisible()).toBe(true);
    await checkPage(page, 'scaffold-manager-pupil');
  });
});
