import { describe, expect, it } from 'vitest';
import { imageSize } from './imageSize.ts';
import { sniffMime } from './sniff.ts';
import { SvgRejected, sanitizeSvg } from './svg.ts';
import { samplePng, sampleGif, sampleJpeg, sampleWebp, sampleZip } from '../../../tests/support/objects.ts';

const bytes = (...values: (number | string)[]): Uint8Array =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('MIME sniffing from content', () => {
  it.each([
    ['image/png', samplePng(3, 2)],
    ['image/jpeg', sampleJpeg(30, 20)],
    ['image/gif', sampleGif(7, 5)],
    ['image/webp', sampleWebp(9, 4)],
    ['application/pdf', bytes('%PDF-1.7\n')],
    ['video/mp4', bytes(0, 0, 0, 0x18, 'ftypisom', 0, 0, 0, 0)],
    ['video/webm', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 'webm')],
    ['audio/ogg', bytes('OggS', 0, 2)],
    ['audio/mpeg', bytes('ID3', 3, 0, 0)],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', sampleZip(['[Content_Types].xml', 'word/document.xml'])],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sampleZip(['[Content_Types].xml', 'xl/workbook.xml'])],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', sampleZip(['ppt/presentation.xml'])],
    ['application/zip', sampleZip(['readme.txt'])],
    ['text/plain', new Uint8Array(Buffer.from('Bonjour, élèves!\n'))],
    ['text/plain', bytes('<html><script>alert(1)</script></html>')],
    ['application/octet-stream', bytes(0, 1, 2, 3, 0xfe)],
  ])('recognises %s', (mime, content) => {
    expect(sniffMime(content)).toBe(mime);
  });
});

describe('image size from headers', () => {
  it('reads png, gif, jpeg and webp sizes', () => {
    expect(imageSize(samplePng(640, 480), 'image/png')).toEqual({ width: 640, height: 480 });
    expect(imageSize(sampleGif(7, 5), 'image/gif')).toEqual({ width: 7, height: 5 });
    expect(imageSize(sampleJpeg(300, 150), 'image/jpeg')).toEqual({ width: 300, height: 150 });
    expect(imageSize(sampleWebp(9, 4), 'image/webp')).toEqual({ width: 9, height: 4 });
  });

  it('answers null for what it cannot read', () => {
    expect(imageSize(bytes(0xff, 0xd8, 0xff), 'image/jpeg')).toBeNull();
    expect(imageSize(bytes('%PDF'), 'application/pdf')).toBeNull();
  });
});

describe('SVG sanitiser', () => {
  it('keeps drawings: layers as groups, paths, shapes, text, gradients and presentation styles', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><g id="layer1"><path d="M0 0L10 10" stroke="#000" stroke-width="2"/><text x="1" y="2" font-size="12">hi</text><rect x="1" y="1" width="2" height="3" style="fill:red;stroke-width:2px"/><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><circle r="3" fill="url(#g)"/></g></svg>';
    const clean = sanitizeSvg(svg);
    expect(clean).toContain('<g id="layer1">');
    expect(clean).toContain('<path d="M0 0L10 10" stroke="#000" stroke-width="2" />');
    expect(clean).toContain('<text x="1" y="2" font-size="12">hi</text>');
    expect(clean).toContain('fill:red');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('viewBox="0 0 200 200"');
  });

  it.each([
    ['a script element', '<svg><script>alert(1)</script></svg>', /script|alert/],
    ['an onload handler', '<svg onload="alert(1)"><g/></svg>', /onload|alert/],
    ['an onclick handler on a path', '<svg><path d="M0 0" onclick="alert(1)"/></svg>', /onclick|alert/],
    ['a javascript: link', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', /javascript|<a/],
    ['an external image', '<svg><image href="https://evil.example/x.png"/></svg>', /evil/],
    ['an external xlink image', '<svg><image xlink:href="http://evil.example/x.png"/></svg>', /evil/],
    ['an html data URL', '<svg><image href="data:text/html;base64,PHNjcmlwdD4="/></svg>', /data:text/],
    [
      'a foreignObject',
      '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
      /foreignObject|iframe|alert/,
    ],
    ['a style element', '<svg><style>@import url(http://evil.example/x.css)</style></svg>', /style|evil/],
    ['an animation rewriting an href', '<svg><animate attributeName="href" to="javascript:alert(1)"/></svg>', /animate|javascript/],
    ['an external url() fill', '<svg><rect fill="url(http://evil.example/#x)"/></svg>', /evil/],
    ['a CSS expression in style', '<svg><rect style="width: expression(alert(1))"/></svg>', /expression|alert/],
    ['a set element', '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>', /set|alert/],
  ])('removes %s', (_name, input, forbidden) => {
    expect(sanitizeSvg(input)).not.toMatch(forbidden);
  });

  it('keeps a data:image background for draw-on-image', () => {
    expect(sanitizeSvg('<svg><image href="data:image/png;base64,iVBORw0KGgo=" width="300" height="200"/></svg>')).toContain(
      'href="data:image/png;base64,iVBORw0KGgo="',
    );
  });

  it('refuses what is not an SVG and what is too large', () => {
    expect(() => sanitizeSvg('<html><body/></html>')).toThrow(SvgRejected);
    expect(() => sanitizeSvg('hello')).toThrow(SvgRejected);
    expect(() => sanitizeSvg(`<svg>${'<g/>'.repeat(600_000)}</svg>`)).toThrow(SvgRejected);
  });
});
