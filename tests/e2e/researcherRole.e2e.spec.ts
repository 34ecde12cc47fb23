import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { createCommunity, ok, registerAuthor, type Member } from './api.ts';
import { inFrench } from './frenchText.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';

/**
 * Issue 24 §5 as a teacher meets it: on the author manager, the teacher makes
 * a member a researcher (read-only), sees them listed, and makes them a writer
 * again. As a researcher, the member reads the class's view (their role shown)
 * and every write is refused with the French message.
 */
const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'classe-cm1', managerRegistrationKey: 'maitres-cm1' };

describeBrowser('the researcher role, given and taken back on the author manager', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let teacher: Member;
  let chercheuse: Member;

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'CM1 Sciences', ...keys });
    teacher = await registerAuthor(app.url, 'maitre.paul', 'paul-pass-1', community._id, keys.managerRegistrationKey);
    chercheuse = await registerAuthor(app.url, 'ines.chercheuse', 'ines-pass-1', community._id, keys.registrationKey);
  });

  it('a teacher makes a member a researcher, who reads the view and may write nothing, then makes them a writer again', async () => {
    const page = await openPageAs(app, teacher.token, `/authormanager/${community._id}`);
    await page.getByTestId('researchers').waitFor();
    expect(await page.getByTestId('researchers').locator('li').count()).toBe(0);
    await page.getByTestId('add-researcher-select').selectOption(chercheuse.authorId);
    await page.getByTestId('add-researcher').click();
    await expect
      .poll(() => page.getByTestId('researchers-result').textContent())
      .toBe('ines.chercheuse est maintenant chercheur : il lit tout ce que lit un gestionnaire et ne peut rien changer.');
    await page.locator('[data-testid="researchers"] li[data-user="ines.chercheuse"]').waitFor();
    // No longer among the writers a manager could be chosen from.
    expect(await page.getByTestId('add-manager-select').locator(`option[value="${chercheuse.authorId}"]`).count()).toBe(0);
    await checkPage(page, 'author-manager-researcher');

    // The researcher reads the class's view, their role in its title bar, and is refused a note.
    const viewId = community.views[0] ?? '';
    const reader = await openPageAs(app, chercheuse.token, `/view/${viewId}`);
    await reader.getByTestId('canvas-plane').waitFor();
    expect(await reader.getByTestId('view-titlebar').textContent()).toContain('Chercheur');
    const refused = await fetch(`${app.url}/api/contributions/${community._id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${chercheuse.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'Note', placement: { viewId, x: 40, y: 40 } }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { messageCode: string }).messageCode).toBe('community.researcherReadOnly');
    expect(inFrench('community.researcherReadOnly')).toBe('Les chercheurs lisent cette communauté mais ne peuvent rien y modifier.');
    await reader.close();

    // Taken back: a writer again.
    await page.getByTestId('remove-researcher').click();
    await expect.poll(() => page.getByTestId('researchers-result').textContent()).toBe('ines.chercheuse est maintenant rédacteur.');
    await expect.poll(() => page.getByTestId('researchers').locator('li').count()).toBe(0);
    const authors = await ok<{ _id: string; role: string }[]>(app.url, `/api/communities/${community._id}/authors`, teacher.token);
    expect(authors.find((author) => author._id === chercheuse.authorId)?.role).toBe('writer');
    await page.close();
  });
});
