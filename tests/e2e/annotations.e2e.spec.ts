import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Annotation } from '../../contracts/api/annotations.ts';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { checkPage, describeBrowser, loginThroughUi, useBrowserApp, type ApiUser } from './harness.ts';
import { selectIn } from './selection.ts';
import { createCommunity, ok, registerAuthor } from './api.ts';

/**
 * Issue 6, item 8: annotations in the Read tab. Alice writes and contributes
 * a note; Bob selects a phrase in Read mode, annotates it (and keeps another
 * annotation private), sees the highlights; Alice reopens the note and sees
 * Bob's shared highlight and text, never his private one. Fixtures go through
 * the API; everything under test goes through the page.
 */

const admin = { userName: 'annotadmin', password: 'admin-pass1' };

const editor = (page: Page) => page.getByTestId('note-editor');

/** The highlighted text of the body, one entry per annotation id, in order. */
const highlighted = (page: Page) =>
  page.getByTestId('read-body').evaluate((root) => {
    const byId = new Map<string, string>();
    root.querySelectorAll('mark[data-annotation-ids]').forEach((mark) => {
      for (const id of mark.getAttribute('data-annotation-ids')?.split(' ') ?? []) {
        byId.set(id, (byId.get(id) ?? '') + (mark.textContent ?? ''));
      }
    });
    return [...byId.values()];
  });

