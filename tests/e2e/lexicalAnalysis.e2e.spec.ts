import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ScaffoldManagerReply } from '../../contracts/api/scaffolds.ts';
import type { LexicalAnalysisReply } from '../../contracts/api/lexicalAnalysis.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';

/**
 * The lexical analysis in the browser (issue 13 §4): a class seeded through the API; the teacher
 * opens /lexicalanalysis/{communityId} from the analytics menu, is told in French that the lexicon
 * is empty ("Le lexique est vide:"), types a lexicon (shown as it will be counted), analyses: the
 * frequency table (whole words: "eau" is not counted inside "réseau"), the bar chart drawn by
 * plotly and the radar, the details per note, the CSV (Lexicon, Frequency, In Contribution); a
 * pupil sees a classmate as a letter; axe (strict) and screenshots.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-4a', managerRegistrationKey: 'profs-4a' };

describeBrowser('lexical analysis page', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let teacher: Member;
  let pupil: Member;
  let classmate: Member;

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Géographie 4e A', ...keys });
    const viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'm-martin', 'martin-pass-1', community._id, keys.managerRegistrationKey);
    pupil = await registerAuthor(app.url, 'lina', 'lina-pass-1', community._id, keys.registrationKey);
    classmate = await registerAuthor(app.url, 'oscar', 'oscar-pass-1', community._id, keys.registrationKey);
    await writtenNote(app.url, pupil.token, community._id, {
      title: 'Le réseau',
      viewId,
      x: 80,
      y: 80,
      text: "L'eau du réseau coule vers le bateau. L'Eau chaude sort du robinet.",
    });
    await writtenNote(app.url, classmate.token, community._id, {
      title: 'La glace',
      viewId,
      x: 300,
      y: 80,
      text: "La glace fond dans l'eau de la mer.",
    });
    // A note of the pupil written inside the scaffold "Mon idée" twice (the dictionary's supports used); none of the lexicon's words.
    const scaffolds = await ok<ScaffoldManagerReply>(app.url, `/api/communities/${community._id}/scaffoldmanager`, teacher.token);
    const myIdea = scaffolds.scaffolds[0]?.supports.find((support) => support.title === 'Mon idée')?._id ?? '';
    const scaffolded = await writtenNote(app.url, pupil.token, community._id, { title: 'Mes idées', viewId, x: 80, y: 300 });
    const { revision } = await ok<{ revision: number }>(app.url, `/api/objects/${scaffolded}`, pupil.token);
    const support = (text: string) => ({
      type: 'support',
      attrs: { supportId: myIdea, linkId: null, title: 'Mon idée' },
      content: [{ type: 'text', text }],
    });
    await ok(app.url, `/api/objects/${community._id}/${scaffolded}`, pupil.token, 'PUT', {
      revision,
      title: 'Mes idées',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [support('le bateau flotte'), support('le niveau monte')] }] },
    });
    // The lexical rows follow the events (the job, or the first request): wait until both notes are counted.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const reply = await ok<LexicalAnalysisReply>(app.url, `/api/lexical/${community._id}/analysis?lexicon=eau`, teacher.token);
      if (reply.terms[0]?.frequency === 3 && !reply.stale) break;
      if (Date.now() > deadline) throw new Error(`the analysis counts ${JSON.stringify(reply.terms)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it('counts a typed lexicon: table, bar and radar charts, details per note, CSV', async () => {
    const page = await openPageAs(app, teacher.token, `/stats/${community._id}`);
    await page.getByTestId('open-lexicalanalysis').click();
    await page.waitForURL(`**/lexicalanalysis/${community._id}`);
    await expect.poll(() => page.getByTestId('open-lexicalanalysis').getAttribute('aria-current')).toBe('page');

    // Nothing typed: the original's French message, and no request.
    const terms = page.getByTestId('lexical-terms');
    await terms.waitFor();
    expect(await terms.innerText()).toBe('Le lexique est vide:');
    await page.getByTestId('lexical-analyse').click();
    expect(await page.locator('[data-field-error="lexicon"]').innerText()).toBe('Le lexique est vide:');
    expect(await terms.innerText()).toBe('');
    expect(await page.getByTestId('lexical-results').count()).toBe(0);
    await checkPage(page, 'lexical-analysis-empty');

    await page.getByTestId('lexical-lexicon').fill('Eau ;\n« réseau »; Glace; volcan; EAU;');
    await expect.poll(() => terms.innerText()).toBe('Termes comptés (4) : eau ; réseau ; glace ; volcan');
    await page.getByTestId('lexical-analyse').click();
    await page.getByTestId('lexical-results').waitFor();
    expect(await page.getByTestId('lexical-summary').innerText()).toBe('Notes contenant au moins un terme : 2 sur 3.');

    const rows = await page
      .getByTestId('lexical-frequency')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
    // "eau" three times (never inside "réseau" or "bateau"), most frequent first, then the lexicon's order.
    expect(rows).toEqual([
      ['eau', '3', '2'],
      ['réseau', '1', '1'],
      ['glace', '1', '1'],
      ['volcan', '0', '0'],
    ]);

    // The bar chart drawn by plotly, the radar drawn as SVG.
    await page.getByTestId('chart-lexicon-frequency').locator('.main-svg').first().waitFor({ state: 'attached' });
    expect(await page.getByTestId('chart-lexicon-frequency').locator('.bars .point').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('radar-shape').count()).toBe(1);

    const details = page.getByTestId('lexical-details');
    expect(await details.locator('tbody tr').count()).toBe(2);
    expect((await details.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')).toContain('Le réseau Test lina');
    expect(await details.locator('tbody tr').first().innerText()).toContain('eau (2), réseau (1)');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('lexical-csv').click()]);
    expect(download.suggestedFilename()).toBe('analyse-lexicale.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Lexicon,Frequency,In Contribution');
    expect(lines[1]).toBe('eau,3,"Le réseau -- 2, La glace -- 1"');
    expect(lines).toContain('volcan,0,');

    await checkPage(page, 'lexical-analysis');
    await expectNoAxeViolations(page);
  });

  it('shows the scaffold supports a pupil used in the student dictionary', async () => {
    const page = await openPageAs(app, teacher.token, `/studentdictionary/${community._id}?author=${pupil.authorId}`);
    const supports = page.getByTestId('dictionary-supports');
    await supports.waitFor();
    const rows = await supports
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
    expect(rows).toEqual([['Mon idée', 'Amélioration des idées', '2', '1']]);
    await expectNoAxeViolations(page);
    // The classmate used none.
    await page.getByTestId('dictionary-author').selectOption({ label: 'Test oscar' });
    await page.getByTestId('dictionary-no-supports').waitFor();
    expect(await page.getByTestId('dictionary-no-supports').innerText()).toBe("Aucun soutien d'échafaudage dans les notes de cet auteur.");
  });

  it('shows a pupil their classmates as letters', async () => {
    const page = await openPageAs(app, pupil.token, `/lexicalanalysis/${community._id}`);
    await page.getByTestId('lexical-lexicon').fill('eau');
    await page.getByTestId('lexical-analyse').click();
    await page.getByTestId('lexical-details').waitFor();
    const text = await page.getByTestId('lexical-details').innerText();
    expect(text).toContain('Test lina (moi)');
    expect(text).toMatch(/Étudiant [A-Z]/);
    expect((await page.locator('body').innerText()).toLowerCase()).not.toContain('oscar');
    await expectNoAxeViolations(page);
  });
});
