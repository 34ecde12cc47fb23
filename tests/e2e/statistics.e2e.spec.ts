import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { StatsReply } from '../../contracts/api/analytics.ts';
import type { CommunityAdmin, Scaffold } from '../../contracts/api/communities.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { join } from 'node:path';
import { describeBrowser, expectAccessible, openPageAs, screenshotDir, screenshots, useBrowserApp } from './harness.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';

/**
 * The statistics page in the browser (issue 12 §1, §6, §7): a small class
 * seeded through the API; the page opened from the view's toolbar, by a
 * pupil (classmates as letters) and by the teacher (names, author filter);
 * every chart drawn by plotly with its table; a date filter that changes the
 * figures; axe at 1280 and 375 px.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-5b', managerRegistrationKey: 'profs-5b' };
const classmates = ['amandine', 'corentin'];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeBrowser('statistics page: charts, pseudonyms, filters', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: Member;
  let pupil: Member;
  let others: Member[] = [];

  /** The main charts: each must be drawn by plotly (`.main-svg`). */
  const mainCharts = ['per-day', 'weekdays', 'per-year', 'per-week', 'by-author'];

  const ready = async (page: Page) => {
    await page.getByTestId('stats-summary').waitFor();
    await expect.poll(() => page.getByTestId('stats').getAttribute('data-status')).toBe('ready');
  };

  const expectDrawn = async (page: Page, ids: string[]) => {
    for (const id of ids) {
      await page.getByTestId(`chart-${id}`).locator('.main-svg').first().waitFor({ state: 'attached' });
    }
  };

  /** The numbers in a chart's table, row by row (opened first: it is the chart's text alternative). */
  const tableRows = async (page: Page, id: string) => {
    const card = page.getByTestId(`chart-${id}`);
    const details = card.locator('details');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    return card
      .getByTestId(`chart-table-${id}`)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? '')));
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Sciences 5e B', ...keys });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'mme-roy', 'roy-pass-1', community._id, keys.managerRegistrationKey);
    pupil = await registerAuthor(app.url, 'bastien', 'bastien-pass1', community._id, keys.registrationKey);
    others = [
      await registerAuthor(app.url, classmates[0]!, 'amandine-pass1', community._id, keys.registrationKey),
      await registerAuthor(app.url, classmates[1]!, 'corentin-pass1', community._id, keys.registrationKey),
    ];
    // Bastien writes two notes, Amandine three (one with a scaffold support), Corentin one.
    await writtenNote(app.url, pupil.token, community._id, { title: 'Pourquoi la lune change', viewId, x: 80, y: 80 });
    await writtenNote(app.url, pupil.token, community._id, { title: 'Les marées', viewId, x: 320, y: 80 });
    for (const [i, title] of ['Ombre de la Terre', 'Phases', 'Le soleil éclaire'].entries()) {
      await writtenNote(app.url, others[0]!.token, community._id, { title, viewId, x: 80 + 200 * i, y: 260 });
    }
    await writtenNote(app.url, others[1]!.token, community._id, { title: 'La lune tourne', viewId, x: 80, y: 440 });
    const scaffolds = await ok<Scaffold[]>(app.url, `/api/communities/${community._id}/scaffolds`, pupil.token);
    const support = scaffolds[0]?.supports[0];
    if (!support) throw new Error('the community has no scaffold support');
    const supported = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, pupil.token, 'POST', {
      type: 'Note',
      placement: { viewId, x: 560, y: 80 },
    });
    const id = supported.contribution._id;
    const { revision } = await ok<{ revision: number }>(app.url, `/api/objects/${id}`, pupil.token);
    await ok(app.url, `/api/objects/${community._id}/${id}`, pupil.token, 'PUT', {
      revision,
      title: 'Ma théorie',
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'support',
                attrs: { supportId: support._id, linkId: null, title: support.title },
                content: [{ type: 'text', text: 'la lumière' }],
              },
            ],
          },
        ],
      },
      status: 'active',
    });
  });

  it('opens from the view toolbar, without loading plotly on the view', async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.addInitScript((value) => localStorage.setItem('buildon.token', value), pupil.token);
    await page.goto(`${app.url}/view/${viewId}`);
    await page.getByTestId('view-page').first().waitFor();
    // The analytics area is in the toolbar's settings panel (one rail button more would fold a manager's rail at 1280 × 800).
    await page.getByTestId('tool-settings').click();
    const entry = page.getByTestId('panel-settings').getByTestId('open-stats');
    expect((await entry.textContent())?.trim()).toBe('Statistiques');
    await page.screenshot({ path: join(screenshotDir, 'stats-entry-1280.png') });
    expect(
      scripts.some((url) => /StatsPage|plotly/i.test(url)),
      scripts.join('\n'),
    ).toBe(false);
    await entry.click();
    await page.waitForURL((url) => url.pathname === `/stats/${community._id}`);
    await ready(page);
    await expectDrawn(page, mainCharts);
    expect(scripts.some((url) => /StatsPage/.test(url))).toBe(true);
  });

  it('shows a pupil every chart, themself by name and the classmates as letters only', async () => {
    const page = await openPageAs(app, pupil.token, `/stats/${community._id}`);
    await ready(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Statistiques de Sciences 5e B');
    // The school year is the default range, shown in the date fields.
    const reply = await ok<StatsReply>(app.url, `/api/analytics/${community._id}/stats`, pupil.token);
    expect(await page.getByTestId('stats-from').inputValue()).toBe(reply.range.from);
    expect(await page.getByTestId('stats-to').inputValue()).toBe(reply.range.to);
    expect(await page.getByTestId('stats-summary').textContent()).toContain('contributions de la communauté : 7 ; les miennes : 3.');
    await expectDrawn(page, mainCharts);
    const scaffoldCards = page.locator('[data-testid^="chart-scaffold-"]');
    expect(await scaffoldCards.count()).toBeGreaterThan(0);
    await scaffoldCards.first().locator('.main-svg').first().waitFor({ state: 'attached' });

    const authors = await tableRows(page, 'by-author');
    expect(authors.map((row) => row[1]).sort()).toEqual(['1', '3', '3']);
    expect(authors.some((row) => /bastien/i.test(row[0] ?? ''))).toBe(true);
    expect(
      authors.filter((row) => !/bastien/i.test(row[0] ?? '')).map((row) => row[0]),
      'classmates as "Étudiant <letter>"',
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^Étudiant [A-Z]+$/), expect.stringMatching(/^Étudiant [A-Z]+$/)]));
    // No classmate's name anywhere in the page, and no author filter for a pupil.
    for (const details of await page.locator('details').all()) {
      if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    }
    const text = (await page.locator('body').innerText()).toLowerCase();
    for (const name of classmates) expect(text).not.toContain(name);
    expect(await page.getByTestId('stats-authors').count()).toBe(0);

    // The weekday table holds every contribution of the community once.
    const weekdays = await tableRows(page, 'weekdays');
    expect(weekdays).toHaveLength(7);
    expect(weekdays.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(7);
    expect(weekdays.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(3);
  });

  it('changes the figures with the date filter', async () => {
    const page = await openPageAs(app, pupil.token, `/stats/${community._id}`);
    await ready(page);
    const before = await tableRows(page, 'per-year');
    expect(before.map((row) => row.slice(1))).toEqual([['7', '3']]);
    // A range that ends yesterday: nothing written in it.
    const yesterday = isoDay(Date.now() - 86_400_000);
    await page.getByTestId('stats-to').fill(yesterday);
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('to') === yesterday);
    await page.getByTestId('stats-apply').click();
    expect((await answered).status()).toBe(200);
    await expect
      .poll(() => page.getByTestId('stats-summary').textContent())
      .toContain('contributions de la communauté : 0 ; les miennes : 0.');
    await expect.poll(() => page.getByTestId('chart-per-day').getAttribute('data-empty')).toBe('true');
    expect(await tableRows(page, 'per-year')).toEqual([]);
    // Back to today: the figures come back.
    await page.getByTestId('stats-to').fill(isoDay(Date.now()));
    await page.getByTestId('stats-apply').click();
    await expect
      .poll(() => page.getByTestId('stats-summary').textContent())
      .toContain('contributions de la communauté : 7 ; les miennes : 3.');
    // An empty date is refused on the page, naming the field.
    await page.getByTestId('stats-from').fill('');
    await page.getByTestId('stats-apply').click();
    await page.locator('[data-field-error="stats-from"]').waitFor();
  });

  it('shows the teacher every name and lets them filter by author', async () => {
    const view = await openPageAs(app, teacher.token, `/view/${viewId}`);
    await view.getByTestId('tool-settings').click();
    await view.getByTestId('panel-settings').getByTestId('open-stats').waitFor();
    const page = await openPageAs(app, teacher.token, `/stats/${community._id}`);
    await ready(page);
    await expectDrawn(page, mainCharts);
    const authors = await tableRows(page, 'by-author');
    expect(authors.map((row) => row[0]).join(' ')).toMatch(/amandine/i);
    expect(authors.map((row) => row[0]).join(' ')).toMatch(/corentin/i);
    await page.locator('form details summary').click();
    const filter = page.getByTestId('stats-authors');
    await filter.getByText(/corentin/i).click();
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('authors') === others[1]!.authorId);
    await page.getByTestId('stats-apply').click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.getByTestId('stats-summary').textContent()).toContain('contributions de la communauté : 1 ;');
  });

  // One test per reader, each with room: both in one test outran 120 s on a loaded machine.
  it.each([
    ['a pupil', 'stats-pupil', () => pupil],
    ['the teacher', 'stats-teacher', () => teacher],
  ] as const)(
    'is accessible at 1280 and 375 px, tables open or closed, for %s',
    async (_label, name, reader) => {
      const page = await openPageAs(app, reader().token, `/stats/${community._id}`);
      await ready(page);
      await expectDrawn(page, mainCharts);
      await screenshots(page, name);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await expectAccessible(page);
        await expectNoAxeViolations(page);
        // The charts follow the width: nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(screenshotDir, `${name}-settled-${width}.png`), fullPage: true });
      }
      for (const details of await page.locator('details').all()) {
        if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
      }
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(page);
    },
    240_000,
  );
});
