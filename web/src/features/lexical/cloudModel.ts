/**
 * The word clouds' pure parts (issue 13 §2–§3): what the layout worker is
 * asked and answers, its seeded random (the same words give the same cloud,
 * so screenshots and tests are stable), the colours (dark enough to read on
 * white), and the SVG file a download saves.
 */

export type CloudInput = { text: string; size: number };
export type PlacedWord = { text: string; size: number; x: number; y: number; rotate: number };

export type CloudRequest = { id: number; words: CloudInput[]; width: number; height: number; padding: number; font: string; seed: number };
export type CloudResponse = { id: number; placed: PlacedWord[] };

/** The original's face (Impact), with fallbacks: the worker measures and the SVG draws with the same list. */
export const cloudFont = 'Impact, "Arial Narrow Bold", "Arial Black", sans-serif';

/** A small linear congruential generator in [0, 1). */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
};

/** Ten colours of category20's hues, darkened to a contrast of at least 4.5:1 on white. */
export const cloudColours = ['#1f5a8c', '#a84300', '#22702a', '#b01c1e', '#6a4a96', '#6b4336', '#a8327a', '#555555', '#6b6b10', '#0f6f7a'];

export const colourOf = (index: number): string => cloudColours[index % cloudColours.length] ?? '#333333';

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The cloud as a standalone SVG document (what "SVG" downloads, and what the PNG is drawn from). */
export const cloudSvg = (placed: readonly PlacedWord[], width: number, height: number): string => {
  const texts = placed
    .map(
      (word, i) =>
        `<text text-anchor="middle" transform="translate(${word.x},${word.y}) rotate(${word.rotate})" font-size="${word.size}" fill="${colourOf(i)}">${escapeXml(word.text)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<g transform="translate(${width / 2},${height / 2})" font-family='${cloudFont}'>${texts}</g></svg>`
  );
};

/** A file name made of a title: letters, digits, dashes. */
export const fileNameOf = (title: string, extension: string): string =>
  `${
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'nuage'
  }.${extension}`;
