import { dataOf } from '../../../../contracts/contributionData.ts';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import { isWellFormedXml } from '../../../integrations/media/svg.ts';
import { activate, call, canvasWorld, createContribution, type CanvasWorld } from '../../../../tests/support/canvas.ts';
import { buildTestApp, tempDataDir, type TestApp } from '../../../../tests/support/testApp.ts';

/** Issue 21 §1: every drawing shows, to its author and to classmates, saved now or before the fix. */

const paperExport =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><g fill="none" stroke="#000000" stroke-width="1" stroke-dasharray="" stroke-dashoffset="0"><path d="M10,10l50,50" /></g></svg>';

let t: TestApp;
let w: CanvasWorld;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await buildTestApp({ dataDir });
  w = await canvasWorld(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const drawingOnWelcome = async () => {
  const reply = await createContribution(w, w.writer, {
    type: 'Drawing',
    title: 'Mon dessin',
    placement: { viewId: w.welcomeViewId, x: 40, y: 40 },
  });
  return reply.contribution._id;
};

describe('drawings', () => {
  it('a drawing as paper.js exports it is stored as well-formed XML, for the author and a classmate', async () => {
    const id = await drawingOnWelcome();
    const loaded = (await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${id}`)).body;
    const saved = await call<ObjectReply>(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${id}`, {
      revision: loaded.revision,
      title: 'Mon dessin',
      svg: paperExport,
      status: 'active',
    });
    expect(saved.status, saved.raw).toBe(200);
    const seen = (await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${id}`)).body;
    expect(isWellFormedXml(String(dataOf(seen, 'Drawing')?.svg))).toBe(true);
    const canvas = (await call<ViewCanvasReply>(t, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`)).body;
    const ref = canvas.refs.find((r) => r.to === id);
    expect(ref?._to.svg && isWellFormedXml(ref._to.svg)).toBe(true);
  });

  it('a drawing stored broken before the fix is served repaired, and after a restart too', async () => {
    const id = await drawingOnWelcome();
    // What the old sanitiser stored: a bare attribute, which is not XML.
    await activate(t, id, [
      {
        type: 'SaveDrawing',
        data: {
          title: 'Ancien dessin',
          svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L9 9" stroke-dasharray fill="red" /></svg>',
        },
      },
    ]);
    const served = (await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${id}`)).body;
    expect(dataOf(served, 'Drawing')?.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L9 9" fill="red" /></svg>');
    await t.close();
    t = await buildTestApp({ dataDir });
    const again = (await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${id}`)).body;
    expect(isWellFormedXml(String(dataOf(again, 'Drawing')?.svg))).toBe(true);
  });
});
