import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SvgRejected, decodeCssEscapes, isWellFormedXml, sanitizeSvg } from './svg.ts';

const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">${inner}</svg>`;

describe('drawing sanitiser: CSS escapes (issue 20 §11)', () => {
  it('decodes hex and character escapes as CSS does', () => {
    expect(decodeCssEscapes('\\75 rl(')).toBe('url(');
    expect(decodeCssEscapes('\\000075rl(')).toBe('url(');
    expect(decodeCssEscapes('\\u\\r\\l(')).toBe('url(');
    expect(decodeCssEscapes('java\\73 cript:')).toBe('javascript:');
  });

  it.each([
    ['fill', '\\75rl(https://evil.example/x)'],
    ['fill', '\\75 rl(https://evil.example/x)'],
    ['stroke', 'u\\72l(https://evil.example/x)'],
    ['fill', '\\u\\r\\l(https://evil.example/x)'],
    ['filter', 'url(https://evil.example/x)'],
    ['style', 'fill:\\75rl(https://evil.example/x)'],
    ['style', 'background:\\75 rl(https://evil.example/x)'],
    ['mask', 'ex\\70 ression(alert(1))'],
  ])('drops %s="%s"', (name, value) => {
    const clean = sanitizeSvg(svg(`<path d="M0 0 L9 9" ${name}="${value}" />`));
    expect(clean).not.toContain('evil.example');
    expect(clean).not.toMatch(/ression|\\\\/);
  });

  it('keeps same-document url(#…) and plain colours', () => {
    const clean = sanitizeSvg(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00" /></linearGradient></defs><path d="M0 0" fill="url(#g)" stroke="#00ff00" />',
      ),
    );
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('stroke="#00ff00"');
  });
});

describe('drawing sanitiser: output is XML (issue 21 §1)', () => {
  it('a drawing as paper.js exports it (empty stroke-dasharray) comes out well-formed', () => {
    const paperExport = svg(
      '<g fill="none" fill-rule="nonzero" stroke="#000000" stroke-width="1" stroke-linecap="butt" stroke-linejoin="miter" stroke-miterlimit="10" stroke-dasharray="" stroke-dashoffset="0" font-family="none" font-weight="none" font-size="none" text-anchor="none" style="mix-blend-mode: normal"><path d="M10,10l50,50" id="path1" /></g>',
    );
    const clean = sanitizeSvg(paperExport);
    expect(isWellFormedXml(clean)).toBe(true);
    expect(clean).not.toMatch(/stroke-dasharray(?!=)/);
    expect(clean).toContain('stroke-width="1"');
  });

  it('isWellFormedXml refuses what a browser would refuse in <img>', () => {
    expect(isWellFormedXml('<svg xmlns="http://www.w3.org/2000/svg"><path stroke-dasharray /></svg>')).toBe(false);
    expect(isWellFormedXml('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toBe(false);
    expect(isWellFormedXml('<svg xmlns="http://www.w3.org/2000/svg"><g /></svg>')).toBe(true);
  });
});

/** A drawing exported by paper.js (`project.exportSVG({ asString: true })`, two layers, a gradient, text, a dashed path), as the editor saves it. */
const paperExport = readFileSync(new URL('../../../tests/fixtures/drawing/paper-export.svg', import.meta.url), 'utf8');

describe('drawing sanitiser: what paper.js exports survives', () => {
  it('keeps every attribute but the empty stroke-dasharray, and comes out well-formed', () => {
    const clean = sanitizeSvg(paperExport);
    expect(isWellFormedXml(clean)).toBe(true);
    const attributes = (text: string) =>
      [...text.matchAll(/\s([\w:-]+)="([^"]*)"/g)].map((m) => `${m[1]}=${(m[2] ?? '').replace(/:\s+/g, ':')}`);
    const kept = new Set(attributes(clean));
    expect(attributes(paperExport).filter((a) => !kept.has(a))).toEqual(['stroke-dasharray=']);
    expect(clean).toContain('fill="url(#color-1)"');
    expect(clean).toContain('stroke-dasharray="4,2"');
    expect(clean).toContain('Mon idée (1)</text>');
  });
});

describe('drawing sanitiser: CSS functions and backslashes (issue 20 §11)', () => {
  it.each([
    ['mask', "image-set('https://evil.example/x.png' 1x)"],
    ['fill', "-webkit-image-set('https://evil.example/x.png' 1x)"],
    ['fill', 'src(https://evil.example/x)'],
    ['stroke', 'var(--evil)'],
    ['mask', "cross-fade(url(#a), 'https://evil.example/x.png', 50%)"],
    ['style', "mask-image:image-set('https://evil.example/x.png' 1x)"],
    ['style', 'fill: i\\6d age(https://evil.example/x.png)'],
    // A harmless value behind an escape is dropped too: paper.js never writes one.
    ['fill', '\\23 ff0000'],
    ['stroke', 'red\\'],
  ])('drops %s="%s"', (name, value) => {
    const clean = sanitizeSvg(svg(`<path d="M0 0 L9 9" ${name}="${value}" />`));
    expect(clean).toBe(svg('<path d="M0 0 L9 9" />'));
  });

  it('keeps the colours and transforms a drawing uses', () => {
    const kept = '<path d="M0 0 L9 9" transform="matrix(1,0,0,1,5,5)" fill="rgba(0,0,0,0.5)" stroke="hsl(10, 50%, 50%)" />';
    expect(sanitizeSvg(svg(kept))).toBe(svg(kept));
    const rotated = '<g transform="translate(10,10) rotate(30) scale(2)"><path d="M0 0" /></g>';
    expect(sanitizeSvg(svg(rotated))).toBe(svg(rotated));
  });
});

describe('drawing sanitiser: <style> elements (issue 20 §11)', () => {
  it.each([
    '@\\69mport url(https://evil.example/x.css);',
    'path { fill: \\75rl(https://evil.example/x) }',
    'path { fill: \\000075 rl(https://evil.example/x) }',
    'path { background: u\\r\\l(https://evil.example/x) }',
    'path { width: ex\\70 ression(alert(1)) }',
    '<![CDATA[ path { fill: \\75rl(https://evil.example/x) } ]]>',
  ])('removes <style>%s</style> with its content', (css) => {
    const clean = sanitizeSvg(svg(`<style>${css}</style><defs><style type="text/css">${css}</style></defs><path d="M0 0" />`));
    expect(clean).toBe(svg('<defs></defs><path d="M0 0" />'));
  });
});

describe('drawing sanitiser: refuses what is not XML after cleaning (issue 21 §1)', () => {
  it('an xlink:href whose prefix is never declared is refused, not stored for a broken image', () => {
    expect(() => sanitizeSvg(svg('<image xlink:href="data:image/png;base64,AAAA" width="10" height="10" />'))).toThrow(SvgRejected);
    expect(() =>
      sanitizeSvg(
        svg('<image xlink:href="data:image/png;base64,AAAA" width="10" height="10" />').replace(
          '<svg ',
          '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ',
        ),
      ),
    ).not.toThrow();
  });
});
