import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { CreateContributionReply, RiseAboveReply } from '../../contracts/api/canvas.ts';
import type { CommunityAdmin } from '../../contracts/api/communities.ts';
import type { ObjectReply } from '../../contracts/api/objects.ts';
import type { TimeMachineFrameReply, TimeMachineHistoryReply, TimeMachineStepAction } from '../../contracts/api/timemachine.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { checkPage, describeBrowser, loginThroughUi, useBrowserApp } from './harness.ts';
import { createCommunity, ok, type Member, registerAuthor } from './api.ts';

/**
 * Issue 7 item 7: a scripted classroom session (three users, twenty moves,
 * creations, deletions, a rename, a build-on, a rise-above) through the API,
 * recording after each command what the live canvas showed. The time machine
 * page must then show, frame by frame, exactly that: ref ids, positions and
 * titles read from the DOM. Every frame is also compared with the server's
 * GET …/frame/{i}, forward and backward.
 */

const admin = { userName: 'directrice', password: 'admin-pass1' };
const keys = { writers: 'eleves-4c', managers: 'profs-4c' };

type Shown = { id: string; x: number; y: number; title: string };

/** The stop visited just before `frame` (−1 when it was the first). */
const previousOf = (visited: number[], frame: number): number => visited[visited.indexOf(frame) - 1] ?? -1;
const byId = (a: Shown, b: Shown) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const shownOf = (refs: { _id: string; data: { x: number; y: number }; _to: { title: string } }[]): Shown[] =>
  refs.map((ref) => ({ id: ref._id, x: ref.data.x, y: ref.data.y, title: ref._to.title })).sort(byId);

/** What the time machine page draws right now, read from the DOM. */
const domCanvas = (page: Page): Promise<Shown[]> =>
  page.locator('[data-testid="tm-canvas"] [data-testid="ref"]').evaluateAll((elements) =>
    elements
      .map((el) => {
        const node = el as HTMLElement;
        return {
          id: node.dataset.refId ?? '',
          x: Number.parseFloat(node.style.left),
          y: Number.parseFloat(node.style.top),
          title: node.dataset.title ?? '',
        };
      })
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );

/** The French verb each action's caption uses (canvas.timemachine.did.*). */
const verbs: Record<TimeMachineStepAction, string> = {
  contributed: 'a publié',
  builtOn: 'a élaboré',
  risenAbove: 'a créé la synthèse',
  placed: 'a ajouté',
  shared: 'a partagé',
  shown: 'devient visible',
  moved: 'a déplacé',
  resized: 'a redimensionné',
  arranged: "a changé l'affichage",
  retitled: 'a renommé',
  edited: 'a modifié',
  permission: 'a changé la permission',
  authors: 'a changé les auteurs',
  linkedBuildOn: 'a relié',
  linkedReference: 'a cité',
  unlinked: 'a retiré le lien',
  movedInto: 'dans la synthèse',
  movedIntoView: 'dans la vue',
  removed: 'a retiré',
  deleted: 'a supprimé',
  unshared: "a retiré l'accès",
  hidden: "n'est plus visible",
};

const frameOf = async (page: Page): Promise<number> => Number(await page.getByTestId('tm-screen').getAttribute('data-frame'));
const waitFrame = (page: Page, frame: number) => page.locator(`[data-testid="tm-screen"][data-frame="${frame}"]`).waitFor();
const enabled = async (page: Page) => ({
  first: await page.getByTestId('tm-first').isEnabled(),
  back: await page.getByTestId('tm-back').isEnabled(),
  step: await page.getByTestId('tm-step').isEnabled(),
  last: await page.getByTestId('tm-last').isEnabled(),
});