describeBrowser('annotations in the Read tab', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let alice: ApiUser;
  let bob: ApiUser;
  let noteId = '';

  const open = async (who: ApiUser, id: string): Promise<Page> => {
    const page = await app.newPage();
    page.setDefaultTimeout(20_000);
    page.on('dialog', (dialog) => void dialog.accept());
    await loginThroughUi(page, app.url, who.userName, who.password);
    await page.goto(`${app.url}/contribution/${id}/${viewId}`);
    await page.getByTestId('contribution-pane').waitFor();
    return page;
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CE2 Lumière',
      registrationKey: 'classe-ce2',
      managerRegistrationKey: 'maitres-ce2',
    });
    viewId = community.views[0] ?? '';
    alice = await registerAuthor(app.url, 'alice', 'alice-pass', community._id, 'classe-ce2');
    bob = await registerAuthor(app.url, 'bob', 'bob-pass1', community._id, 'classe-ce2');
  });

  it('Alice writes and contributes a note', async () => {
    noteId = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, alice.token, 'POST', {
        type: 'Note',
        placement: { viewId, x: 120, y: 120 },
      })
    ).contribution._id;
    const page = await open(alice, noteId);
    await page.getByTestId('title-input').fill('Pourquoi les plantes ont besoin de lumière');
    await editor(page).click();
    await page.keyboard.type('Les feuilles captent la lumière du soleil. ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Sans lumière');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(', la plante jaunit.');
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    await expect.poll(() => page.getByTestId('contribution-pane').getAttribute('data-status')).toBe('active');
    await page.close();
  });

  it('Bob selects a phrase in Read mode, annotates it, keeps another private, and sees the highlights', async () => {
    const page = await open(bob, noteId);
    await page.getByTestId('read-body').waitFor();
    expect(await page.getByTestId('read-body').locator('strong').textContent()).toBe('Sans lumière');
    await page.getByTestId('annotations').waitFor();

    // A selection across the bold words and the plain text after them offers "Annoter".
    await selectIn(page, 'read-body', 'lumière, la plante');
    await page.getByTestId('annotate-selection').click();
    const form = page.getByTestId('annotation-form');
    expect(await form.locator('input[name="annotation-quote"]').inputValue()).toBe('lumière, la plante');
    // The text is required.
    await page.getByTestId('annotation-save').click();
    await form.locator('[data-field-error="annotation-text"]').waitFor();
    await checkPage(page, 'annotations-form');
    await form.locator('textarea').fill('Pourquoi jaunit-elle ? <b>pas du HTML</b>');
    await page.getByTestId('annotation-save').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => highlighted(page)).toEqual(['lumière, la plante']);
    // The mark spans the bold and the plain text: two pieces, one annotation.
    expect(await page.getByTestId('read-body').locator('strong mark').textContent()).toBe('lumière');

    // A private one, typed from the keyboard only: the passage is copied into the form.
    await page.getByTestId('annotate-passage').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('annotation-quote');
    await page.keyboard.type('du soleil');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Seulement pour moi');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('annotation-form').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('annotation-item').count()).toBe(2);
    await expect.poll(() => highlighted(page)).toEqual(['du soleil', 'lumière, la plante']);
    expect(await page.getByTestId('read-body').locator('mark[data-annotation-ids]').nth(0).textContent()).toBe('du soleil');
    const items = page.getByTestId('annotation-item');
    expect(await items.nth(0).getByTestId('annotation-private').count()).toBe(1);
    expect(await items.nth(0).getByTestId('annotation-text').textContent()).toBe('Seulement pour moi');
    // Texts are text: the markup is shown, never rendered.
    expect(await items.nth(1).getByTestId('annotation-text').textContent()).toBe('Pourquoi jaunit-elle ? <b>pas du HTML</b>');
    expect(await page.locator('[data-testid="annotation-text"] b').count()).toBe(0);

    // Hovering a highlight shows its note with the author.
    await page.getByTestId('read-body').locator('strong mark').hover();
    const card = page.getByTestId('annotation-card');
    await card.waitFor();
    expect(await card.getByTestId('annotation-text').textContent()).toBe('Pourquoi jaunit-elle ? <b>pas du HTML</b>');
    expect(await card.getByTestId('annotation-author').textContent()).toContain('bob');
    await checkPage(page, 'annotations-read-author');

    // The author edits his shared annotation from the list.
    await page.mouse.move(0, 0);
    await items.nth(1).getByTestId('annotation-edit').click();
    await page.getByTestId('annotation-edit-form').locator('textarea').fill('Pourquoi jaunit-elle sans lumière ?');
    await page.getByTestId('annotation-edit-save').click();
    await expect.poll(() => items.nth(1).getByTestId('annotation-text').textContent()).toBe('Pourquoi jaunit-elle sans lumière ?');
    await page.close();
  });

  it('Alice reopens her note: Bob’s shared highlight and text are there, his private one is not', async () => {
    const page = await open(alice, noteId);
    await page.getByTestId('read-body').waitFor();
    await expect.poll(() => page.getByTestId('annotation-item').count()).toBe(1);
    await expect.poll(() => highlighted(page)).toEqual(['lumière, la plante']);
    const item = page.getByTestId('annotation-item').first();
    expect(await item.getByTestId('annotation-text').textContent()).toBe('Pourquoi jaunit-elle sans lumière ?');
    expect(await item.getByTestId('annotation-author').textContent()).toContain('bob');
    // Not hers: no edit or delete.
    expect(await item.getByTestId('annotation-edit').count()).toBe(0);
    expect(await page.content()).not.toContain('Seulement pour moi');
    expect(await page.getByTestId('read-body').textContent()).toContain('du soleil');
    // Clicking the highlight pins its card.
    await page.getByTestId('read-body').locator('mark').first().click();
    await page.getByTestId('annotation-card-close').waitFor();
    await checkPage(page, 'annotations-read-reader');
    // The pointer leaves the text first: a pinned card stays, and a highlight
    // under a resting pointer would open its hover card again.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.getByTestId('annotation-card-close').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('annotation-card').waitFor({ state: 'detached' });
    // Escape also closes a card opened by hovering.
    await page.getByTestId('read-body').locator('mark').first().hover();
    await page.getByTestId('annotation-card').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('annotation-card').waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);

    // The server agrees: Alice is given only the shared annotation.
    const listed = await ok<Annotation[]>(app.url, `/api/objects/${noteId}/annotations`, alice.token);
    expect(listed.map((a) => a.text)).toEqual(['Pourquoi jaunit-elle sans lumière ?']);
    await page.close();
  });

  it('Bob deletes his private annotation; its highlight goes', async () => {
    const page = await open(bob, noteId);
    await expect.poll(() => page.getByTestId('annotation-item').count()).toBe(2);
    await page.getByTestId('annotation-item').first().getByTestId('annotation-delete').click();
    await expect.poll(() => page.getByTestId('annotation-item').count()).toBe(1);
    await expect.poll(() => highlighted(page)).toEqual(['lumière, la plante']);
    await page.close();
  });
});
