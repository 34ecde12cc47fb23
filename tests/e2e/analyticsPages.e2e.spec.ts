import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { AuthorNetworkReply, DashboardReply, NoteDashboardReply, S2vizReply } from '../../contracts/api/analytics.ts';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { describeBrowser, expectAccessible, openPageAs, registerUser, useBrowserApp, useSession, type ApiUser } from './harness.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';

/**
 * The analytics pages in the browser (issue 12 §2–§4, §6, §7): a small class
 * seeded through the API (notes, build-ons, reads); the social-interaction
 * page, the two dashboards and the author network each drawn (plotly's SVG,
 * the chords' ribbons, the networks' nodes), one filter switched on each,
 * the dashboard's CSV downloaded; a pupil sees letters for classmates; a
 * non-member is refused with the server's French message; the menu opens
 * them from the view without loading the charts there; axe at 1280 and 375 px.
 */

const admin = { userName: 'directeur', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-4a', managerRegistrationKey: 'profs-4a' };
const classmates = ['amandine', 'corentin'];
const communityTitle = 'Physique 4e A';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeBrowser('analytics pages: s2viz, dashboards, author network', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: Member;
  let pupil: Member;
  let others: Member[] = [];
  let stranger: ApiUser;

  /** The page's figures are on screen (the reply arrived and nothing is being fetched). */
  const ready = async (page: Page) => {
    await page.getByTestId('analytics').waitFor();
    await expect.poll(() => page.getByTestId('analytics').getAttribute('data-status')).toBe('ready');
  };

  /** Every plotly chart named is drawn (its `.main-svg`). */
  const expectPlotted = async (page: Page, ids: string[]) => {
    for (const id of ids) await page.getByTestId(`chart-${id}`).locator('.main-svg').first().waitFor({ state: 'attached' });
  };

  /** Opens every "show the table" toggle (the text alternatives), so the whole page can be read and checked. */
  const openAllTables = async (page: Page) => {
    for (const details of await page.locator('details').all()) {
      if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    }
  };

  const expectNoClassmateName = async (page: Page) => {
    await openAllTables(page);
    const text = (await page.locator('body').innerText()).toLowerCase();
    for (const name of classmates) expect(text, `${name} on ${page.url()}`).not.toContain(name);
    // The SVG tooltips (<title>) are text too.
    const titles = (await page.locator('svg title').allTextContents()).join(' ').toLowerCase();
    for (const name of classmates) expect(titles).not.toContain(name);
  };

  const axeAtBothWidths = async (page: Page, name: string) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      await page.waitForTimeout(300);
      await expectAccessible(page);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/pages-${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: communityTitle, ...keys });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'm-leroy', 'leroy-pass-1', community._id, keys.managerRegistrationKey);
    pupil = await registerAuthor(app.url, 'bastien', 'bastien-pass1', community._id, keys.registrationKey);
    others = [
      await registerAuthor(app.url, classmates[0]!, 'amandine-pass1', community._id, keys.registrationKey),
      await registerAuthor(app.url, classmates[1]!, 'corentin-pass1', community._id, keys.registrationKey),
    ];
    stranger = await registerUser(app.url, 'inconnu', 'inconnu-pass1');
    const [amandine, corentin] = others as [Member, Member];
    // Bastien writes n1; Amandine builds on it (n2) and writes n3; Corentin builds on n2 (n4) and on his own n4 (n5).
    const n1 = await writtenNote(app.url, pupil.token, community._id, { title: 'Pourquoi la glace flotte', viewId, x: 80, y: 80 });
    const n2 = await writtenNote(app.url, amandine.token, community._id, { title: 'La densité', viewId, x: 0, y: 0, buildsOn: n1 });
    const n3 = await writtenNote(app.url, amandine.token, community._id, { title: 'Les bulles', viewId, x: 320, y: 260 });
    const n4 = await writtenNote(app.url, corentin.token, community._id, { title: "L'eau se dilate", viewId, x: 0, y: 0, buildsOn: n2 });
    await writtenNote(app.url, corentin.token, community._id, { title: 'Vérifions', viewId, x: 0, y: 0, buildsOn: n4 });
    // Reads of others' notes: Bastien reads n2 and n3; Amandine reads n1; Corentin reads n1 and n2.
    const read = (who: Member, id: string) => ok(app.url, `/api/records/read/${community._id}/${id}`, who.token, 'POST');
    await read(pupil, n2);
    await read(pupil, n3);
    await read(amandine, n1);
    await read(corentin, n1);
    await read(corentin, n2);
    // The analytics read models follow the events: wait until the reads graph holds every pair.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const reply = await ok<S2vizReply>(app.url, `/api/analytics/${community._id}/s2viz`, teacher.token);
      if (reply.network.edges.length >= 4) break;
      if (Date.now() > deadline) throw new Error(`the reads graph has ${reply.network.edges.length} edges, 4 expected`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it('opens every analytics page from the view, without loading the charts on the view', async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await useSession(page, pupil.token);
    await page.goto(`${app.url}/view/${viewId}`);
    await page.getByTestId('view-page').first().waitFor();
    await page.getByTestId('tool-settings').click();
    const menu = page.getByTestId('panel-settings').getByTestId('analytics-menu');
    const labels = (await menu.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(labels).toEqual([
      'Statistiques',
      'Interactions sociales',
      "Tableau de bord d'activité",
      'Tableau de bord des notes',
      "Réseau d'auteurs",
      'Suivi des soutiens',
      "Dictionnaire de l'étudiant",
      'Analyse lexicale',
      'Nuage de mots',
    ]);
    // Once the panel has faded in (160 ms), its links are read at full contrast: axe on the view with the panel open.
    await page
      .getByTestId('panel-settings')
      .evaluate((panel) => Promise.all(panel.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/pages-menu-view-1280.png' });
    expect(scripts.filter((url) => /ChartCard|S2vizPage|DashboardPage|ForceGraph|plotly/i.test(url))).toEqual([]);
    await menu.getByTestId('open-dashboard').click();
    await page.waitForURL((url) => url.pathname === `/dashboard/${community._id}`);
    await ready(page);
    expect(scripts.some((url) => /DashboardPage/.test(url))).toBe(true);
    // From one analytics page to another through the page's own menu.
    await page.getByTestId('analytics-menu').getByTestId('open-s2viz').click();
    await page.waitForURL((url) => url.pathname === `/s2viz/${community._id}`);
    await ready(page);
  });

  it('s2viz: reads per day, both chords and the network; the settings, the undirected count and "initialise"', async () => {
    const reply = await ok<S2vizReply>(app.url, `/api/analytics/${community._id}/s2viz`, pupil.token);
    const page = await openPageAs(app, pupil.token, `/s2viz/${community._id}`);
    await ready(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Interactions sociales — ${communityTitle}`);
    await expectPlotted(page, ['reads-per-day']);
    // The chart's legend says "Lecture" and its axis "Visites par jour" (fact sheet §7).
    const plotText = await page.getByTestId('chart-reads-per-day').locator('.main-svg').allTextContents();
    expect(plotText.join(' ')).toContain('Lecture');
    expect(plotText.join(' ')).toContain('Visites par jour');
    for (const kind of ['reading', 'beingRead']) {
      const chord = page.getByTestId(`chord-svg-${kind}`);
      expect(await chord.locator('[data-group]').count()).toBe(reply.nodes.length);
      expect(await chord.locator('[data-ribbon]').count()).toBeGreaterThan(0);
    }
    const network = page.getByTestId('s2viz-network-svg');
    expect(await network.locator('[data-node]').count()).toBe(reply.nodes.length);
    expect(await network.locator('[data-edge]').count()).toBe(reply.network.edges.length);
    expect(await network.locator('circle').first().getAttribute('r')).toBe('10');
    await expect.poll(() => page.getByTestId('s2viz-network-summary').textContent()).toContain(`${reply.network.edges.length}`);

    // Undirected: each pair once, the count as the server gives it (no off-by-one).
    await page.getByTestId('s2viz-directional').uncheck();
    await expect
      .poll(() => page.getByTestId('s2viz-network-summary').textContent())
      .toBe(`Paires de personnes qui se lisent : ${reply.network.undirectedCount}.`);
    expect(await network.locator('[data-edge]').count()).toBe(reply.network.undirectedCount);
    // Node size 20: every circle follows; initialise brings back 10 and the directional graph.
    await page.getByTestId('s2viz-node-size').fill('20');
    await expect.poll(() => network.locator('circle').first().getAttribute('r')).toBe('20');
    await page.getByTestId('s2viz-initialise').click();
    await expect.poll(() => network.locator('circle').first().getAttribute('r')).toBe('10');
    expect(await page.getByTestId('s2viz-directional').isChecked()).toBe(true);
    expect(await page.getByTestId('s2viz-node-size').inputValue()).toBe('10');

    // A range that ends yesterday: no reads per day, the chart says so.
    await page.getByTestId('s2viz-from').fill(isoDay(Date.now() - 10 * 86_400_000));
    await page.getByTestId('s2viz-to').fill(isoDay(Date.now() - 86_400_000));
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.has('to'));
    await page.getByTestId('s2viz-apply').click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.getByTestId('chart-reads-per-day').getAttribute('data-empty')).toBe('true');
    await expectNoClassmateName(page);
  });

  it('dashboard: every chart, the per-user table with totals, a view filter and the CSV', async () => {
    const reply = await ok<DashboardReply>(app.url, `/api/analytics/${community._id}/dashboard`, teacher.token);
    const page = await openPageAs(app, teacher.token, `/dashboard/${community._id}`);
    await ready(page);
    await expectPlotted(page, ['actions', 'views', 'actors', 'modify-read']);
    // The per-day chart has its range brush.
    await page.getByTestId('chart-modify-read').locator('.rangeslider-container').first().waitFor({ state: 'attached' });
    const table = page.getByTestId('dashboard-users-table');
    const names = (await table.locator('tbody th').allTextContents()).join(' ').toLowerCase();
    for (const name of classmates) expect(names).toContain(name);
    const totals = await page.getByTestId('dashboard-totals').locator('td').allTextContents();
    expect(totals.map(Number)).toEqual([reply.totals.read, reply.totals.modified, reply.totals.created, reply.totals.total]);
    expect(reply.totals.read).toBeGreaterThan(0);
    expect(await page.getByTestId('dashboard-month').count()).toBeGreaterThan(0);
    // The record table: each row's title is a link that opens the contribution.
    const noteRecord = reply.records.find((record) => record.contribution?.type === 'Note');
    expect(noteRecord?.contribution?.title).toBeTruthy();
    const links = page.getByTestId('dashboard-records').getByTestId('dashboard-record-link');
    expect(await links.allTextContents()).toContain(noteRecord?.contribution?.title);
    expect(await links.first().getAttribute('href')).toMatch(/^\/contribution\/[0-9a-f]{24}$/);

    // The CSV: the server's file, named after the community, with the original's columns.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dashboard-csv').click()]);
    expect(download.suggestedFilename()).toBe(`Activity_Dashboard_Statics_${communityTitle}.csv`);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe('User Name,# of Reads,# of Modified,# of created,Total');
    expect(rows.length).toBe(reply.users.length);

    // One view: the server answers for it and the page says so.
    const viewTitle = (await page.getByTestId('dashboard-view').locator(`option[value="${viewId}"]`).textContent())?.trim() ?? '';
    await page.getByTestId('dashboard-view').selectOption(viewId);
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('view') === viewId);
    await page.getByTestId('dashboard-apply').click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.getByTestId('dashboard-scope').textContent()).toBe(`Perspective : ${viewTitle}.`);
    await ready(page);
    await expectPlotted(page, ['actions', 'actors', 'modify-read']);

    // A title in the record table opens its contribution.
    const first = page.getByTestId('dashboard-records').getByTestId('dashboard-record-link').first();
    const href = (await first.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/contribution\/[0-9a-f]{24}$/);
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
  });

  it('dashboard2: notes by first author, the type pie in %, notes per day; a pupil sees letters', async () => {
    const reply = await ok<NoteDashboardReply>(app.url, `/api/analytics/${community._id}/dashboard2`, pupil.token);
    expect(reply.total).toBe(5);
    const page = await openPageAs(app, pupil.token, `/dashboard2/${community._id}`);
    await ready(page);
    await expectPlotted(page, ['by-first-author', 'types', 'notes-per-day']);
    expect(await page.getByTestId('dashboard2-total').textContent()).toBe('Contributions créées dans la période : 5.');
    await page.getByTestId('chart-types').locator('summary').click();
    expect(await page.getByTestId('chart-table-types').locator('tbody tr').first().locator('td').allTextContents()).toEqual(['5', '100']);
    await page.getByTestId('chart-by-first-author').locator('summary').click();
    const authors = await page.getByTestId('chart-table-by-first-author').locator('tbody th').allTextContents();
    expect(authors.filter((label) => /^Étudiant [A-Z]+$/.test(label))).toHaveLength(2);
    expect(authors.some((label) => /bastien/i.test(label))).toBe(true);
    await expectNoClassmateName(page);
  });

  it('author network: authors sized by contributions, weighted build-ons with the self-loop, a date filter', async () => {
    const reply = await ok<AuthorNetworkReply>(app.url, `/api/analytics/${community._id}/authornetwork`, teacher.token);
    const page = await openPageAs(app, teacher.token, `/authornetwork/${community._id}`);
    await ready(page);
    const svg = page.getByTestId('network-svg');
    expect(await svg.locator('[data-node]').count()).toBe(reply.nodes.length);
    expect(await svg.locator('[data-edge]').count()).toBe(reply.edges.length);
    // Corentin built on his own note: the self-loop is drawn.
    expect(reply.edges.some((edge) => edge.from === edge.to)).toBe(true);
    const radii = (await svg.locator('circle').evaluateAll((circles) => circles.map((c) => Number(c.getAttribute('r'))))).sort(
      (a, b) => a - b,
    );
    expect(radii).toEqual(reply.nodes.map((node) => node.radius).sort((a, b) => a - b));
    const authors = (await page.getByTestId('network-authors-table').locator('tbody th').allTextContents()).join(' ').toLowerCase();
    for (const name of classmates) expect(authors).toContain(name);
    // The view filter, then a range that ends yesterday: nobody left.
    await page.getByTestId('network-view').selectOption(viewId);
    await page.getByTestId('network-from').fill(isoDay(Date.now() - 10 * 86_400_000));
    await page.getByTestId('network-to').fill(isoDay(Date.now() - 86_400_000));
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('view') === viewId);
    await page.getByTestId('network-apply').click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.getByTestId('network-summary').textContent()).toBe('Auteurs : 0 ; liens « construit sur » : 0.');
    // A pupil: letters for classmates in the graph and its tables.
    const pupilPage = await openPageAs(app, pupil.token, `/authornetwork/${community._id}`);
    await ready(pupilPage);
    expect(await pupilPage.getByTestId('network-svg').locator('[data-node]').count()).toBe(reply.nodes.length);
    await expectNoClassmateName(pupilPage);
    // The original's address, by view: the view's community opens with that view chosen.
    await pupilPage.goto(`${app.url}/authornetwork/${viewId}`);
    await pupilPage.waitForURL(`${app.url}/authornetwork/${community._id}?view=${viewId}`);
    await ready(pupilPage);
    expect(await pupilPage.getByTestId('network-view').inputValue()).toBe(viewId);
  });

  it("refuses a non-member on every page with the server's French message, and shows the menu to members only", async () => {
    for (const path of ['s2viz', 'dashboard', 'dashboard2', 'authornetwork']) {
      const page = await openPageAs(app, stranger.token, `/${path}/${community._id}`);
      await expect.poll(() => page.getByTestId('analytics-error').textContent()).toBe("Vous n'êtes pas membre de cette communauté.");
      expect(await page.getByTestId('analytics').count()).toBe(0);
      await page.close();
    }
    // The original's address by view: a stranger is not led to the view's community, and is refused.
    const byView = await openPageAs(app, stranger.token, `/authornetwork/${viewId}`);
    await byView.getByTestId('analytics-error').waitFor();
    // Read as a community's id, which it is not: the page says so and names nothing.
    expect(await byView.getByTestId('analytics-error').textContent()).toBe('Communauté introuvable.');
    expect(byView.url()).toBe(`${app.url}/authornetwork/${viewId}`);
    expect(await byView.getByTestId('analytics').count()).toBe(0);
    await byView.close();
    // The community's settings page shows the analytics menu to a member, not to a stranger (refused there too).
    const member = await openPageAs(app, pupil.token, `/communitysettings/${community._id}`);
    await member.getByTestId('analytics-menu').waitFor();
    const outsider = await openPageAs(app, stranger.token, `/communitysettings/${community._id}`);
    await outsider.getByRole('alert').first().waitFor();
    expect(await outsider.getByTestId('analytics-menu').count()).toBe(0);
  });

  // One test per page, each with room: the dashboard alone took 99 s under axe at both widths on a loaded machine.
  it.each([
    ['s2viz', () => pupil],
    ['dashboard', () => teacher],
    ['dashboard2', () => pupil],
    ['authornetwork', () => pupil],
  ] as const)(
    '/%s is accessible at 1280 and 375 px, tables open',
    async (path, who) => {
      const page = await openPageAs(app, who().token, `/${path}/${community._id}`);
      await ready(page);
      await axeAtBothWidths(page, path);
      await openAllTables(page);
      await expectNoAxeViolations(page);
      await page.close();
    },
    240_000,
  );

  it("a teacher downloads the class's KBDeX file from the community settings; a pupil is not offered it", async () => {
    const page = await openPageAs(app, teacher.token, `/communitysettings/${community._id}`);
    await page.getByTestId('kbdex-download').waitFor();
    await page.getByLabel('Mettre le titre avant le texte').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('kbdex-download').click()]);
    expect(download.suggestedFilename()).toBe(`kbdex-${community._id}.csv`);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Id,Author,Text,Group,Time,NoteId,Title,Authors,Permission,Status,Views');
    // Five notes, numbered in the order they were written; Bastien's first, its title before its text.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(lines[1]).toMatch(/^1,"[^"]*bastien[^"]*","Pourquoi la glace flotte\n/i);
    // For a study: every author a pseudonym, no pupil's name anywhere in the file.
    await page.getByTestId('kbdex-pseudonymise').check();
    const [study] = await Promise.all([page.waitForEvent('download'), page.getByTestId('kbdex-download').click()]);
    const studyText = readFileSync(await study.path(), 'utf8');
    const studyRows = studyText.split('\r\n').slice(1).filter(Boolean);
    for (const row of studyRows) expect(row.split(',')[1]).toMatch(/^"P-[0-9a-f]{12}"$/);
    for (const name of [...classmates, 'bastien']) expect(studyText.toLowerCase()).not.toContain(name);
    await page.getByTestId('kbdex-download').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/pages-kbdex-1280.png', fullPage: true });
    await page.close();
    const pupilPage = await openPageAs(app, pupil.token, `/communitysettings/${community._id}`);
    await pupilPage.getByTestId('analytics-menu').waitFor();
    expect(await pupilPage.getByTestId('kbdex-download').count()).toBe(0);
    await pupilPage.close();
  });
});
