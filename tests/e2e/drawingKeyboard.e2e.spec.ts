import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import { dataOf } from '../../contracts/contributionData.ts';
import { createCommunity, ok, refByTitle, registerAuthor } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { describeBrowser, expectAccessible, useBrowserApp, type ApiUser, openPageAs } from './harness.ts';

/**
 * Issue 25 §4: the drawing editor without a mouse. A pupil tabs to the
 * canvas, chooses tools with the digit keys, places a rectangle, an ellipse,
 * a line and a text at the keyboard cross, moves the rectangle with the
 * arrows, goes from shape to shape, deletes one, describes the drawing and
 * contributes: every step is announced, the focus is visible, and the
 * description is the picture's text alternative in the read view and on the
 * canvas.
 */
const admin = { userName: 'directrice', password: 'admin-pass1' };
/** A 40×30 PNG. */
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAKklEQVR4nO3NMQ0AAAgDsAmb/yALGXA06d9MeyJisVgsFovFYrFYLP4bL9HP3Ew1mJ9PAAAAAElFTkSuQmCC';
const description = 'Un soleil au-dessus de la mer, avec le mot Soleil.';

describeBrowser('the drawing editor with the keyboard only (issue 25 §4)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let pupil: ApiUser;
  let drawingId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CE2 Le ciel',
      registrationKey: 'classe-ce2',
      managerRegistrationKey: 'maitres-ce2',
    });
    viewId = community.views[0] ?? '';
    pupil = await registerAuthor(app.url, 'yanis', 'yanis-pass-1', community._id, 'classe-ce2');
    drawingId = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
        type: 'Drawing',
        placement: { viewId, x: 120, y: 120 },
      })
    ).contribution._id;
  });

  const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);

  const tabTo = async (page: Page, wanted: string) => {
    for (let presses = 0; presses < 60; presses++) {
      if ((await focused(page)) === wanted) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`${wanted} never took the focus`);
  };

  /** Presses a key on the canvas and waits until the announcement says `expected`. */
  const step = async (page: Page, key: string, expected: string | RegExp) => {
    await page.keyboard.press(key);
    await expect.poll(() => page.getByTestId('drawing-announcement').textContent()).toMatch(expected);
  };

  const storedSvg = async () => String(dataOf(await ok<ObjectReply>(app.url, `/api/objects/${drawingId}`, pupil.token), 'Drawing')?.svg);

  it('a pupil places, moves, selects and deletes shapes and a text, describes the drawing and contributes, all by keyboard', async () => {
    const page = await openPageAs(app, pupil.token, `/contribution/${drawingId}/${viewId}`);
    await page.getByTestId('drawing-canvas').waitFor();

    await page.locator('body').focus();
    await tabTo(page, 'title-input');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Le soleil et la mer');
    await tabTo(page, 'description-input');
    await page.keyboard.type(description);

    // The canvas is one Tab stop, its focus ring visible, with the keyboard cross in its middle; its keys are described.
    await tabTo(page, 'drawing-canvas');
    const canvas = page.getByTestId('drawing-canvas');
    expect(await canvas.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    const cross = page.getByTestId('draw-cursor');
    expect(await cross.isVisible()).toBe(true);
    expect([await cross.getAttribute('data-x'), await cross.getAttribute('data-y')]).toEqual(['100', '100']);
    const hintId = await canvas.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toContain('Entrée place la forme');

    // A rectangle at the cross, then two steps to the right.
    await step(page, '3', /Outil : Rectangle\. Entrée la place à la croix/);
    await step(page, 'Enter', 'Nouvelle forme : rectangle, à x 100, y 100');
    await step(page, 'ArrowRight', 'Rectangle déplacé vers la droite : x 110, y 100.');
    await step(page, 'ArrowRight', 'Rectangle déplacé vers la droite : x 120, y 100.');
    // Escape lets go of it (the window stays), then the arrows move the cross.
    await step(page, 'Escape', /Forme lâchée/);
    expect(await focused(page)).toBe('drawing-canvas');
    await step(page, 'Shift+ArrowDown', 'Croix vers le bas : x 120, y 150.');
    await step(page, 'Shift+ArrowLeft', 'Croix vers la gauche : x 70, y 150.');

    // An ellipse and a line, each placed with Enter.
    await step(page, '4', /Outil : Ellipse/);
    await step(page, 'Enter', /Nouvelle forme : ellipse/);
    await step(page, 'Escape', /Forme lâchée/);
    await step(page, 'Shift+ArrowUp', 'Croix vers le haut : x 70, y 100.');
    await step(page, '5', /Outil : Ligne/);
    await step(page, 'Enter', /Nouvelle forme : ligne/);
    await step(page, 'Escape', /Forme lâchée/);

    // A text written at the cross: Enter opens it, Enter places it, and the canvas has the focus again.
    await step(page, 'Shift+ArrowUp', 'Croix vers le haut : x 70, y 50.');
    await page.keyboard.press('6');
    await step(page, 'Enter', /Outil : Texte/);
    await expect.poll(() => focused(page)).toBe('draw-text-input');
    await page.keyboard.type('Soleil');
    await step(page, 'Enter', 'Texte placé : « Soleil ».');
    await expect.poll(() => focused(page)).toBe('drawing-canvas');

    // The select tool goes from shape to shape; the ellipse is deleted, the rectangle made bigger.
    await step(page, '1', /Outil : Sélectionner et déplacer/);
    await step(page, 'Enter', 'Sélection : rectangle (1 sur 4), à x 120, y 100.');
    await step(page, '+', 'Agrandie.');
    await step(page, 'Enter', /Sélection : ellipse \(2 sur 4\)/);
    await step(page, 'Delete', 'Effacé : ellipse.');
    await step(page, 'Enter', /Sélection : rectangle \(1 sur 3\)/);
    // Shift+Enter goes back, round to the last one.
    await step(page, 'Shift+Enter', /Sélection : texte « Soleil » \(3 sur 3\)/);
    await step(page, 'ArrowDown', /Texte « Soleil » déplacé vers le bas/);
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/drawing-keyboard.png' });

    // Contribute from the keyboard.
    await tabTo(page, 'contribute');
    await page.keyboard.press('Enter');
    await page.getByTestId('save-success').waitFor();
    const svg = await storedSvg();
    expect(svg).toMatch(/<rect\b/);
    expect(svg).not.toMatch(/<ellipse\b/);
    expect(svg).toMatch(/<(line|path)\b/);
    expect([...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['Soleil']);
    const stored = await ok<ObjectReply>(app.url, `/api/objects/${drawingId}`, pupil.token);
    expect(stored.title).toBe('Le soleil et la mer');
    expect(dataOf(stored, 'Drawing')?.description).toBe(description);

    // Read: the description is the picture's text alternative.
    await page.getByTestId('tab-read').click();
    expect(await page.getByTestId('drawing-preview').getAttribute('alt')).toBe(description);
    await page.close();
  });

  it('on the canvas, the drawing card is named with its description', async () => {
    const page = await openPageAs(app, pupil.token, `/view/${viewId}`);
    const card = refByTitle(page, 'Le soleil et la mer');
    await card.waitFor();
    expect(await card.getAttribute('aria-label')).toContain(`image : ${description}`);
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('an image attachment is described in its window, by keyboard; the description is its alt text', async () => {
    const attachment = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
      type: 'Attachment',
      title: 'flaque.png',
      placement: { viewId, x: 400, y: 120 },
    });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(pngBase64, 'base64')], { type: 'image/png' }), 'flaque.png');
    const uploaded = await fetch(`${app.url}/api/upload/${community._id}/${attachment.contribution._id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pupil.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    const page = await openPageAs(app, pupil.token, `/contribution/${attachment.contribution._id}/${viewId}`);
    const image = page.getByTestId('attachment-image');
    await image.waitFor();
    expect(await image.getAttribute('alt')).toBe('flaque.png');
    await page.locator('body').focus();
    await tabTo(page, 'description-input');
    await page.keyboard.type('Une flaque d’eau sur le trottoir.');
    await tabTo(page, 'description-save');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('description-status').textContent()).toBe('Description enregistrée.');
    await expect.poll(() => image.getAttribute('alt')).toBe('Une flaque d’eau sur le trottoir.');
    // The focus stays on the button.
    expect(await focused(page)).toBe('description-save');
    const stored = await ok<ObjectReply>(app.url, `/api/objects/${attachment.contribution._id}`, pupil.token);
    expect(dataOf(stored, 'Attachment')?.description).toBe('Une flaque d’eau sur le trottoir.');
    await expectAccessible(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/attachment-description.png' });
    await page.close();
  });
});
