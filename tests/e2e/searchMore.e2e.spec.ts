import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin, CommunitySettings } from '../../contracts/api/communities.ts';
import { CONTRIBUTION_DRAG_TYPE } from '../../web/src/lib/dragData.ts';
import { createCommunity, ok, registerAuthor, writtenNote, type Member } from './api.ts';
import { expectNoAxeViolations } from './axeStrict.ts';
import { checkPage, describeBrowser, openPageAs, screenshots, useBrowserApp } from './harness.ts';

/**
 * Issue 14 §2 (the rest) and §4 in the browser: a teacher comments a result
 * in the search table and a pupil reads it, read-only, in French; the
 * "students" type; the drag data of a result; the favourites panel.
 */

const admin = { userName: 'directeur', password: 'admin-pass1' };
const keys = { registrationKey: 'eleves-5b', managerRegistrationKey: 'profs-5b' };

describeBrowser('search: comments, students, drag data and favourites', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let teacher: Member;
  let alice: Member;
  let bruno: Member;
  let volcanoId = '';
  let hiddenId = '';
  const comment = 'Très bonne question : pense à la pression du magma.';

  const searchFor = async (page: Page, words: string, path = '/search') => {
    await page.getByTestId('search-query').fill(words);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(path),
    );
    await page.getByTestId('search-submit').click();
    await answered;
    await expect.poll(() => page.getByTestId('search').getAttribute('data-status')).toMatch(/^(searched|noresult|error)$/);
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'Sciences 5e B', ...keys });
    const { token } = await ok<{ token: string }>(app.url, '/auth/local', '', 'POST', admin);
    const settingsUrl = `/api/communities/${community._id}/settings`;
    const settings = await ok<CommunitySettings>(app.url, settingsUrl, token);
    settings.data.plugins.enableFavourites = true;
    await ok(app.url, settingsUrl, token, 'PUT', { data: settings.data, scaffoldIds: settings.scaffoldIds });
    teacher = await registerAuthor(app.url, 'mme-roche', 'roche-pass1', community._id, keys.managerRegistrationKey);
    alice = await registerAuthor(app.url, 'alice5b', 'alice-pass1', community._id, keys.registrationKey);
    bruno = await registerAuthor(app.url, 'bruno5b', 'bruno-pass1', community._id, keys.registrationKey);
    const viewId = community.views[0] ?? '';
    volcanoId = await writtenNote(app.url, alice.token, community._id, { title: 'Pourquoi les volcans explosent', viewId, x: 100, y: 100 });
    hiddenId = await writtenNote(app.url, alice.token, community._id, { title: 'Mes volcans secrets', viewId, x: 300, y: 100 });
    await ok(app.url, `/api/objects/${community._id}/${hiddenId}/permission`, alice.token, 'PUT', { permission: 'public', group: null });
  });

  it('lets the teacher write a comment in the table, which a pupil then reads, read-only, in French', async () => {
    const page = await openPageAs(app, teacher.token, `/search/${community._id}`);
    await searchFor(page, 'Pourquoi volcans');
    const row = page.locator(`[data-testid="search-result"][data-id="${volcanoId}"]`);
    expect(await page.getByRole('columnheader', { name: "Commentaire de l'enseignant" }).count()).toBe(1);
    const input = row.getByTestId('search-comment-input');
    await input.fill(comment);
    const saved = page.waitForResponse((response) => response.url().endsWith('/savecomments') && response.status() === 200);
    await row.getByTestId('search-comment-save').click();
    await saved;
    await expect.poll(() => page.getByTestId('search-place-status').textContent()).toContain('Commentaire enregistré');
    await checkPage(page, 'search-comment-teacher');
    await expectNoAxeViolations(page);

    const pupil = await openPageAs(app, bruno.token, `/search/${community._id}`);
    await searchFor(pupil, 'Pourquoi volcans');
    const pupilRow = pupil.locator(`[data-testid="search-result"][data-id="${volcanoId}"]`);
    expect(await pupilRow.getByTestId('search-comment').textContent()).toBe(comment);
    expect(await pupilRow.getByTestId('search-comment-input').count()).toBe(0);
    expect(await pupil.getByTestId('search-comment-form').count()).toBe(0);
    expect(await pupil.getByRole('columnheader', { name: "Commentaire de l'enseignant" }).count()).toBe(1);
    // And the server refuses the pupil's write, whatever a page would show.
    const refused = await pupil.evaluate(
      async ({ communityId, id, token }) =>
        (
          await fetch(`/api/objects/${communityId}/${id}/savecomments`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ comments: 'Moi aussi' }),
          })
        ).status,
      { communityId: community._id, id: volcanoId, token: bruno.token },
    );
    expect(refused).toBe(403);
    await checkPage(pupil, 'search-comment-pupil');
    await expectNoAxeViolations(pupil);
  });

  it('lists the students: a pupil sees their own name and letters for the others, the teacher sees names', async () => {
    const pupil = await openPageAs(app, bruno.token, `/search/${community._id}`);
    await pupil.getByTestId('search').waitFor();
    await pupil.getByLabel('Type').selectOption('students');
    await searchFor(pupil, '', '/search/students');
    const rows = pupil.getByTestId('search-student');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const texts = await rows.allTextContents();
    expect(texts[0]).toContain('bruno5b');
    expect(texts[0]).toContain('moi');
    expect(texts.join(' ')).not.toContain('alice5b');
    expect(texts.join(' ')).not.toContain('mme-roche');
    await checkPage(pupil, 'search-students-pupil');
    await expectNoAxeViolations(pupil);

    const page = await openPageAs(app, teacher.token, `/search/${community._id}`);
    await page.getByTestId('search').waitFor();
    await page.getByLabel('Type').selectOption('students');
    await searchFor(page, 'ALICE', '/search/students');
    const found = await page.getByTestId('search-student').allTextContents();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('alice5b');
  });

  it('puts the contribution drag data on a dragged result', async () => {
    const page = await openPageAs(app, bruno.token, `/search/${community._id}`);
    await searchFor(page, 'Pourquoi volcans');
    const row = page.locator(`[data-testid="search-result"][data-id="${volcanoId}"]`);
    expect(await row.getAttribute('draggable')).toBe('true');
    const dragged = await row.evaluate((element, type) => {
      const data = new DataTransfer();
      element.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: data }));
      return { types: [...data.types], value: data.getData(type), text: data.getData('text/plain') };
    }, CONTRIBUTION_DRAG_TYPE);
    expect(dragged.types).toContain(CONTRIBUTION_DRAG_TYPE);
    expect(JSON.parse(dragged.value)).toEqual({ id: volcanoId, communityId: community._id });
    expect(dragged.text).toBe('Pourquoi les volcans explosent');
  });

  it('shows the favourites the pupil may still read, draggable; one made private since is gone', async () => {
    await ok(app.url, `/api/objects/addTofav/${community._id}/${volcanoId}`, bruno.token, 'POST');
    await ok(app.url, `/api/objects/addTofav/${community._id}/${hiddenId}`, bruno.token, 'POST');
    const page = await openPageAs(app, bruno.token, `/search/${community._id}`);
    const panel = page.getByTestId('favourites-panel');
    await expect.poll(() => panel.getByTestId('favourite').count()).toBe(2);
    expect(await panel.getByRole('heading', { name: 'Mes favoris' }).count()).toBe(1);
    await screenshots(page, 'search-favourites');
    await expectNoAxeViolations(page);
    const dragged = await panel.locator(`[data-testid="favourite"][data-id="${volcanoId}"]`).evaluate((element, type) => {
      const data = new DataTransfer();
      element.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: data }));
      return data.getData(type);
    }, CONTRIBUTION_DRAG_TYPE);
    expect(JSON.parse(dragged)).toEqual({ id: volcanoId, communityId: community._id });

    await ok(app.url, `/api/objects/${community._id}/${hiddenId}/permission`, alice.token, 'PUT', { permission: 'private', group: null });
    await page.reload();
    await expect.poll(() => panel.getByTestId('favourite').count()).toBe(1);
    expect(await panel.textContent()).not.toContain('Mes volcans secrets');
    expect(await panel.getByRole('link', { name: 'Ouvrir « Pourquoi les volcans explosent »' }).count()).toBe(1);

    // The same list on the view screen, in its search panel beside the canvas.
    const view = await openPageAs(app, bruno.token, `/view/${community.views[0] ?? ''}`);
    await view.getByTestId('tool-search').click();
    const beside = view.getByTestId('panel-search').getByTestId('favourites-panel');
    await expect.poll(() => beside.getByTestId('favourite').count()).toBe(1);
    await view.close();
  });
});
