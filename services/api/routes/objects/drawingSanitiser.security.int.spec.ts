import { dataOf } from '../../../../contracts/contributionData.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { ObjectMessages } from '../../../../contracts/catalogs/objects.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import { isWellFormedXml } from '../../../integrations/media/svg.ts';
import { call, createContribution, useCanvasWorld } from '../../../../tests/support/canvas.ts';

/**
 * Issue 20 §11 and issue 21 §1 through the API: a pupil saves a drawing whose
 * styles hide `url(`, `@import` or `expression(` behind CSS escapes; a
 * classmate who opens it gets none of it. A drawing as paper.js exports it is
 * stored as XML an <img> can show; what cannot be made XML is refused (400).
 */

const paperExport = readFileSync(new URL('../../../../tests/fixtures/drawing/paper-export.svg', import.meta.url), 'utf8');
const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">${inner}</svg>`;

const { t, w } = useCanvasWorld();

const newDrawing = async () => {
  const reply = await createContribution(w, w.writer, {
    type: 'Drawing',
    title: 'Un dessin',
    placement: { viewId: w.welcomeViewId, x: 60, y: 60 },
  });
  return reply.contribution._id;
};
const saveDrawing = async (id: string, svgText: string) => {
  const loaded = (await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${id}`)).body;
  return call<ObjectReply & { errors?: { field: string; message: string }[] }>(
    t,
    w.writer.token,
    'PUT',
    `/api/objects/${w.communityId}/${id}`,
    {
      revision: loaded.revision,
      title: 'Un dessin',
      svg: svgText,
      status: 'active',
    },
  );
};
const seenByClassmate = async (id: string) =>
  String(dataOf((await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${id}`)).body, 'Drawing')?.svg);

describe('CSS escapes in a drawing (issue 20 §11)', () => {
  const attacks: [string, string][] = [
    ['a hex escape without space', '<path d="M0 0 L9 9" style="fill:\\75rl(https://evil.example/a)" />'],
    ['a hex escape with its space', '<path d="M0 0 L9 9" style="fill:\\75 rl(https://evil.example/b)" />'],
    ['a six-digit hex escape', '<path d="M0 0 L9 9" fill="\\000075rl(https://evil.example/c)" />'],
    ['character escapes', '<path d="M0 0 L9 9" stroke="\\u\\r\\l(https://evil.example/d)" />'],
    ['an escaped property name', '<path d="M0 0 L9 9" style="f\\69ll:url(https://evil.example/e)" />'],
    ['an escaped expression()', '<path d="M0 0 L9 9" style="width:ex\\70 ression(alert(1))" />'],
    ['an escaped javascript:', '<path d="M0 0 L9 9" mask="java\\73 cript:alert(1)" />'],
    ['image-set() without url()', '<path d="M0 0 L9 9" mask="image-set(\'https://evil.example/f.png\' 1x)" />'],
    ['a <style> with an escaped @import', '<style>@\\69mport url(https://evil.example/g.css);</style><path d="M0 0 L9 9" />'],
    [
      'a <style> with an escaped url(',
      '<defs><style type="text/css">path{fill:\\75 rl(https://evil.example/h)}</style></defs><path d="M0 0 L9 9" />',
    ],
  ];
  for (const [name, inner] of attacks) {
    it(`${name}: saved without it, and the classmate never receives it`, async () => {
      const id = await newDrawing();
      const saved = await saveDrawing(id, svg(inner));
      expect(saved.status, saved.raw).toBe(200);
      const seen = await seenByClassmate(id);
      expect(seen).toContain('<path d="M0 0 L9 9" />');
      expect(seen).not.toMatch(/evil\.example|ression|cript|@\\?import|<style|\\/i);
      expect(isWellFormedXml(seen)).toBe(true);
    });
  }
});

describe('a drawing as paper.js exports it (issue 21 §1)', () => {
  it('is stored as strict XML with its shapes, colours and gradient, for the author and on a classmate’s canvas', async () => {
    const id = await newDrawing();
    const saved = await saveDrawing(id, paperExport);
    expect(saved.status, saved.raw).toBe(200);
    const seen = await seenByClassmate(id);
    expect(isWellFormedXml(seen)).toBe(true);
    expect(seen).not.toMatch(/stroke-dasharray(?!=)/);
    expect(seen).toContain('stroke-dasharray="4,2"');
    expect(seen).toContain('fill="url(#color-1)"');
    expect(seen).toContain('Mon idée (1)</text>');
    const canvas = (await call<ViewCanvasReply>(t, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`)).body;
    const onCanvas = canvas.refs.find((r) => r.to === id)?._to.svg;
    expect(onCanvas).toBe(seen);
  });

  it('what cannot be made XML is refused with 400 on svg, and the drawing is unchanged', async () => {
    const id = await newDrawing();
    expect((await saveDrawing(id, paperExport)).status).toBe(200);
    const before = await seenByClassmate(id);
    // xlink:href with its prefix never declared: no XML parser (nor <img>) accepts it.
    const broken = svg('<image xlink:href="data:image/png;base64,AAAA" width="10" height="10" />');
    const refused = await saveDrawing(id, broken);
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'svg', message: ObjectMessages.svgNotXml, messageCode: 'objects.svgNotXml' }]);
    expect(await seenByClassmate(id)).toBe(before);
  });
});
