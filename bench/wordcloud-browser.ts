/**
 * Word cloud in the browser (issue 13 §7: "the word-cloud layout never blocks
 * the main thread for more than 50 ms"). A real-size class is seeded with the
 * operator's `npm run seed -- --classes 1`, the server started on it, and the
 * teacher opens `/wcloud/{viewId}` of the busiest view in Chromium. Long tasks
 * are observed from the moment the words arrive (the layout starts in its Web
 * Worker) until the cloud is drawn; the page's own load is printed beside it
 * as the baseline. Figures only.
 *
 * Run alone with `node --import tsx bench/wordcloud-browser.ts`. Needs /usr/bin/chromium.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { seedPassword } from '../services/cli/seed/playClass.ts';
import { teacherUserName } from '../services/cli/seed/plan.ts';
import { startServer } from '../tests/support/serverProcess.ts';
import { ensureWebBuild } from '../tests/support/webBuild.ts';
import { fmt } from './realClass.ts';

const chromiumPath = '/usr/bin/chromium';
const root = join(import.meta.dirname, '..');

const measure = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'buildon-bench-wcloud-'));
  try {
    execFileSync('npm', ['run', '--silent', 'seed', '--', '--classes', '1'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, BUILDON_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    const server = await startServer(dataDir);
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const login = await fetch(`${server.url}/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: teacherUserName(0), password: seedPassword }),
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const [registration] = (await (await fetch(`${server.url}/api/users/myRegistrations`, { headers })).json()) as {
        communityId: string;
      }[];
      const communityId = registration?.communityId ?? '';
      const community = (await (await fetch(`${server.url}/api/communities/${communityId}`, { headers })).json()) as { views: string[] };
      // The busiest view: the most refs.
      let busiest = { viewId: '', refs: -1 };
      for (const viewId of community.views) {
        const canvas = (await (await fetch(`${server.url}/api/views/${viewId}/canvas`, { headers })).json()) as { refs: unknown[] };
        if (canvas.refs.length > busiest.refs) busiest = { viewId, refs: canvas.refs.length };
      }
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
      await context.addInitScript((value) => localStorage.setItem('buildon.token', value), token);
      await context.addInitScript(`(() => {
        const tasks = [];
        window.__benchTasks = tasks;
        new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration }); })
          .observe({ type: 'longtask', buffered: true });
      })()`);
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      await page.goto(`${server.url}/wcloud/${busiest.viewId}`);
      await page.locator('[data-testid="word-cloud"]').waitFor({ state: 'attached' });
      const layoutStart = await page.evaluate(() => performance.now());
      await page.locator('[data-testid="word-cloud"][data-state="ready"]').waitFor();
      const layoutEnd = await page.evaluate(() => performance.now());
      await page.waitForTimeout(500);
      const figures = await page.evaluate(
        ([from, to]) => {
          const tasks = (window as unknown as { __benchTasks: { start: number; duration: number }[] }).__benchTasks;
          const during = tasks.filter((task) => task.start + task.duration >= from && task.start <= to);
          const before = tasks.filter((task) => task.start < from);
          return {
            words: Number(document.querySelector('[data-testid="word-cloud"]')?.getAttribute('data-words') ?? 0),
            longestDuring: Math.max(0, ...during.map((task) => task.duration)),
            countDuring: during.length,
            longestLoad: Math.max(0, ...before.map((task) => task.duration)),
          };
        },
        [layoutStart, layoutEnd] as const,
      );
      await context.close();
      return { ...figures, refs: busiest.refs, layoutMs: layoutEnd - layoutStart };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (!existsSync(chromiumPath)) {
  console.log(`\nWord cloud in the browser — skipped: no Chromium at ${chromiumPath}`);
} else {
  ensureWebBuild();
  const f = await measure();
  console.log(`\nWord cloud in the browser — /wcloud of the busiest view of a seeded real class (${fmt(f.refs)} refs), Chromium headless`);
  console.log(
    `   layout in the Web Worker: ${fmt(f.words)} words placed in ${fmt(f.layoutMs)} ms; longest main-thread task meanwhile ${fmt(f.longestDuring)} ms (${f.countDuring} over 50 ms; goal none over 50 ms)`,
  );
  console.log(`   baseline, the page's own load before it  : longest task ${fmt(f.longestLoad)} ms`);
}
