import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import { solveRobotCheck } from '../support/altcha.ts';
import { createCommunity, ok, refByTitle, waitForLive, joinCommunity } from './api.ts';
import { inFrench } from './frenchText.ts';
import { describeBrowser, loginThroughUi, useBrowserApp, useSession, type ApiUser } from './harness.ts';

/**
 * Issue 21 §15, the community settings about names, as a class meets them. The
 * teacher ticks "last name first" (`flipname`) and "hide the user name in the
 * choice of authors" (`hideUserNameInAuthorSelector`) on the community settings
 * page; a pupil then reads names last name first on the canvas's note card and
 * in the contribution window, and chooses a co-author from a list that shows
 * no user names.
 */
const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'classe-cm2', managerRegistrationKey: 'maitres-cm2' };
const people = {
  teacher: { firstName: 'Claire', lastName: 'Dupont', userName: 'claire.dupont', password: 'claire-pass-1' },
  lea: { firstName: 'Léa', lastName: 'Martin', userName: 'lea.martin', password: 'lea-pass-1' },
  hugo: { firstName: 'Hugo', lastName: 'Bernard', userName: 'hugo.bernard', password: 'hugo-pass-1' },
};
const noteTitle = 'Les châteaux forts';
const shotDir = '/tmp/buildon-names';

