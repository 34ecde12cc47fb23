import { describe, expect, it } from 'vitest';
import { decodeCssEscapes, isWellFormedXml, sanitizeSvg } from './svg.ts';

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
    const clean = sanitizeSvg(svg('<defs><linearGradient id="g"><stop offset="0" stop-color="#f00" /></linearGradient></defs><path d="M0 0" fill="url(#g)" stroke="#00ff00" />'));
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
