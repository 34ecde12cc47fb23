import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { createCommunity, registerAuthor, type Member } from './api.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';

/**
 * Issue 24 §3 from the web: a researcher of the class opens the community
 * settings page and downloads the research export (a ZIP with manifest.json);
 * a pupil is not offered the card.
 */
const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { registrationKey: 'classe-cm2', managerRegistrationKey: 'maitres-cm2' };

describeBrowser('the research export on the community settings page', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let teacher: Member;
  let chercheuse: Member;
  let pupil: Member;

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, { title: 'CM2 Sciences', ...keys });
    teacher = await registerAuthor(app.url, 'maitre.jean', 'jean-pass-1', community._id, keys.managerRegistrationKey);
    chercheuse = await registerAuthor(app.url, 'lea.chercheuse', 'lea-pass-1', community._id, keys.registrationKey);
    pupil = await registerAuthor(app.url, 'eleve.tom', 'tom-pass-1', community._id, keys.registrationKey);
    const made = await fetch(`${app.url}/api/authors/${community._id}/${chercheuse.authorId}/role`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${teacher.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'researcher' }),
    });
    expect(made.status).toBe(200);
  });

  it('a researcher downloads the ZIP; a pupil is not offered the card', async () => {
    const page = await openPageAs(app, chercheuse.token, `/communitysettings/${community._id}`);
    await page.getByTestId('research-export-download').waitFor();
    await page.getByTestId('research-export-mask').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('research-export-download').click()]);
    expect(download.suggestedFilename()).toBe(`research-${community._id}.zip`);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      }, reject);
    });
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toContain('manifest.json');
    const manifest = JSON.parse(strFromU8(files['manifest.json'] as Uint8Array)) as {
      community: { id: string };
      namesInText: { masked: boolean };
    };
    expect(manifest.community.id).toBe(community._id);
    expect(manifest.namesInText.masked).toBe(true);
    // The KBDeX card too, people always as pseudonyms (the server's rule for a researcher).
    expect(await page.getByTestId('kbdex-pseudonymise').isChecked()).toBe(true);
    expect(await page.getByTestId('kbdex-pseudonymise').isDisabled()).toBe(true);
    await page.getByTestId('research-export-download').scrollIntoViewIfNeeded();
    await checkPage(page, 'research-export-card');
    await page.close();

    const pupilPage = await openPageAs(app, pupil.token, `/communitysettings/${community._id}`);
    await pupilPage.getByText('Seuls les gestionnaires peuvent modifier ces paramètres.').waitFor();
    expect(await pupilPage.getByTestId('research-export-download').count()).toBe(0);
    expect(await pupilPage.getByTestId('kbdex-download').count()).toBe(0);
    await pupilPage.close();
  });
});
