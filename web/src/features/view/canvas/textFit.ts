/**
 * Whether a ref's one-line text surely fits without being cut. Titles and
 * meta lines end with an ellipsis when too long, which needs an overflow clip;
 * every clip is a paint property node of its own, and thousands of them make
 * each frame of a drag re-layerize the whole canvas. So only the texts that
 * may overflow get the clip: the width is measured once per text (2D canvas,
 * the page's font), with a margin for a web font that arrives later.
 */

/** Refs are at most 18rem wide (Canvas.module.css .ref); padding, border and icon (or meta indent) take 41 px. */
const maxRefRem = 18;
const chromePx = 41;
const safety = (width: number) => width * 1.1 + 6;

let context: CanvasRenderingContext2D | null | undefined;
let family = 'sans-serif';
let remPx = 16;
const widths = new Map<string, number>();

const measure = (text: string, font: string): number | null => {
  if (context === undefined) {
    context = null;
    if (typeof document !== 'undefined' && !navigator.userAgent.includes('jsdom')) {
      context = document.createElement('canvas').getContext('2d');
      family = getComputedStyle(document.body).fontFamily || family;
      remPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || remPx;
    }
  }
  if (!context) return null;
  const key = `${font}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    context.font = `${font} ${family}`;
    width = context.measureText(text).width;
    if (widths.size > 20_000) widths.clear();
    widths.set(key, width);
  }
  return width;
};

const room = () => maxRefRem * remPx - chromePx;

export type TitleBadges = { newText: string | null; star: boolean; lock: boolean; langs: string | null };

/** The title (12 px, measured bold) beside its badges fits in a ref of the maximum width. */
export const titleFits = (title: string, badges: TitleBadges): boolean => {
  const width = measure(title, '700 12px');
  if (width === null) return false;
  let used = safety(width);
  if (badges.newText !== null) used += 5 + 8 + safety(measure(badges.newText, '600 10px') ?? 40);
  if (badges.star) used += 16;
  if (badges.lock) used += 16;
  if (badges.langs !== null) used += 5 + safety(measure(badges.langs, '10px') ?? 40);
  return used <= room();
};

/** The meta line (11 px) fits in a ref of the maximum width. */
export const metaFits = (meta: string): boolean => {
  const width = measure(meta, '11px');
  return width !== null && safety(width) <= room();
};
