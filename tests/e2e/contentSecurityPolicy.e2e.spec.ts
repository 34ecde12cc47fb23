import { expect, it } from 'vitest';
import { describeBrowser, useBrowserApp } from './harness.ts';

/**
 * The Content-Security-Policy in the browser (issue 17 §1). Every browser suite
 * fails when Chromium reports a violation of Buildon's policy on any of its
 * pages (tests/e2e/harness.ts); this suite shows that the policy is enforced
 * and that the check sees a violation.
 */
describeBrowser('content security policy', () => {
  const app = useBrowserApp();

  it('refuses a script injected into the page, and the suites see the violation', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole('heading').first().waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => app.takeCspViolations().join('\n')).toContain('script-src');
    await page.close();
  });

  it('refuses to be framed by another site', async () => {
    const page = await app.newPage();
    // A page of another origin (a data: URL is opaque) framing Buildon: frame-ancestors 'self' keeps it empty.
    await page.goto(`data:text/html,<iframe id="f" src="${app.url}/login" width="400" height="300"></iframe>`);
    await page.waitForTimeout(1500);
    const frame = page.frames().find((f) => f.url().startsWith(app.url));
    const framedText = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(framedText).toBe('');
    app.takeCspViolations();
    await page.close();
  });
});
