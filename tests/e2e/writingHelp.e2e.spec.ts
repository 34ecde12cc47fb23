import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeChatCompletionsEnv, startFakeChatCompletions } from '../support/fakeChatCompletions.ts';
import { describeBrowser, loginThroughUi, screenshots, useBrowserApp } from './harness.ts';
import { noteClass, type NoteClass } from './noteClass.ts';

/**
 * Issue 18 §3 in the browser, against a local chat-completions streaming fake
 * (tests/support/fakeChatCompletions.ts): a pupil asks for an explanation beside the editor and
 * sees "Un instant svp...", then the answer growing piece by piece in the side panel, the buttons
 * locked; the spec's error text when the chat server fails; the offline spell-check; and the
 * teacher reads the request in /ai-logs.
 */
const fake = await startFakeChatCompletions();
afterAll(async () => fake.close());

const admin = { userName: 'principal', password: 'admin-pass1' };
const keys = { writers: 'ecrire-5e', managers: 'profs-ecrire-5e' };

describeBrowser('writing help (issue 18 §3)', () => {
  const app = useBrowserApp({ admin, env: fakeChatCompletionsEnv(fake) as Record<string, string> });
  let cls: NoteClass;

  beforeAll(async () => {
    cls = await noteClass(app, admin, { title: 'Classe Écriture 5e', keys, teacher: 'mme-roy', pupil: 'lina' });
  });

  it('streams an explanation into the side panel, "Un instant svp..." first, the buttons locked', async () => {
    const page = await cls.openNote();
    await page.getByTestId('tab-edit').click();
    const explain = page.getByTestId('ai-explain1');
    await explain.waitFor();
    await page.locator('.ProseMirror').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Elles utilisent la lumière du soleil, l’eau et le gaz carbonique pour grandir.');
    fake.firstDelayMs = 1_500;
    fake.delayMs = 250;
    try {
      await explain.click();
      await page.getByText('Un instant svp...').waitFor();
      expect(await explain.isDisabled()).toBe(true);
      const answer = page.getByTestId('ai-answer');
      await answer.waitFor();
      const early = (await answer.textContent()) ?? '';
      await page.waitForFunction(
        (before) => (document.querySelector('[data-testid="ai-answer"]')?.textContent ?? '').length > before.length,
        early,
      );
      await screenshots(page, 'writing-help-streaming');
      await page.waitForFunction(() => (document.querySelector('[data-testid="ai-answer"]')?.textContent ?? '').endsWith('grandir.'));
      expect(await answer.textContent()).toContain('Réponse: La photosynthèse');
      expect(early.length).toBeLessThan(((await answer.textContent()) ?? '').length);
      expect(fake.requests.at(-1)?.messages[0]?.content).toMatch(/aged 6 to 11/);
      expect(await page.getByTestId('ai-lock').textContent()).toMatch(/Disponible dans \d+ s/);
      await screenshots(page, 'writing-help-answer');
    } finally {
      fake.firstDelayMs = 0;
      fake.delayMs = 5;
    }
  });

  it("shows the spec's error text when the chat server fails", async () => {
    const page = await cls.openNote();
    await page.getByTestId('tab-edit').click();
    fake.failing = true;
    try {
      await page.getByTestId('ai-full').click();
      await page.getByTestId('ai-error').waitFor();
      expect(await page.getByTestId('ai-error').textContent()).toBe("Une erreur s'est produite: 500");
    } finally {
      fake.failing = false;
    }
  });

  it('checks spelling offline, and the teacher reads the requests in /ai-logs', { timeout: 120_000 }, async () => {
    const page = await cls.openNote();
    await page.getByTestId('tab-edit').click();
    await page.locator('.ProseMirror').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' La maisson est grande.');
    await page.getByTestId('ai-quick').click();
    await page.getByTestId('ai-answer').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('ai-answer').textContent()).toMatch(/maisson → .*maison/);

    const teacher = await app.newPage();
    await loginThroughUi(teacher, app.url, cls.teacher.userName, cls.teacher.password);
    // From the community's settings, where the teacher decides what the log keeps.
    await teacher.goto(`${app.url}/communitysettings/${cls.community._id}`);
    await teacher.getByTestId('ai-logs-link').click();
    await teacher.waitForURL((u) => u.pathname === '/ai-logs' && u.searchParams.get('communityId') === cls.community._id);
    await teacher.getByTestId('ai-logs-table').waitFor();
    const rows = await teacher.locator('[data-testid="ai-logs-table"] tbody tr').allTextContents();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.join('\n')).toContain('lina');

    expect(rows.join('\n')).toContain("Vérifier l'orthographe");
    await screenshots(teacher, 'ai-logs');
  });
});
