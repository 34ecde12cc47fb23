import { noteBodyOf } from '../../contracts/contributionData.ts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { Connection, ObjectReply } from '../../contracts/api/objects.ts';
import { countWords } from '../../contracts/noteSchema.ts';
import { describeBrowser, useBrowserApp, openPageAs } from './harness.ts';
import { createCommunity, ok, refByTitle, type Member, registerAuthor } from './api.ts';

/**
 * Issue 21 §3: pupils write inside a scaffold. A pupil inserts "Mon idée"
 * from the scaffold panel of a new note, types inside it, contributes; a
 * classmate reads the label with the words inside; the note `supports` the
 * support, and keeps that link when the words change.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'classe-cm1', managerRegistrationKey: 'maitres-cm1' };
const typed = "parce que l'eau s'évapore";

/** The supports of an editor or read view as [label|words], in order. */
const supportsShown = (root: Locator) =>
  root.evaluate((element) =>
    Array.from(element.querySelectorAll('.kf-support')).map(
      (support) =>
        `[${support.querySelector('.kf-support-label')?.textContent?.trim() ?? ''}|${support.querySelector('.kf-support-words')?.textContent ?? ''}]`,
    ),
  );

/** The text of an editor or read view, supports as [label|words]. */
const textShown = (root: Locator) =>
  root.evaluate((element) => {
    const clone = element.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('.kf-support').forEach((support) => {
      const label = support.querySelector('.kf-support-label')?.textContent?.trim() ?? '';
      support.replaceWith(`[${label}|${support.querySelector('.kf-support-words')?.textContent ?? ''}]`);
    });
    return clone.textContent ?? '';
  });

/** Where ProseMirror's selection is: "from:to:size" (the editor host keeps it up to date). */
const position = (editor: Locator) => editor.locator('xpath=..').getAttribute('data-position');

/** Presses a key and waits until the editor's selection or document has followed. */
const press = async (page: Page, editor: Locator, key: string) => {
  const before = await position(editor);
  await page.keyboard.press(key);
  await expect.poll(() => position(editor)).not.toBe(before);
};