const shot = async (page: Page, name: string) => {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`) });
};

/** Registers a person with their real first and last names (the harness's registerUser names everyone "Test"). */
const register = async (url: string, person: (typeof people)[keyof typeof people]): Promise<ApiUser> => {
  const body = await ok<{ token: string; user: { _id: string } }>(url, '/api/users', '', 'POST', {
    ...person,
    email: `${person.userName}@ecole.example`,
    robotCheck: await solveRobotCheck(url),
  });
  return { userName: person.userName, password: person.password, token: body.token, id: body.user._id };
};

/** The text of every option of the co-author selector but its empty first one. */
const choices = async (window: Locator) =>
  (await window.getByTestId('author-choice').locator('option').allTextContents()).filter((text) => text !== '—');

describeBrowser('names as the community settings ask (issue 21 §15: flipname, hideUserNameInAuthorSelector)', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: ApiUser;
  let lea: ApiUser;
  let leaPage: Page;

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'CM2 Histoire', ...keys });
    viewId = community.views[0] ?? '';
    teacher = await register(app.url, people.teacher);
    lea = await register(app.url, people.lea);
    const hugo = await register(app.url, people.hugo);
    const join = (user: ApiUser, registrationKey: string) => joinCommunity(app.url, user, community._id, registrationKey);
    await join(teacher, keys.managerRegistrationKey);
    await join(lea, keys.registrationKey);
    await join(hugo, keys.registrationKey);
    // Léa's note, on the class's view.
    const created = await ok<{ contribution: { _id: string } }>(app.url, `/api/contributions/${community._id}`, lea.token, 'POST', {
      type: 'Note',
      placement: { viewId, x: 60, y: 60 },
    });
    const id = created.contribution._id;
    const object = await ok<ObjectReply>(app.url, `/api/objects/${id}`, lea.token);
    await ok(app.url, `/api/objects/${community._id}/${id}`, lea.token, 'PUT', {
      revision: object.revision,
      title: noteTitle,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ils avaient des douves.' }] }] },
      status: 'active',
    });
    leaPage = await app.newPage();
    await useSession(leaPage, lea.token);
  });

  const openView = async (page: Page) => {
    await page.goto(`${app.url}/view/${viewId}`);
    await refByTitle(page, noteTitle).waitFor();
    await waitForLive(page);
  };

  /** Léa opens her note from the canvas: the contribution window. */
  const openNote = async (page: Page) => {
    await refByTitle(page, noteTitle).dblclick({ position: { x: 12, y: 10 } });
    const window = page.getByTestId('internal-window');
    await window.getByTestId('read-authors').waitFor();
    return window;
  };

  it('before: first name first, and the author selector shows user names', async () => {
    await openView(leaPage);
    expect(await refByTitle(leaPage, noteTitle).textContent()).toContain('Léa Martin');
    const window = await openNote(leaPage);
    expect(await window.getByTestId('read-authors').textContent()).toBe('Léa Martin');
    await window.getByTestId('tab-authors').click();
    await expect.poll(() => choices(window)).toContain('Hugo Bernard (hugo.bernard)');
    await window.getByTestId('window-close').click();
  });

  it('the teacher turns on both settings on the community settings page', async () => {
    const page = await app.newPage();
    await loginThroughUi(page, app.url, teacher.userName, teacher.password);
    await page.goto(`${app.url}/authormanager/${community._id}`);
    await page.getByTestId('settings-link').click();
    await page.getByTestId('settings-form').waitFor();
    const flip = page.getByLabel('Afficher le nom de famille en premier');
    const hide = page.getByLabel("Masquer le nom d'utilisateur dans le choix des auteurs");
    expect(await flip.isChecked()).toBe(false);
    expect(await hide.isChecked()).toBe(false);
    await flip.check();
    await hide.check();
    await page.getByTestId('settings-save').click();
    await page
      .getByTestId('settings-result')
      .filter({ hasText: inFrench('community.saved') })
      .waitFor();
    await shot(page, 'settings');
    // Saved for everyone, not only in this page.
    await page.reload();
    await page.getByTestId('settings-form').waitFor();
    expect(await page.getByLabel('Afficher le nom de famille en premier').isChecked()).toBe(true);
    expect(await page.getByLabel("Masquer le nom d'utilisateur dans le choix des auteurs").isChecked()).toBe(true);
  });

  it('after: Léa reads names last name first on the note card and in the contribution window', async () => {
    await openView(leaPage);
    await expect.poll(() => refByTitle(leaPage, noteTitle).textContent()).toContain('Martin Léa');
    expect(await refByTitle(leaPage, noteTitle).textContent()).not.toContain('Léa Martin');
    await shot(leaPage, 'card');
    const window = await openNote(leaPage);
    expect(await window.getByTestId('read-authors').textContent()).toBe('Martin Léa');
  });

  it('after: the co-author selector shows no user names; the chosen co-author shows last name first everywhere', async () => {
    const window = leaPage.getByTestId('internal-window');
    await window.getByTestId('tab-authors').click();
    const row = window.getByTestId('author-row').first();
    expect(await row.textContent()).toContain('Martin Léa');
    expect(await row.textContent()).not.toContain(people.lea.userName);
    await expect.poll(() => choices(window)).toContain('Bernard Hugo');
    const options = await choices(window);
    for (const person of Object.values(people)) {
      expect(options.some((text) => text.includes(person.userName))).toBe(false);
    }
    expect(options).toEqual(expect.arrayContaining(['Dupont Claire', 'Bernard Hugo']));
    await shot(leaPage, 'author-selector');

    // Hugo becomes a co-author: named last name first in the window and on the card.
    await window.getByTestId('author-choice').selectOption({ label: 'Bernard Hugo' });
    await window.getByTestId('author-add').click();
    await expect.poll(() => window.getByTestId('author-row').allTextContents()).toHaveLength(2);
    expect((await window.getByTestId('author-row').nth(1).textContent()) ?? '').toContain('Bernard Hugo');
    expect((await window.getByTestId('author-row').nth(1).textContent()) ?? '').not.toContain(people.hugo.userName);
    await window.getByTestId('tab-read').click();
    await expect.poll(() => window.getByTestId('read-authors').textContent()).toBe('Martin Léa, Bernard Hugo');
    await window.getByTestId('window-close').click();
    await expect.poll(() => refByTitle(leaPage, noteTitle).textContent()).toContain('Martin Léa, Bernard Hugo');
  });
});
