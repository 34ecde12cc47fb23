import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import { createCommunity, registerAuthor, writtenNote, type Member } from './api.ts';
import { describeBrowser, expectAccessible, openPageAs, screenshotDir, useBrowserApp } from './harness.ts';

/**
 * Issue 18 §5: in-app notifications end to end. Alice has her home page open; Bob, a classmate,
 * builds on her note through the API; Alice's bell shows 1 live (no reload), its panel says in
 * French who built on which note, and opening it leads to the note and clears the count.
 */

const admin = { userName: 'notifadmin', password: 'admin-pass1' };

describeBrowser('notifications', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let alice: Member;
  let bob: Member;
  let noteId = '';

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'CM2 Sciences',
      registrationKey: 'classe-cm2',
      managerRegistrationKey: 'maitres-cm2',
    });
    viewId = community.views[0] ?? '';
    alice = await registerAuthor(app.url, 'notifalice', 'alice-pass1', community._id, 'classe-cm2');
    bob = await registerAuthor(app.url, 'notifbob', 'bob-pass12', community._id, 'classe-cm2');
    noteId = await writtenNote(app.url, alice.token, community._id, { title: 'Les graines', viewId, x: 120, y: 120 });
  });

  it("a pupil's bell counts a classmate's build-on live, the panel names it in French, opening it clears the count", async () => {
    const page = await openPageAs(app, alice.token, '/');
    const bell = page.getByTestId('nav-notifications');
    await bell.waitFor();
    expect(await page.getByTestId('notifications-badge').count()).toBe(0);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    // The bell's socket is open once the hub has it on Alice's channel: give it a moment after the page drew.
    await page.waitForTimeout(500);

    await writtenNote(app.url, bob.token, community._id, { title: 'Elles germent', viewId, x: 300, y: 120, buildsOn: noteId });
    const badge = page.getByTestId('notifications-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications : 1 non lue(s)');
    await page.screenshot({ path: join(screenshotDir, 'notifications-bell-1280.png') });

    await bell.click();
    const item = page.getByTestId('notification-item').first();
    await item.waitFor();
    expect(await item.textContent()).toContain('a élaboré sur votre note avec « Elles germent »');
    await expectAccessible(page);
    await page.screenshot({ path: join(screenshotDir, 'notifications-panel-1280.png') });

    await item.click();
    await page.waitForURL((u) => u.pathname.startsWith('/contribution/'));
    await expect.poll(() => page.getByTestId('notifications-badge').count(), { timeout: 10_000 }).toBe(0);
    await page.close();
  });
});