describeBrowser('writing inside a scaffold', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let lea: Member;
  let hugo: Member;
  let noteId = '';

  const openView = async (who: Member): Promise<Page> => {
    const page = await openPageAs(app, who.token, `/view/${viewId}`);
    await page.getByTestId('canvas-plane').waitFor();
    return page;
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'CM1 Le cycle de l’eau', ...keys });
    viewId = community.views[0] ?? '';
    lea = await registerAuthor(app.url, 'lea', 'lea-pass-1', community._id, keys.registrationKey);
    hugo = await registerAuthor(app.url, 'hugo', 'hugo-pass-1', community._id, keys.registrationKey);
  });

  it('a pupil inserts "Mon idée" in a new note, types inside it and contributes', async () => {
    const page = await openView(lea);
    await page.getByTestId('canvas-plane').click({ button: 'right', position: { x: 200, y: 220 } });
    await page.getByTestId('menu-new-note').click();
    const window = page.getByTestId('internal-window');
    await window.waitFor();
    noteId = (await window.getAttribute('data-target')) ?? '';
    expect(noteId).toMatch(/^[0-9a-f]{24}$/);
    await window.getByTestId('title-input').fill('Où va l’eau de la flaque ?');

    // The view's default scaffolds: "Amélioration des idées" (Mon idée …) and "Theory Building" (My theory …).
    const panel = window.getByTestId('scaffold-panel');
    const supportButton = (title: string) => panel.locator(`[data-testid="support-button"][data-support="${title}"]`);
    await supportButton('Mon idée').waitFor();
    await supportButton('My theory').waitFor();

    const editor = window.getByTestId('note-editor');
    await editor.click();
    await page.keyboard.type('La flaque disparaît ');
    // Nothing selected: an empty support, visible, with the caret inside it.
    await supportButton('Mon idée').click();
    await expect.poll(() => supportsShown(editor)).toEqual(['[Mon idée|]']);
    const empty = editor.locator('.kf-support.kf-support-empty');
    expect(await empty.count()).toBe(1);
    const placeholder = await empty.locator('.kf-support-end').evaluate((end) => getComputedStyle(end, '::before').content);
    expect(placeholder).toContain('écris ici');
    expect((await empty.boundingBox())?.width ?? 0).toBeGreaterThan(40);
    await screenshotTo(page, 'scaffold-empty');

    // Typing goes inside the support.
    await page.keyboard.type(typed);
    await expect.poll(() => supportsShown(editor)).toEqual([`[Mon idée|${typed}]`]);
    expect(await editor.locator('.kf-support-empty').count()).toBe(0);
    // Out of it with the right arrow; what follows is outside.
    await press(page, editor, 'ArrowRight');
    await page.keyboard.type(' au soleil.');
    await expect.poll(() => textShown(editor)).toBe(`La flaque disparaît [Mon idée|${typed}] au soleil.`);

    // A second scaffold wraps a selection: the words go inside it.
    await press(page, editor, 'Enter');
    await page.keyboard.type('La chaleur aide');
    await press(page, editor, 'Shift+Home');
    await supportButton('My theory').click();
    await expect.poll(() => supportsShown(editor)).toEqual([`[Mon idée|${typed}]`, '[My theory|La chaleur aide]']);
    // The caret stayed inside, at the end of its words.
    await page.keyboard.type(' à sécher');
    await expect.poll(() => supportsShown(editor)).toEqual([`[Mon idée|${typed}]`, '[My theory|La chaleur aide à sécher]']);

    // A typo inside is deleted like any text (the support stays, empty); then an empty support goes with one Backspace.
    await press(page, editor, 'ArrowRight');
    await supportButton('New Information').click();
    await expect.poll(() => editor.locator('.kf-support').count()).toBe(3);
    await page.keyboard.type('x');
    await expect
      .poll(() => supportsShown(editor))
      .toEqual([`[Mon idée|${typed}]`, '[My theory|La chaleur aide à sécher]', '[New Information|x]']);
    await press(page, editor, 'Backspace');
    await expect
      .poll(() => supportsShown(editor))
      .toEqual([`[Mon idée|${typed}]`, '[My theory|La chaleur aide à sécher]', '[New Information|]']);
    await press(page, editor, 'Backspace');
    await expect.poll(() => editor.locator('.kf-support').count()).toBe(2);

    // The word count includes the words written inside supports.
    const expectedWords = countWords(`La flaque disparaît ${typed} au soleil. La chaleur aide à sécher`);
    await expect.poll(async () => Number((await window.getByTestId('word-count').textContent())?.match(/\d+/)?.[0])).toBe(expectedWords);
    await screenshotTo(page, 'scaffold-written');

    await window.getByTestId('contribute').click();
    await window.getByTestId('save-success').waitFor();

    // Stored: the words are the support's content; the server counted them and linked the support.
    const stored = await ok<ObjectReply>(app.url, `/api/objects/${noteId}`, lea.token);
    expect(stored.status).toBe('active');
    expect(stored.wordCount).toBe(expectedWords);
    const nodes = supportNodes(noteBodyOf(stored));
    expect(nodes.map(({ title, words }) => [title, words])).toEqual([
      ['Mon idée', typed],
      ['My theory', 'La chaleur aide à sécher'],
    ]);
    const links = (await ok<Connection[]>(app.url, `/api/links/from/${noteId}`, lea.token)).filter((link) => link.type === 'supports');
    expect(links.map((link) => link.other.title).sort()).toEqual(['Mon idée', 'My theory']);
    const monIdee = links.find((link) => link.other.title === 'Mon idée');
    // The body names the link it became (linkId), which the next save keeps.
    expect(nodes[0]?.linkId).toBe(monIdee?._id);
    expect(nodes[1]?.linkId).toBe(links.find((link) => link.other.title === 'My theory')?._id);
    await page.close();
  });

  it('a classmate opens the note and reads the label with the words inside the scaffold', async () => {
    const page = await openView(hugo);
    await refByTitle(page, 'Où va l’eau de la flaque ?').dblclick();
    const window = page.getByTestId('internal-window');
    await window.waitFor();
    const body = window.getByTestId('read-body');
    await body.waitFor();
    await expect.poll(() => supportsShown(body)).toEqual([`[Mon idée|${typed}]`, '[My theory|La chaleur aide à sécher]']);
    expect(await textShown(body)).toContain(`La flaque disparaît [Mon idée|${typed}] au soleil.`);
    // Start and end markers around the words (KF6's markup: start label, end mark).
    const first = body.locator('.kf-support').first();
    expect(await first.locator('.KFSupportStart .kfSupportStartLabel').textContent()).toBe('Mon idée');
    expect(await first.locator('.KFSupportEnd').count()).toBe(1);
    expect(await first.locator('.KFSupportEnd').isVisible()).toBe(true);
    await screenshotTo(page, 'scaffold-read');
    await page.close();
  });

  it('keeps the supports link when the pupil rewrites the words inside the scaffold', async () => {
    const before = (await ok<Connection[]>(app.url, `/api/links/from/${noteId}`, lea.token)).filter((link) => link.type === 'supports');
    const page = await openPageAs(app, lea.token, `/contribution/${noteId}/${viewId}`);
    await page.getByTestId('contribution-pane').waitFor();
    await page.getByTestId('tab-edit').click();
    const editor = page.getByTestId('note-editor');
    await editor.waitFor();
    // A click on the label puts the caret at the end of its words.
    const caretBefore = await position(editor);
    await editor.locator('.kf-support').first().locator('.kfSupportStartLabel').click();
    await expect.poll(() => position(editor)).not.toBe(caretBefore);
    await page.keyboard.type(' et monte au ciel');
    await expect
      .poll(() => supportsShown(editor))
      .toEqual([`[Mon idée|${typed} et monte au ciel]`, '[My theory|La chaleur aide à sécher]']);
    // The caret walks through the words as through any text.
    for (let step = 0; step < 4; step++) await press(page, editor, 'ArrowLeft');
    await page.keyboard.type('grand ');
    await expect
      .poll(() => supportsShown(editor))
      .toEqual([`[Mon idée|${typed} et monte au grand ciel]`, '[My theory|La chaleur aide à sécher]']);
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    const after = (await ok<Connection[]>(app.url, `/api/links/from/${noteId}`, lea.token)).filter((link) => link.type === 'supports');
    expect(after.map((link) => link._id).sort()).toEqual(before.map((link) => link._id).sort());
    const rewritten = supportNodes(noteBodyOf(await ok<ObjectReply>(app.url, `/api/objects/${noteId}`, lea.token)));
    expect(rewritten[0]).toEqual({
      title: 'Mon idée',
      words: `${typed} et monte au grand ciel`,
      linkId: before.find((link) => link.other.title === 'Mon idée')?._id,
    });

    // A support added now and saved, then written on and saved again, keeps the link its first save made.
    await page.getByTestId('continue-editing').click();
    await editor.locator('.kf-support').nth(1).locator('.kfSupportStartLabel').click();
    await press(page, editor, 'ArrowRight');
    await page.getByTestId('scaffold-panel').locator('[data-support="I need to understand"]').click();
    await page.keyboard.type('pourquoi');
    await expect.poll(() => supportsShown(editor)).toContain('[I need to understand|pourquoi]');
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    const third = (await ok<Connection[]>(app.url, `/api/links/from/${noteId}`, lea.token)).filter((link) => link.type === 'supports');
    expect(third.map((link) => link.other.title).sort()).toEqual(['I need to understand', 'Mon idée', 'My theory']);
    await page.getByTestId('continue-editing').click();
    await editor.locator('.kf-support').nth(2).locator('.kfSupportStartLabel').click();
    await page.keyboard.type(' elle revient');
    await expect.poll(() => supportsShown(editor)).toContain('[I need to understand|pourquoi elle revient]');
    await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-dirty')).toBe('true');
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-dirty')).toBe('false');
    const fourth = (await ok<Connection[]>(app.url, `/api/links/from/${noteId}`, lea.token)).filter((link) => link.type === 'supports');
    expect(fourth.map((link) => link._id).sort()).toEqual(third.map((link) => link._id).sort());
    await page.close();
  });

  it('a support pasted from Knowledge Forum 6 becomes this community’s support, with its words', async () => {
    const id = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, hugo.token, 'POST', {
        type: 'Note',
        placement: { viewId, x: 500, y: 220 },
      })
    ).contribution._id;
    const page = await openPageAs(app, hugo.token, `/contribution/${id}/${viewId}`);
    await page.getByTestId('contribution-pane').waitFor();
    await page.getByTestId('title-input').fill('La glace');
    // Pasted supports are matched to those this view offers: wait until the panel has them.
    await page.getByTestId('scaffold-panel').locator('[data-support="Mon idée"]').waitFor();
    const editor = page.getByTestId('note-editor');
    await editor.click();
    await page.keyboard.type('Au soleil ');
    // KF6's markup for "Mon idée" (kftag.service.js), with the id of a link on a KF6 server.
    const kf6Id = 'c0ffee'.repeat(4);
    const html =
      `<span id="${kf6Id}" class="KFSupportStart mceNonEditable"> <span class="kfSupportStartMark"> &nbsp; </span> <span class="kfSupportStartLabel">Mon idée</span> </span>` +
      `la glace <em>fond</em><span id="${kf6Id}" class="KFSupportEnd mceNonEditable"> <span class="kfSupportEndMark"> &nbsp; </span> </span>`;
    await editor.evaluate((element, markup) => {
      const data = new DataTransfer();
      data.setData('text/html', markup);
      data.setData('text/plain', 'Mon idée la glace fond');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);
    await expect.poll(() => supportsShown(editor)).toEqual(['[Mon idée|la glace fond]']);
    expect(await editor.locator('.kf-support-words em').textContent()).toBe('fond');
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    const links = (await ok<Connection[]>(app.url, `/api/links/from/${id}`, hugo.token)).filter((link) => link.type === 'supports');
    expect(links.map((link) => link.other.title)).toEqual(['Mon idée']);
    expect(supportNodes(noteBodyOf(await ok<ObjectReply>(app.url, `/api/objects/${id}`, hugo.token)))).toEqual([
      { title: 'Mon idée', words: 'la glace fond', linkId: links[0]?._id },
    ]);
    await page.close();
  });
});

/** The support nodes of a stored body: label, words, link id. */
const supportNodes = (body: unknown): { title: string; words: string; linkId: unknown }[] => {
  type Json = { type?: string; text?: string; attrs?: Record<string, unknown>; content?: Json[] };
  const found: { title: string; words: string; linkId: unknown }[] = [];
  const walk = (node: Json) => {
    if (node.type === 'support') {
      found.push({
        title: String(node.attrs?.title),
        words: (node.content ?? []).map((child) => child.text ?? '').join(''),
        linkId: node.attrs?.linkId,
      });
      return;
    }
    (node.content ?? []).forEach(walk);
  };
  walk(body as Json);
  return found;
};

/** A screenshot under /tmp, to look at what the pupil sees. */
const screenshotTo = (page: Page, name: string) => page.screenshot({ path: `/tmp/${name}.png` });
