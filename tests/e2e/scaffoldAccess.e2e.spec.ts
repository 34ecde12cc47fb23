import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import { noteBodyOf } from '../../contracts/contributionData.ts';
import { createCommunity, ok, registerAuthor } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { describeBrowser, expectAccessible, useBrowserApp, type ApiUser, openPageAs } from './harness.ts';

/**
 * Issue 25 §4: scaffolds for a pupil who uses the keyboard and a screen
 * reader. With the keyboard only, a pupil inserts "My theory" from the
 * scaffold panel, writes inside it, leaves it and comes back into it with the
 * arrows, from the side and from another line, and contributes. The start and
 * end of each support are said in words a screen reader reads (and that the
 * saved note does not hold), and the English default scaffold of this French
 * class carries lang="en", in the editor, the panel and the read view.
 */
const admin = { userName: 'directrice', password: 'admin-pass1' };

describeBrowser('scaffolds with the keyboard and a screen reader (issue 25 §4)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let pupil: ApiUser;
  let noteId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM2 La météo',
      registrationKey: 'classe-cm2',
      managerRegistrationKey: 'maitres-cm2',
    });
    viewId = community.views[0] ?? '';
    pupil = await registerAuthor(app.url, 'nour', 'nour-pass-1', community._id, 'classe-cm2');
    noteId = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
        type: 'Note',
        placement: { viewId, x: 200, y: 200 },
      })
    ).contribution._id;
  });

  /** What has focus: its test id, or its tag and accessible text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.dataset.support ?? element?.dataset.testid ?? element?.tagName ?? null;
    });

  /** Presses Tab until `wanted` has focus (at most 60 times); fails otherwise. */
  const tabTo = async (page: Page, wanted: string, key = 'Tab') => {
    for (let presses = 0; presses < 60; presses++) {
      if ((await focused(page)) === wanted) return;
      await page.keyboard.press(key);
    }
    throw new Error(`${wanted} never took the focus`);
  };

  /** Where ProseMirror's selection is: "from:to:size". */
  const position = (editor: Locator) => editor.locator('xpath=..').getAttribute('data-position');

  /** Presses a key and waits until the editor's selection or document has followed. */
  const press = async (page: Page, editor: Locator, key: string) => {
    const before = await position(editor);
    await page.keyboard.press(key);
    await expect.poll(() => position(editor)).not.toBe(before);
  };

  /** The supports of an editor or read view as [label|words]. */
  const supportsShown = (root: Locator) =>
    root.evaluate((element) =>
      Array.from(element.querySelectorAll('.kf-support')).map(
        (support) =>
          `[${support.querySelector('.kfSupportStartLabel')?.textContent ?? ''}|${support.querySelector('.kf-support-words')?.textContent ?? ''}]`,
      ),
    );

  /** Roughly what a screen reader reads of an element: its text without what is aria-hidden, in one line. */
  const spoken = (root: Locator) =>
    root.evaluate((element) => {
      const clone = element.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return (clone.textContent ?? '').replace(/\s+/g, ' ').trim();
    });

  /** The languages of the texts a support's label and hidden words are read in. */
  const languages = (root: Locator) =>
    root.evaluate((element) =>
      Array.from(element.querySelectorAll('.kf-support')).map((support) => ({
        label: support.querySelector('.kfSupportStartLabel')?.getAttribute('lang') ?? null,
        hidden: Array.from(support.querySelectorAll('.kf-support-sr [lang]')).map((span) => span.getAttribute('lang')),
        // The nearest language around the pupil's words: the page's.
        words: support.querySelector('.kf-support-words')?.closest('[lang]')?.getAttribute('lang') ?? null,
      })),
    );

  it('a pupil inserts a scaffold, writes inside it, leaves and re-enters it with the keyboard only', async () => {
    const page = await openPageAs(app, pupil.token, `/contribution/${noteId}/${viewId}`);
    await page.getByTestId('contribution-pane').waitFor();
    const panel = page.getByTestId('scaffold-panel');
    await panel.locator('[data-support="My theory"]').waitFor();

    // The panel's English scaffold is marked as English in this French interface.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await panel.locator('[data-scaffold="Theory Building"] h4').getAttribute('lang')).toBe('en');
    expect(await panel.locator('[data-support="My theory"]').getAttribute('lang')).toBe('en');
    expect(await panel.locator('[data-support="Mon idée"]').getAttribute('lang')).toBe('fr');

    // Title, then the text, by keyboard.
    await page.locator('body').focus();
    await tabTo(page, 'title-input');
    await page.keyboard.type('Pourquoi il pleut');
    await tabTo(page, 'note-editor');
    const editor = page.getByTestId('note-editor');
    await page.keyboard.type('Les nuages sont lourds.');
    await press(page, editor, 'Enter');
    await page.keyboard.type('Il pleut ');

    // To the scaffold panel with Tab, Enter on "My theory": the support goes in and the caret is inside it.
    await tabTo(page, 'My theory');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('note-editor');
    await expect.poll(() => supportsShown(editor)).toEqual(['[My theory|]']);
    await page.keyboard.type("quand l'eau retombe");
    await expect.poll(() => supportsShown(editor)).toEqual(["[My theory|quand l'eau retombe]"]);

    // Out with the right arrow; what is typed then is outside.
    await press(page, editor, 'ArrowRight');
    await page.keyboard.type(' du ciel.');
    await expect.poll(() => supportsShown(editor)).toEqual(["[My theory|quand l'eau retombe]"]);
    // Back in from the right: Left enters at the end of the words.
    for (const _ of ' du ciel.') await press(page, editor, 'ArrowLeft');
    await press(page, editor, 'ArrowLeft');
    await page.keyboard.type(' en gouttes');
    await expect.poll(() => supportsShown(editor)).toEqual(["[My theory|quand l'eau retombe en gouttes]"]);

    // From the line above with Down, then End and Home along the line: the caret reaches the words inside.
    await press(page, editor, 'ArrowUp');
    await page.keyboard.press('Home');
    await press(page, editor, 'ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    for (const _ of 'Il pleut ') await press(page, editor, 'ArrowRight');
    await press(page, editor, 'ArrowRight');
    await page.keyboard.type('seulement ');
    await expect.poll(() => supportsShown(editor)).toEqual(["[My theory|seulement quand l'eau retombe en gouttes]"]);

    // A screen reader hears where the support starts and ends; its English title is marked English, the pupil's words are not.
    expect(await spoken(editor)).toContain(
      "Il pleut Début d'échafaudage My theory, seulement quand l'eau retombe en gouttes Fin d'échafaudage My theory du ciel.",
    );
    expect(await languages(editor)).toEqual([{ label: 'en', hidden: ['en', 'en'], words: 'fr' }]);
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/scaffold-access-editor.png' });

    // Contribute from the keyboard.
    await tabTo(page, 'contribute');
    await page.keyboard.press('Enter');
    await page.getByTestId('save-success').waitFor();

    // Saved: the words inside the support, none of the hidden words, no language attribute in the stored document.
    const stored = await ok<ObjectReply>(app.url, `/api/objects/${noteId}`, pupil.token);
    const json = JSON.stringify(noteBodyOf(stored));
    expect(json).toContain("seulement quand l'eau retombe en gouttes");
    expect(json).not.toContain('échafaudage');
    expect(json).not.toContain('"lang"');
    expect(stored.text4search).not.toContain('échafaudage');

    // The read view says the same to a screen reader, and passes axe.
    await page.getByTestId('tab-read').click();
    const body = page.getByTestId('read-body');
    await body.waitFor();
    await expect.poll(() => supportsShown(body)).toEqual(["[My theory|seulement quand l'eau retombe en gouttes]"]);
    expect(await spoken(body)).toContain(
      "Il pleut Début d'échafaudage My theory, seulement quand l'eau retombe en gouttes Fin d'échafaudage My theory du ciel.",
    );
    expect(await languages(body)).toEqual([{ label: 'en', hidden: ['en', 'en'], words: 'fr' }]);
    // The hidden words are not shown.
    const hiddenBox = await body.locator('.kf-support-sr').first().boundingBox();
    expect((hiddenBox?.width ?? 0) <= 1 && (hiddenBox?.height ?? 0) <= 1).toBe(true);
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/scaffold-access-read.png' });
    await page.close();
  });
});
