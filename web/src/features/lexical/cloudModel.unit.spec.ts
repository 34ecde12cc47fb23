import { describe, expect, it } from 'vitest';
import { cloudColours, cloudSvg, fileNameOf, seededRandom } from './cloudModel.ts';

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};

describe('the word clouds’ pure parts', () => {
  it('draws the same cloud from the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(first).size).toBe(3);
  });

  it('uses colours readable on white (contrast ≥ 4.5:1)', () => {
    for (const colour of cloudColours) expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes a standalone SVG with the words escaped, centred in the layout', () => {
    const svg = cloudSvg([{ text: 'l’eau & <feu>', size: 40, x: -10, y: 20, rotate: 90 }], 1000, 1000);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('width="1000" height="1000"');
    expect(svg).toContain('translate(500,500)');
    expect(svg).toContain('l’eau &amp; &lt;feu&gt;');
    expect(svg).toContain('translate(-10,20) rotate(90)');
  });

  it('names files after the title, accents and signs dropped', () => {
    expect(fileNameOf('nuage-Énergie du soleil !', 'png')).toBe('nuage-Energie-du-soleil.png');
    expect(fileNameOf('???', 'svg')).toBe('nuage.svg');
  });
});
