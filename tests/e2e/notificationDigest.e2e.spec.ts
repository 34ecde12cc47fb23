import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { DigestReply } from '../../contracts/api/notifications.ts';
import { startSmtpCatcher } from '../support/smtpCatcher.ts';
import { createCommunity, ok, registerAuthor, type Member } from './api.ts';
import { checkPage, describeBrowser, openPageAs, useBrowserApp } from './harness.ts';

/**
 * Issue 18 §5, the daily e-mail: on a server that sends e-mail (BUILDON_SMTP_URL, here a real SMTP
 * catcher on 127.0.0.1), the bell's panel offers "Résumé quotidien par e-mail"; a pupil ticks it
 * and the server keeps the choice (the sending itself: services/api/notifications/digest.int.spec.ts).
 */
const smtp = await startSmtpCatcher();
afterAll(async () => smtp.close());

const admin = { userName: 'digestadmin', password: 'admin-pass1' };

describeBrowser('the daily notification e-mail', () => {
  const app = useBrowserApp({
    admin,
    env: { BUILDON_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, BUILDON_MAIL_FROM: 'buildon@ecole.example' },
  });
  let community: CommunityAdmin;
  let pupil: Member;

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CE2 Résumés',
      registrationKey: 'classe-ce2',
      managerRegistrationKey: 'maitres-ce2',
    });
    pupil = await registerAuthor(app.url, 'digestpupil', 'pupil-pass1', community._id, 'classe-ce2');
  });

  it('is ticked from the bell’s panel, in French, and kept by the server', async () => {
    const page = await openPageAs(app, pupil.token, '/');
    await page.getByTestId('nav-notifications').click();
    const choice = page.getByTestId('notifications-digest');
    await choice.waitFor();
    expect(await choice.textContent()).toContain('Résumé quotidien par e-mail');
    expect(await choice.getAttribute('aria-checked')).toBe('false');
    await choice.click();
    await expect.poll(() => choice.getAttribute('aria-checked')).toBe('true');
    expect(await ok<DigestReply>(app.url, '/api/notifications/digest', pupil.token)).toEqual({ available: true, daily: true });
    await checkPage(page, 'notifications-digest');
  });
});
