import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { contributionIdsDragType } from '../../contracts/api/search.ts';
import { checkPage, describeBrowser, loginThroughUi, screenshots, useBrowserApp } from './harness.ts';
import { ok, waitForLive, type Member, registerAuthor } from './api.ts';
import { inFrench } from './frenchText.ts';

/**
 * Search in the browser (spec part 2 §Search; issue 6 "a private note is
 * invisible to a third student … in search results"; issue 5 "dropping
 * search results onto the canvas"). Fixtures go through the API; the search
 * itself, its results and the drops go through the pages.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { writers: 'eleves-4a', managers: 'profs-4a' };
const sharedWord = 'photosynthèse';

describeBrowser('search: private notes stay private, results drop onto a canvas', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let studentA: Member;
  let studentC: Member;
  let publicId = '';
  let privateId = '';
  const publicTitle = 'Les feuilles vertes';
  const privateTitle = 'Mon journal secret';

  /** A note written by `who` (not placed in any view), contributed, then given its permission. */
  const writeNote = async (who: Member, title: string, text: string, permission: 'private' | 'public') => {
    const reply = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, who.token, 'POST', {
      type: 'Note',
    });
    const id = reply.contribution._id;
    await ok(app.url, `/api/objects/${community._id}/${id}`, who.token, 'PUT', {
      revision: 0,
      title,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
      status: 'active',
    });
    await ok(app.url, `/api/objects/${community._id}/${id}/permission`, who.token, 'PUT', { permission, group: null });
    return id;
  };

  const loggedIn = async (who: Member): Promise<Page> => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, who.userName, who.password);
    return page;
  };

  const searchFor = async (page: Page, words: string) => {
    await page.getByTestId('search-query').fill(words);
    // Wait for this search's answer: the status of the previous search is already a final one.
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/search'),
    );
    await page.getByTestId('search-submit').click();
    await answered;
    await expect.poll(() => page.getByTestId('search').getAttribute('data-status')).toMatch(/^(searched|noresult|error)$/);
  };

  const resultIds = (page: Page) => page.getByTestId('search-result').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
  const refsTitled = (page: Page, title: string) => page.locator(`[data-testid="ref"][data-title="${title}"]`);

  beforeAll(async () => {
    const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
    community = await ok<CommunityAdmin>(app.url, '/api/communities', token, 'POST', {
      title: 'Biologie 4e A',
      registrationKey: keys.writers,
      managerRegistrationKey: keys.managers,
    });
    viewId = community.views[0] ?? '';
    studentA = await registerAuthor(app.url, 'alice', 'alice-pass1', community._id, keys.writers);
    await registerAuthor(app.url, 'bruno', 'bruno-pass1', community._id, keys.writers);
    studentC = await registerAuthor(app.url, 'chloe', 'chloe-pass1', community._id, keys.writers);
    privateId = await writeNote(studentA, privateTitle, `La ${sharedWord} se passe la nuit, je crois.`, 'private');
    publicId = await writeNote(studentA, publicTitle, `Les feuilles font la ${sharedWord} avec la lumière.`, 'public');
  });

  it("shows a third student only the public note, never the private one's title", async () => {
    const page = await loggedIn(studentC);
    await page.goto(`${app.url}/search/${community._id}`);
    await page.getByTestId('search').waitFor();
    expect(await page.getByTestId('search').getAttribute('data-status')).toBe('init');
    await searchFor(page, sharedWord.toUpperCase());
    expect(await page.getByTestId('search').getAttribute('data-status')).toBe('searched');
    expect(await resultIds(page)).toEqual([publicId]);
    expect(await page.getByTestId('search-results').textContent()).toContain(publicTitle);
    expect(await page.content()).not.toContain(privateTitle);
    // The highlight marks the searched word; the toggle removes the marks.
    expect(await page.locator('[data-testid="search-results"] mark').count()).toBeGreaterThan(0);
    await checkPage(page, 'search-page');
    await page.getByTestId('search-highlight').uncheck();
    await expect.poll(() => page.locator('[data-testid="search-results"] mark').count()).toBe(0);

    // The CSV holds what the table shows, nothing more.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('search-csv').click()]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain(publicTitle);
    expect(csv).not.toContain(privateTitle);

    // A word only in the private note: nothing found.
    await searchFor(page, 'journal secret');
    expect(await page.getByTestId('search').getAttribute('data-status')).toBe('noresult');
    expect(await page.getByTestId('no_contributions_found').isVisible()).toBe(true);
    await checkPage(page, 'search-noresult');

    // An unknown author token: the server's message, in French.
    await searchFor(page, `${sharedWord} -author:personne`);
    expect(await page.getByTestId('search').getAttribute('data-status')).toBe('error');
    expect(await page.getByTestId('search-status').textContent()).toContain(inFrench('search.authorNotFound', { name: 'personne' }));
  });

  it('finds by a word without its accents or its end, marks it in the snippet, and shows the detailed table', async () => {
    const page = await loggedIn(studentC);
    await page.goto(`${app.url}/search/${community._id}`);
    await searchFor(page, 'photosynthe');
    expect(await resultIds(page)).toEqual([publicId]);
    const snippet = page.getByTestId('search-snippet');
    expect(await snippet.locator('mark').allTextContents()).toEqual([sharedWord]);
    await page.getByTestId('search-detailed').check();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Perspectives' }).count()).toBe(1);
    expect(await page.getByTestId('search-results').textContent()).toContain('Mots-clés');
  });

  it('shows the author both notes, and private mode keeps them', async () => {
    const page = await loggedIn(studentA);
    await page.goto(`${app.url}/search/${community._id}`);
    await searchFor(page, sharedWord);
    expect((await resultIds(page)).sort()).toEqual([privateId, publicId].sort());
    await page.getByTestId('search-advanced').locator('summary').click();
    await page.getByTestId('search-private').check();
    await page.getByTestId('search-submit').click();
    await expect.poll(async () => (await resultIds(page)).length).toBe(2);
    await checkPage(page, 'search-author-advanced');
  });

  it('lets the third student drag the public result from the search panel onto the canvas, where a ref appears', async () => {
    const page = await loggedIn(studentC);
    await page.goto(`${app.url}/view/${viewId}`);
    await page.getByTestId('canvas-plane').waitFor();
    await waitForLive(page);
    expect(await refsTitled(page, publicTitle).count()).toBe(0);
    await page.getByTestId('tool-search').click();
    const panel = page.getByTestId('panel-search');
    await panel.waitFor();
    await searchFor(page, sharedWord);
    expect(await resultIds(page)).toEqual([publicId]);
    await checkPage(page, 'search-panel');

    await panel
      .getByTestId('search-result')
      .first()
      .dragTo(page.getByTestId('canvas-plane'), { targetPosition: { x: 520, y: 300 } });
    await expect.poll(() => refsTitled(page, publicTitle).count()).toBe(1);
    const canvas = await ok<{ refs: { to: string }[] }>(app.url, `/api/views/${viewId}/canvas`, studentC.token);
    expect(canvas.refs.filter((ref) => ref.to === publicId)).toHaveLength(1);
    expect(canvas.refs.some((ref) => ref.to === privateId)).toBe(false);
    await screenshots(page, 'search-panel-dropped');
  });

  it('drops a result dragged from the search page in another tab (the drag data the page sets)', async () => {
    const searchPage = await loggedIn(studentC);
    await searchPage.goto(`${app.url}/search/${community._id}`);
    await searchFor(searchPage, sharedWord);
    // What the search page puts on a drag of its result…
    const dragged = await searchPage
      .getByTestId('search-result')
      .first()
      .evaluate((row, type) => {
        const data = new DataTransfer();
        row.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: data }));
        return { types: [...data.types], ids: data.getData(type) };
      }, contributionIdsDragType);
    expect(dragged.types).toContain(contributionIdsDragType);
    expect(JSON.parse(dragged.ids)).toEqual([publicId]);

    // …dropped on the canvas of a view open in another tab.
    const viewPage = await loggedIn(studentC);
    await viewPage.goto(`${app.url}/view/${viewId}`);
    await viewPage.getByTestId('canvas-plane').waitFor();
    await waitForLive(viewPage);
    // The refs the view already has (the previous test dropped one), once the page shows them.
    const before = (await ok<{ refs: { to: string }[] }>(app.url, `/api/views/${viewId}/canvas`, studentC.token)).refs.filter(
      (ref) => ref.to === publicId,
    ).length;
    await expect.poll(() => refsTitled(viewPage, publicTitle).count()).toBe(before);
    await viewPage.getByTestId('canvas').evaluate(
      (canvas, { type, ids }) => {
        const data = new DataTransfer();
        data.setData(type, ids);
        const box = canvas.getBoundingClientRect();
        const init = { bubbles: true, cancelable: true, dataTransfer: data, clientX: box.left + 300, clientY: box.top + 420 };
        canvas.dispatchEvent(new DragEvent('dragover', init));
        canvas.dispatchEvent(new DragEvent('drop', init));
      },
      { type: contributionIdsDragType, ids: dragged.ids },
    );
    await expect.poll(() => refsTitled(viewPage, publicTitle).count()).toBe(before + 1);
  });
});
