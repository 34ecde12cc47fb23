import { dataOf } from '../../contracts/contributionData.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import { describeBrowser, screenshotDir, screenshots, useBrowserApp, useSession } from './harness.ts';
import { createCommunity, ok, type Member, registerAuthor } from './api.ts';

/**
 * Issue 21 §12: the drawing's text tool writes in place on the canvas, never
 * through window.prompt. A pupil types "Soleil" where they clicked, saves, a
 * classmate sees it; a double-click edits it in place; Escape drops a text.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };

describeBrowser('the drawing text tool, in place (issue 21 §12)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let alice: Member;
  let bob: Member;
  /** Every dialog a page raised (alert, confirm, prompt): there must be none. */
  const dialogs: string[] = [];

  const open = async (who: Member, id: string): Promise<Page> => {
    const page = await app.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await useSession(page, who.token);
    await page.goto(`${app.url}/contribution/${id}/${viewId}`);
    await page.getByTestId('contribution-pane').waitFor();
    return page;
  };

  const storedSvg = async (id: string) => String(dataOf(await ok<ObjectReply>(app.url, `/api/objects/${id}`, alice.token), 'Drawing')?.svg);
  const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

  /** Clicks the canvas at a point of it with the text tool and waits for the in-place editor to take the keyboard. */
  const writeAt = async (page: Page, x: number, y: number) => {
    const box = await page.getByTestId('drawing-canvas').boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.click(box.x + x, box.y + y);
    const input = page.getByTestId('draw-text-input');
    await input.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('draw-text-input');
    return input;
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CE2 Le ciel',
      registrationKey: 'classe-ce2',
      managerRegistrationKey: 'maitres-ce2',
    });
    viewId = community.views[0] ?? '';
    alice = await registerAuthor(app.url, 'alice', 'alice-pass', community._id, 'classe-ce2');
    bob = await registerAuthor(app.url, 'bob', 'bob-pass-1', community._id, 'classe-ce2');
  });

  it('writes "Soleil" in place where the pupil clicked, saves it, and a classmate sees it', async () => {
    const drawingId = (
      await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, alice.token, 'POST', {
        type: 'Drawing',
        placement: { viewId, x: 100, y: 100 },
      })
    ).contribution._id;
    const page = await open(alice, drawingId);
    const canvas = page.getByTestId('drawing-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    // A circle first, so the text is one item among others.
    await page.getByTestId('draw-ellipse').click();
    await page.mouse.move(box.x + 110, box.y + 110);
    await page.mouse.down();
    await page.mouse.move(box.x + 150, box.y + 140, { steps: 4 });
    await page.mouse.move(box.x + 180, box.y + 180, { steps: 4 });
    await page.mouse.up();

    await page.getByTestId('draw-text').click();
    const input = await writeAt(page, 30, 60);
    // The editor sits where the text goes, in the text's size and colour (the stroke colour).
    const look = await input.evaluate((el) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return { fontSize: style.fontSize, color: style.color, left: rect.left, top: rect.top, bottom: rect.bottom };
    });
    expect(look.fontSize).toBe('16px');
    expect(look.color).toBe('rgb(29, 37, 32)');
    expect(Math.abs(look.left - (box.x + 30))).toBeLessThanOrEqual(1);
    expect(look.top).toBeLessThan(box.y + 60);
    expect(look.bottom).toBeGreaterThan(box.y + 60);
    await page.keyboard.type('Soleil');
    await screenshots(page, 'drawing-text-in-place');
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'detached' });
    mkdirSync(screenshotDir, { recursive: true });
    await canvas.screenshot({ path: join(screenshotDir, 'drawing-text-placed.png') });
    // The text is drawn on the canvas where it was typed.
    const inked = await canvas.evaluate((el: HTMLCanvasElement) => {
      const ratio = el.width / el.getBoundingClientRect().width;
      const pixels = el.getContext('2d')?.getImageData(30 * ratio, 45 * ratio, 50 * ratio, 18 * ratio).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128 && (pixels[i + 3] ?? 0) > 128) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(20);

    // Escape drops a text being written.
    await writeAt(page, 40, 150);
    await page.keyboard.type('Lune');
    await page.keyboard.press('Escape');
    await page.getByTestId('draw-text-input').waitFor({ state: 'detached' });

    await page.getByTestId('title-input').fill('Le ciel du matin');
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    const svg = await storedSvg(drawingId);
    expect(texts(svg)).toEqual(['Soleil']);
    expect(svg).toMatch(/<ellipse\b/);

    // A classmate opens it: the drawing renders, text and all.
    const classmate = await open(bob, drawingId);
    const preview = classmate.getByTestId('drawing-preview');
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    expect(decodeURIComponent((await preview.getAttribute('src')) ?? '')).toContain('>Soleil</text>');
    await classmate.close();

    // Reopened: a double-click with the select tool edits the text in place.
    await page.reload();
    await page.getByTestId('drawing-preview').waitFor();
    await page.getByTestId('tab-edit').click();
    await page.getByTestId('draw-select').click();
    await canvas.dblclick({ position: { x: 45, y: 55 } });
    const again = page.getByTestId('draw-text-input');
    await again.waitFor();
    expect(await again.inputValue()).toBe('Soleil');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('draw-text-input');
    await page.keyboard.press('End');
    await page.keyboard.type(' levant');
    // Leaving the editor (here for another tool) places the text too.
    await page.getByTestId('draw-pen').click();
    await again.waitFor({ state: 'detached' });
    await page.getByTestId('contribute').click();
    await page.getByTestId('save-success').waitFor();
    expect(texts(await storedSvg(drawingId))).toEqual(['Soleil levant']);
    await page.close();
    expect(dialogs).toEqual([]);
  });
});
