import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { DictionaryReply } from '../../contracts/api/lexical.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';
import { findEnglish, inFrench, visibleStrings } from './frenchText.ts';
import { checkPage, describeBrowser, openPageAs, registerUser, useBrowserApp, type ApiUser } from './harness.ts';

/**
 * The lexical pages in the browser (issue 13 §2–§3): a class seeded through the API; the
 * student dictionary of a pupil (key concepts with their sentences, the notes classified, the
 * words, the 500×500 cloud laid out by the worker), an author without notes ("L'auteur n'a pas de
 * notes"), a pupil seeing a classmate as a letter, a stranger refused in French; the view's word
 * cloud (1000×1000) drawn and downloaded as SVG and PNG; axe and screenshots, no English.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-5b', managerRegistrationKey: 'profs-5b' };
const communityTitle = 'Sciences 5e B';
const texts = [
  "L'émergence des volcans nous intrigue. Les volcans crachent de la lave brûlante.",
  'Nos idées améliorables sur la lave : la lave refroidit et devient une roche.',
  'Création de connaissances : les volcans forment des îles.',
];

describeBrowser('lexical pages: student dictionary, view word cloud', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: Member;
  let pupil: Member;
  let classmate: Member;
  let stranger: ApiUser;
  const titles = ['Les volcans', 'La lave', 'Les îles'];

  /** Names, titles and texts the test wrote: not English to find. */
  const allowed = () => [
    communityTitle,
    'Test bastien',
    'Test capucine',
    'Test m-durand',
    'directrice Admin',
    'bastien',
    'capucine',
    'm-durand',
    ...titles,
    ...texts,
    'PNG',
    'SVG',
  ];

  const expectFrenchOnly = async (page: Page, where: string, more: string[] = []) => {
    const strings = await visibleStrings(page);
    expect(findEnglish(strings, where, [...allowed(), ...more])).toEqual([]);
  };

  const cloudDrawn = async (page: Page) => {
    const cloud = page.getByTestId('word-cloud');
    await expect.poll(() => cloud.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    const placed = Number(await cloud.getAttribute('data-words'));
    expect(placed).toBeGreaterThan(3);
    expect(await cloud.locator('text').count()).toBe(placed);
    return cloud;
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: communityTitle, ...keys });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'm-durand', 'durand-pass-1', community._id, keys.managerRegistrationKey);
    pupil = await registerAuthor(app.url, 'bastien', 'bastien-pass1', community._id, keys.registrationKey);
    classmate = await registerAuthor(app.url, 'capucine', 'capucine-pass1', community._id, keys.registrationKey);
    stranger = await registerUser(app.url, 'inconnue', 'inconnue-pass1');
    for (const [i, text] of texts.entries()) {
      await writtenNote(app.url, pupil.token, community._id, { title: titles[i] ?? '', viewId, x: 80 + 200 * i, y: 80, text });
    }
    await writtenNote(app.url, classmate.token, community._id, {
      title: 'La glace',
      viewId,
      x: 80,
      y: 300,
      text: 'La glace fond au soleil. Le soleil chauffe la glace et la mer.',
    });
    // The lexical rows follow the events (the job, or the first request): wait until the pupil's notes are counted.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const reply = await ok<DictionaryReply>(app.url, `/api/lexical/${community._id}/dictionary?author=${pupil.authorId}`, teacher.token);
      if (reply.notes === 3 && !reply.stale) break;
      if (Date.now() > deadline) throw new Error(`the dictionary counts ${reply.notes} notes of 3`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it("shows a pupil's dictionary to the teacher: key concepts with sentences, notes classified, words, the cloud", async () => {
    const page = await openPageAs(app, teacher.token, `/studentdictionary/${community._id}`);
    const select = page.getByTestId('dictionary-author');
    await select.waitFor();
    const options = (await select.locator('option').allTextContents()).map((text) => text.trim());
    // At most 80, by userName (bastien, capucine, directrice, m-durand), shown by name.
    expect(options.slice(1)).toEqual(['Test bastien', 'Test capucine', 'directrice Admin', 'Test m-durand (moi)']);
    await select.selectOption({ label: 'Test bastien' });
    await expect.poll(() => page.getByTestId('dictionary-status').innerText()).toContain('3 notes');
    const concepts = page.getByTestId('dictionary-concepts');
    expect(await concepts.locator('tbody tr').count()).toBe(21);
    await expect.poll(() => concepts.getByRole('row', { name: /Émergence/ }).innerText()).toMatch(/1$/);
    const phrases = page.getByTestId('dictionary-phrases');
    expect(await phrases.innerText()).toContain("L'émergence des volcans nous intrigue.");
    expect(await phrases.innerText()).toContain('Idées améliorables');
    expect(await page.getByTestId('dictionary-classified').locator('tbody tr').count()).toBe(3);
    const words = await page.getByTestId('dictionary-words').locator('tbody tr').first().innerText();
    expect(words.replace(/\s+/g, ' ')).toBe('lave 3');
    const cloud = await cloudDrawn(page);
    expect(await cloud.getAttribute('viewBox')).toBe('0 0 500 500');
    await checkPage(page, 'lexical-dictionary');
    await expectFrenchOnly(page, 'student dictionary');

    // The teacher has written nothing.
    await select.selectOption({ label: 'Test m-durand (moi)' });
    await page.getByTestId('dictionary-empty').waitFor();
    expect(await page.getByTestId('dictionary-empty').innerText()).toBe("L'auteur n'a pas de notes");
    expect(await page.getByTestId('word-cloud').count()).toBe(0);
    await checkPage(page, 'lexical-dictionary-empty');
  });

  it('shows a pupil their own dictionary, and a classmate only as a letter', async () => {
    const page = await openPageAs(app, classmate.token, `/studentdictionary/${community._id}`);
    await page.getByTestId('dictionary-author').waitFor();
    await expect.poll(() => page.getByTestId('dictionary-status').innerText()).toContain('capucine');
    const options = (await page.getByTestId('dictionary-author').locator('option').allTextContents()).join(' | ');
    expect(options).toContain('Test capucine (moi)');
    expect(options).toMatch(/Étudiant [A-Z]/);
    expect(options).not.toContain('bastien');
    expect((await page.locator('body').innerText()).toLowerCase()).not.toContain('bastien');
    await cloudDrawn(page);
    await expectFrenchOnly(page, 'student dictionary of a pupil', [
      'La glace fond au soleil. Le soleil chauffe la glace et la mer.',
      'glace',
      'soleil',
    ]);
  });

  it('refuses a stranger with the French message', async () => {
    const page = await openPageAs(app, stranger.token, `/studentdictionary/${community._id}`);
    const alert = page.getByTestId('analytics-error');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(inFrench('community.notMember'));
  });

  it("draws the view's word cloud 1000×1000 and downloads it as SVG and PNG", async () => {
    // Opened from the view's analytics menu (the settings panel).
    const page = await openPageAs(app, pupil.token, `/view/${viewId}`);
    await page.getByTestId('view-page').first().waitFor();
    await page.getByTestId('tool-settings').click();
    await page.getByTestId('panel-settings').getByTestId('open-wcloud').click();
    await page.waitForURL((url) => url.pathname === `/wcloud/${viewId}`);
    const cloud = await cloudDrawn(page);
    expect(await cloud.getAttribute('viewBox')).toBe('0 0 1000 1000');
    const sizes = await cloud.locator('text').evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('font-size'))));
    expect(Math.max(...sizes)).toBe(100);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
    expect((await page.getByTestId('wcloud-words').locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')).toBe('lave 3');

    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wcloud-svg').click()]);
    expect(svg.suggestedFilename()).toMatch(/\.svg$/);
    const svgText = readFileSync((await svg.path()) ?? '', 'utf8');
    expect(svgText).toContain('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"');
    expect(svgText).toContain('>lave</text>');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wcloud-png').click()]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const bytes = readFileSync((await png.path()) ?? '');
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(1000);

    await checkPage(page, 'lexical-wcloud');
    await expectFrenchOnly(page, 'view word cloud', ['glace', 'soleil', 'La glace fond au soleil. Le soleil chauffe la glace et la mer.']);
  });
});
