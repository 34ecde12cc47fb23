import { SaxesParser } from 'saxes';
import sanitizeHtml from 'sanitize-html';

/**
 * The drawing sanitiser: an allowlist of SVG elements and presentation
 * attributes (what paper.js exports: groups as layers, paths, shapes, text,
 * gradients, clip paths, images). No script, style element, foreignObject,
 * animation or link survives, nor any event handler (`on…`) or unknown
 * attribute; `href`s are kept only for `data:image/(png|jpeg|gif|webp)` (the
 * draw-on-image background) and same-document `#fragments`; `url(…)` values
 * only when they point inside the document.
 */

/** Largest SVG accepted (the draw-on-image background is embedded as a data URL). */
export const maxSvgBytes = 2 * 1024 * 1024;

/** The empty drawing of a new Drawing (fact sheet §1.3): 200×200 with one layer "Layer 1". */
export const emptyDrawingSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><g id="layer1"><title>Layer 1</title></g></svg>';

// A word list reads better in rows.
// prettier-ignore
const elements = [
  'svg', 'g', 'defs', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'image', 'use', 'symbol', 'clipPath', 'mask', 'linearGradient', 'radialGradient', 'stop', 'pattern', 'marker',
];

// A word list reads better in rows.
// prettier-ignore
const common = [
  'id', 'class', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'visibility', 'display',
  'clip-path', 'clip-rule', 'mask', 'style', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'letter-spacing', 'mix-blend-mode', 'vector-effect', 'data-paper-data', 'marker-start', 'marker-mid', 'marker-end',
];

// A word list reads better in rows.
// prettier-ignore
const geometry = [
  'x', 'y', 'width', 'height', 'rx', 'ry', 'cx', 'cy', 'r', 'x1', 'y1', 'x2', 'y2', 'points', 'd', 'dx', 'dy', 'viewBox',
  'preserveAspectRatio', 'xmlns', 'xmlns:xlink', 'version', 'href', 'xlink:href', 'offset', 'stop-color', 'stop-opacity',
  'gradientUnits', 'gradientTransform', 'fx', 'fy', 'fr', 'spreadMethod', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'markerUnits',
];

const safeDataImage = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const hrefAttributes = new Set(['href', 'xlink:href']);

/**
 * A value as CSS reads it (issue 20 §11): `\75 rl(` is `url(` to a browser, so
 * escapes are decoded before any check (hex escapes with their optional
 * trailing space, then escaped characters).
 */
export const decodeCssEscapes = (value: string): string =>
  value
    .replace(/\\([0-9a-f]{1,6})(?:\r\n|[ \t\r\n\f])?/gi, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\(.)/g, '$1');

/** Attributes that a browser never reads as CSS: ids, path data, paper.js's JSON, links (checked on their own). */
const notCss = new Set([
  'id',
  'class',
  'data-paper-data',
  'd',
  'points',
  'viewBox',
  'xmlns',
  'xmlns:xlink',
  'version',
  'href',
  'xlink:href',
]);

/**
 * The CSS functions a drawing needs: colours and transforms, and `url()`
 * (checked apart: same-document only). Any other (`image-set()`, `image()`,
 * `src()`, `cross-fade()`, `var()`, `expression()`…) could fetch or compute
 * something the allowlist never saw.
 */
const cssFunctions = new Set([
  'url',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'matrix',
  'translate',
  'translatex',
  'translatey',
  'scale',
  'scalex',
  'scaley',
  'rotate',
  'skewx',
  'skewy',
]);

/** An attribute value that may point outside the document (or run code) is dropped. */
const safeValue = (name: string, value: string): boolean => {
  // An empty attribute means nothing, and would be written back as a bare name, which is not XML (issue 21 §1).
  if (value === '') return false;

  const compact = decodeCssEscapes(value)
    // eslint-disable-next-line no-control-regex -- control characters hide 'javascript:' from naive checks
    .replace(/[\s\u0000-\u001f]/g, '')
    .toLowerCase();
  if (hrefAttributes.has(name)) return compact.startsWith('#') || safeDataImage.test(value.trim());
  if (!notCss.has(name)) {
    // paper.js never writes a backslash in a CSS value: one there is an escape hiding something (issue 20 §11).
    if (value.includes('\\')) return false;
    for (const [, fn] of compact.matchAll(/([a-z0-9_-]*)\(/g)) if (!cssFunctions.has(fn ?? '')) return false;
  }
  if (compact.includes('url(') && !/^(?:[^u]|u(?!rl\())*(url\(#[^)]*\)(?:[^u]|u(?!rl\())*)*$/.test(compact)) return false;
  return !compact.includes('javascript:') && !compact.includes('expression(') && !compact.includes('@import');
};

const options: sanitizeHtml.IOptions = {
  allowedTags: elements,
  allowedAttributes: { '*': [...common, ...geometry] },
  // hrefs are checked in transformTags (data:image and #fragments only).
  allowedSchemes: ['data'],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': Object.fromEntries(
      [...common.filter((a) => !['id', 'class', 'transform', 'style', 'data-paper-data'].includes(a)), 'stop-color', 'stop-opacity'].map(
        (property) => [property, [/^[#a-z0-9.,%\s()-]*$/i]],
      ),
    ),
  },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'foreignObject', 'iframe', 'object', 'embed'],
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  selfClosing: ['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'image', 'use', 'stop'],
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => safeValue(name, value))),
    }),
  },
};

export class SvgRejected extends Error {}

/**
 * Returns the sanitised SVG.
 * @throws SvgRejected when the input is too large or is not an `<svg>` document
 */
export const sanitizeSvg = (svg: string): string => {
  if (Buffer.byteLength(svg, 'utf8') > maxSvgBytes) throw new SvgRejected('too large');
  const withoutProlog = svg
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[^\]]*\])?[^>]*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  if (!/^<svg[\s>/]/.test(withoutProlog)) throw new SvgRejected('not an svg');
  const clean = sanitizeHtml(withoutProlog, options).trim();
  if (!/^<svg[\s>/]/.test(clean)) throw new SvgRejected('not an svg');
  // What is stored must open in an <img>: browsers read SVG as strict XML.
  if (!isWellFormedXml(clean)) throw new SvgRejected('not xml');
  return clean;
};

/** True when `text` parses as a strict XML document (saxes: a conforming, non-validating parser). */
export const isWellFormedXml = (text: string): boolean => {
  const parser = new SaxesParser({ xmlns: true });
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  try {
    parser.write(text).close();
  } catch {
    return false;
  }
  return !failed;
};