describeBrowser('the time machine replays a classroom session exactly', () => {
  const app = useBrowserApp({ admin });
  let community: CommunityAdmin;
  let viewId = '';
  let teacher: Member;
  let lea: Member;
  let hugo: Member;
  /** After each command: the frame in force for the teacher and what her live canvas showed. */
  const recorded: { command: string; frame: number; live: Shown[] }[] = [];
  let history: TimeMachineHistoryReply;
  let page: Page;

  const record = async (command: string) => {
    const live = await ok<ViewCanvasReply>(app.url, `/api/views/${viewId}/canvas`, teacher.token);
    const tm = await ok<TimeMachineHistoryReply>(app.url, `/api/timemachine/${viewId}`, teacher.token);
    recorded.push({ command, frame: tm.steps.length - 1, live: shownOf(live.refs) });
  };

  const contribute = async (who: Member, noteId: string, title: string) => {
    const object = await ok<ObjectReply>(app.url, `/api/objects/${noteId}`, who.token);
    await ok(app.url, `/api/objects/${community._id}/${noteId}`, who.token, 'PUT', {
      revision: object.revision,
      title,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title} : une idée.` }] }] },
      status: 'active',
    });
  };

  /** A note written and contributed (one user-visible creation); answers its ref id. */
  const note = async (who: Member, title: string, x: number, y: number, buildsOn?: string): Promise<{ noteId: string; refId: string }> => {
    const reply = await ok<CreateContributionReply>(app.url, `/api/contributions/${community._id}`, who.token, 'POST', {
      type: 'Note',
      ...(buildsOn ? { buildsOn } : { placement: { viewId, x, y } }),
    });
    await contribute(who, reply.contribution._id, title);
    await record(`${who.userName} creates "${title}"`);
    const ref = reply.refs.find((r) => r.from === viewId);
    if (!ref) throw new Error(`no ref of ${title} in the view`);
    return { noteId: reply.contribution._id, refId: ref._id };
  };

  const move = async (who: Member, refId: string, x: number, y: number) => {
    await ok(app.url, `/api/links/${refId}`, who.token, 'PUT', { data: { x, y } });
    await record(`${who.userName} moves ${refId} to ${x},${y}`);
  };

  const remove = async (who: Member, refId: string) => {
    await ok(app.url, `/api/links/${refId}`, who.token, 'DELETE');
    await record(`${who.userName} removes ${refId}`);
  };

  beforeAll(async () => {
    community = await createCommunity(app.url, admin, {
      title: 'Physique 4e C',
      registrationKey: keys.writers,
      managerRegistrationKey: keys.managers,
    });
    viewId = community.views[0] ?? '';
    teacher = await registerAuthor(app.url, 'm-durand', 'teach-pass1', community._id, keys.managers);
    lea = await registerAuthor(app.url, 'lea', 'lea-pass1', community._id, keys.writers);
    hugo = await registerAuthor(app.url, 'hugo', 'hugo-pass1', community._id, keys.writers);

    // The session: 3 users, 20 moves, 6 creations (one a build-on), 2 removals, a rename, a rise-above.
    const question = await note(teacher, 'Pourquoi la glace flotte ?', 420, 60);
    const leaIdea = await note(lea, 'La glace est plus légère', 120, 220);
    const hugoIdea = await note(hugo, "L'eau gonfle en gelant", 560, 240);
    await move(lea, leaIdea.refId, 140, 240);
    await move(hugo, hugoIdea.refId, 600, 260);
    await move(teacher, question.refId, 400, 40);
    const buildOn = await note(lea, 'Comme un glaçon dans un verre', 0, 0, hugoIdea.noteId);
    await move(lea, buildOn.refId, 620, 380);
    await move(hugo, hugoIdea.refId, 640, 250);
    const draft = await note(hugo, 'Brouillon', 300, 420);
    await move(hugo, draft.refId, 320, 440);
    await remove(hugo, draft.refId);
    await move(lea, leaIdea.refId, 160, 260);
    const density = await note(teacher, 'Densité : masse / volume', 80, 420);
    await move(teacher, density.refId, 90, 430);
    await move(lea, leaIdea.refId, 180, 280);
    await contribute(lea, leaIdea.noteId, 'La glace est moins dense que l’eau');
    await record('lea renames her idea');
    await move(hugo, hugoIdea.refId, 660, 240);
    await move(teacher, density.refId, 100, 470);
    const aside = await note(hugo, 'Et le pétrole ?', 900, 120);
    await move(hugo, aside.refId, 880, 140);
    await remove(teacher, aside.refId);
    await move(lea, buildOn.refId, 640, 400);
    await move(teacher, question.refId, 420, 30);
    const rise = await ok<RiseAboveReply>(app.url, `/api/views/${viewId}/riseabove`, teacher.token, 'POST', {
      title: 'Synthèse : la densité',
      linkIds: [leaIdea.refId, density.refId],
    });
    await record('teacher rises above two notes');
    await move(teacher, rise.ref._id, 200, 300);
    await move(lea, buildOn.refId, 660, 420);
    await move(hugo, hugoIdea.refId, 680, 260);
    await move(teacher, rise.ref._id, 220, 320);
    await move(hugo, hugoIdea.refId, 700, 280);
    await move(lea, buildOn.refId, 680, 440);

    history = await ok<TimeMachineHistoryReply>(app.url, `/api/timemachine/${viewId}`, teacher.token);
    page = await app.newPage();
    await loginThroughUi(page, app.url, teacher.userName, teacher.password);
  });

  it('recorded a session with twenty moves whose frames only move forward', () => {
    expect(recorded.filter((r) => r.command.includes(' moves ')).length).toBe(20);
    for (let i = 1; i < recorded.length; i++) expect(recorded[i]!.frame, recorded[i]!.command).toBeGreaterThan(recorded[i - 1]!.frame);
    expect(recorded.at(-1)!.frame).toBe(history.steps.length - 1);
  });

  it("shows 'Initializing...', then the header, an empty canvas at frame −1 and the timeline", async () => {
    // The history is held until the test has seen the wait message (a fixed delay could end unseen).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/timemachine/${viewId}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/timemachine/${viewId}`);
    await page.getByTestId('tm-initializing').waitFor();
    expect(await page.getByTestId('tm-initializing').textContent()).toBe('Initialisation...');
    release();
    await page.getByTestId('tm-screen').waitFor();
    await page.unroute(`**/api/timemachine/${viewId}`);
    expect(await page.getByTestId('view-community').textContent()).toBe('Physique 4e C');
    expect(await page.getByTestId('view-title').textContent()).toContain('Bienvenue');
    expect(await page.getByTestId('view-author').textContent()).toMatch(/m-durand.*\(/);
    expect(await page.getByTestId('tm-badge').textContent()).toContain('lecture seule');
    expect(await frameOf(page)).toBe(-1);
    expect(await domCanvas(page)).toEqual([]);
    expect(await page.getByTestId('tm-record').textContent()).toContain('Avant le premier changement');
    expect(await enabled(page)).toEqual({ first: false, back: false, step: true, last: true });
    expect(await page.getByTestId('tm-item').count()).toBe(history.steps.length);
  });

  it('steps through every frame: the DOM matches the live canvas at each command and the server frame at each step', async () => {
    // One step per event (issue 21 §8): every step of the server is a frame of its own.
    await page.getByTestId('tm-per-event').check();
    await page.locator(`[data-testid="tm-screen"][data-stops="${history.steps.length}"]`).waitFor();
    const atFrame = new Map(recorded.map((r) => [r.frame, r]));
    let matched = 0;
    for (let frame = 0; frame < history.steps.length; frame++) {
      await page.getByTestId('tm-step').click();
      await waitFrame(page, frame);
      const shown = await domCanvas(page);
      const server = await ok<TimeMachineFrameReply>(app.url, `/api/timemachine/${viewId}/frame/${frame}`, teacher.token);
      expect(shown, `frame ${frame} vs GET frame`).toEqual(shownOf(server.refs));
      const live = atFrame.get(frame);
      if (live) {
        expect(shown, `frame ${frame} after: ${live.command}`).toEqual(live.live);
        matched += 1;
      }
      const step = history.steps[frame]!;
      const label = (await page.getByTestId('tm-record').textContent()) ?? '';
      // Captions say what happened (issue 21 §8): who, the verb of the action, the title.
      expect(label).toContain(`« ${step.title} »`);
      expect(label).toContain(verbs[step.action]);
    }
    expect(matched).toBe(recorded.length);
    expect(await enabled(page)).toEqual({ first: true, back: true, step: false, last: false });
    // The rename is a 'modified' step naming the new title and its author.
    const rename = history.steps.find((s) => s.title === 'La glace est moins dense que l’eau' && s.kind === 'modified');
    expect(rename?.actorName).toMatch(/lea/);
  });

  it('back-steps exactly to the empty canvas', async () => {
    const atFrame = new Map(recorded.map((r) => [r.frame, r.live]));
    for (let frame = history.steps.length - 2; frame >= -1; frame--) {
      await page.getByTestId('tm-back').click();
      await waitFrame(page, frame);
      const live = atFrame.get(frame);
      if (live) expect(await domCanvas(page), `back to frame ${frame}`).toEqual(live);
    }
    expect(await domCanvas(page)).toEqual([]);
    expect(await enabled(page)).toEqual({ first: false, back: false, step: true, last: true });
  });

  it('jumps to the last and first frames, and plays to the end at the chosen speed with the controls disabled', async () => {
    await page.getByTestId('tm-last').click();
    await waitFrame(page, history.steps.length - 1);
    expect(await domCanvas(page)).toEqual(recorded.at(-1)!.live);
    await page.getByTestId('tm-first').click();
    await waitFrame(page, -1);
    // 1× is one step a second (issue 21 §8); 8× for the test.
    expect(await page.getByTestId('tm-speed').inputValue()).toBe('1');
    await page.getByTestId('tm-speed').selectOption('8');
    const started = Date.now();
    await page.getByTestId('tm-play').click();
    await page.locator('[data-testid="tm-screen"][data-playing]').waitFor();
    expect(await enabled(page)).toEqual({ first: false, back: false, step: false, last: false });
    await page
      .locator(`[data-testid="tm-screen"][data-frame="${history.steps.length - 1}"]:not([data-playing])`)
      .waitFor({ timeout: 30_000 });
    // One stop per step here (one step per event is still on): 125 ms each at 8×.
    const stops = Number(await page.getByTestId('tm-screen').getAttribute('data-stops'));
    expect(stops).toBe(history.steps.length);
    expect(Date.now() - started).toBeGreaterThanOrEqual((stops - 1) * 125 * 0.9);
    expect(await page.getByTestId('tm-play').isDisabled()).toBe(true);
    expect(await domCanvas(page)).toEqual(recorded.at(-1)!.live);
  });

  it('jumps by clicking the timeline, by keyboard, and zooms by the fixed factors', async () => {
    const target = recorded[5]!.frame;
    await page.locator(`[data-testid="tm-item"][data-index="${target}"]`).dispatchEvent('click');
    await waitFrame(page, target);
    expect(await domCanvas(page)).toEqual(recorded[5]!.live);

    await page.getByTestId('tm-track').focus();
    await page.keyboard.press('ArrowRight');
    await waitFrame(page, target + 1);
    await page.keyboard.press('ArrowLeft');
    await waitFrame(page, target);
    await page.keyboard.press('End');
    await waitFrame(page, history.steps.length - 1);
    await page.keyboard.press('Home');
    await waitFrame(page, -1);

    const scale = async () => Number(await page.getByTestId('tm-track').getAttribute('data-scale'));
    const fit = await scale();
    await page.getByTestId('tm-zoom-up').click();
    await expect.poll(scale).toBeCloseTo(fit * 2);
    await page.getByTestId('tm-zoom-bigUp').click();
    await expect.poll(scale).toBeCloseTo(fit * 10);
    await page.getByTestId('tm-zoom-down').click();
    await expect.poll(scale).toBeCloseTo(fit * 5);
    await page.getByTestId('tm-zoom-bigDown').click();
    await expect.poll(scale).toBeCloseTo(fit / 2);
    await page.getByTestId('tm-zoom-focus').click();
    await page.getByTestId('tm-zoom-fit').click();
    await expect.poll(scale).toBeCloseTo(fit);
  });

  it('opens the view "as of" a date, from the live view and from the date field', async () => {
    const chosen = recorded[12]!;
    const time = history.steps[chosen.frame]!.time;
    const inForce = history.steps.filter((s) => s.time <= time).length - 1;
    await page.goto(`${app.url}/view/${viewId}`);
    await page.getByTestId('tool-timemachine').click();
    await page.waitForURL((u) => u.pathname === `/timemachine/${viewId}`);
    await page.getByTestId('tm-screen').waitFor();
    await page.goto(`${app.url}/timemachine/${viewId}?at=${encodeURIComponent(time)}`);
    await waitFrame(page, inForce);
    expect(await domCanvas(page)).toEqual(recorded.find((r) => r.frame === inForce)?.live ?? chosen.live);

    // The date field (local time, to the second) lands on the frame in force then.
    const local = await page.evaluate((iso) => {
      const d = new Date(Date.parse(iso) + 1000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    }, history.steps[2]!.time);
    const cutoff = new Date(Math.floor((Date.parse(history.steps[2]!.time) + 1000) / 1000) * 1000).toISOString();
    const expected = history.steps.filter((s) => s.time <= cutoff).length - 1;
    await page.getByTestId('tm-asof-input').fill(local);
    await page.getByTestId('tm-asof-go').click();
    await waitFrame(page, expected);
    expect(await frameOf(page)).toBe(expected);
  });

  it('plays the steps of one action together by default, captions a rise-above as notes moved into it, and steps back and forward by action', async () => {
    await page.goto(`${app.url}/timemachine/${viewId}`);
    await page.getByTestId('tm-screen').waitFor();
    expect(await page.getByTestId('tm-per-event').isChecked()).toBe(false);
    expect(await page.getByTestId('tm-per-event').locator('xpath=..').textContent()).toBe('Une étape par événement');
    // The rise-above: the notes leave the view and the synthesis appears, by the teacher, at one instant.
    const riseFrame = recorded.find((r) => r.command.startsWith('teacher rises'))!.frame;
    const rise = history.steps.filter((s) => s.time === history.steps[riseFrame]!.time && s.actorId === history.steps[riseFrame]!.actorId);
    expect(rise.map((s) => s.action).sort()).toEqual(['movedInto', 'movedInto', 'risenAbove']);
    expect(rise.filter((s) => s.action === 'movedInto').map((s) => s.other?.title)).toEqual([
      'Synthèse : la densité',
      'Synthèse : la densité',
    ]);
    const stops = Number(await page.getByTestId('tm-screen').getAttribute('data-stops'));
    expect(stops).toBeLessThan(history.steps.length);

    // Stepping forward from the empty canvas stops at the end of each action, never inside the rise-above.
    const visited: number[] = [];
    while (visited.length < stops) {
      await page.getByTestId('tm-step').click();
      await expect.poll(() => frameOf(page)).not.toBe(visited.at(-1) ?? -1);
      visited.push(await frameOf(page));
    }
    expect(visited.at(-1)).toBe(history.steps.length - 1);
    expect(visited).toContain(riseFrame);
    expect(visited).not.toContain(riseFrame - 1);
    expect(await page.getByTestId('tm-counter').textContent()).toBe(`${stops} / ${stops}`);

    // Back to the rise-above: one caption tells it all, and no note is "supprimé".
    while ((await frameOf(page)) > riseFrame) {
      const before = await frameOf(page);
      await page.getByTestId('tm-back').click();
      await expect.poll(() => frameOf(page)).toBeLessThan(before);
    }
    expect(await frameOf(page)).toBe(riseFrame);
    const caption = (await page.getByTestId('tm-record').textContent()) ?? '';
    expect(caption).toMatch(/^Test m-durand a créé la synthèse « Synthèse : la densité » et y a déplacé « .+ » et « .+ » — /);
    expect(caption).toContain('La glace est moins dense que l’eau');
    expect(caption).toContain('Densité : masse / volume');
    expect(caption).not.toContain('supprimé');
    expect(await domCanvas(page)).toEqual(recorded.find((r) => r.frame === riseFrame)!.live);
    await page.getByTestId('tm-back').click();
    await waitFrame(page, previousOf(visited, riseFrame));

    // One step per event: the rise-above's steps one at a time, each captioned on its own.
    await page.getByTestId('tm-per-event').check();
    await page.locator(`[data-testid="tm-screen"][data-stops="${history.steps.length}"]`).waitFor();
    const captions: string[] = [];
    for (let frame = previousOf(visited, riseFrame) + 1; frame <= riseFrame; frame++) {
      await page.getByTestId('tm-step').click();
      await waitFrame(page, frame);
      captions.push((await page.getByTestId('tm-record').textContent()) ?? '');
    }
    expect(captions).toHaveLength(3);
    expect(captions.filter((c) => /m-durand a déplacé « .+ » dans la synthèse « Synthèse : la densité »/.test(c))).toHaveLength(2);
    expect(captions.filter((c) => c.includes('a créé la synthèse « Synthèse : la densité »'))).toHaveLength(1);
    await page.getByTestId('tm-back').click();
    await waitFrame(page, riseFrame - 1);
  });

  it('passes axe at 1280 and 375 px, and keeps its screenshots', async () => {
    await page.goto(`${app.url}/timemachine/${viewId}`);
    await page.getByTestId('tm-screen').waitFor();
    const middle = recorded.find((r) => r.command.startsWith('teacher rises'))!.frame;
    await page.locator(`[data-testid="tm-item"][data-index="${middle}"]`).dispatchEvent('click');
    await waitFrame(page, middle);
    await checkPage(page, 'timemachine');
  });
});
