import { describe, expect, it } from 'vitest';
import { createContribution, useCanvasWorld } from '../../../../tests/support/canvas.ts';

/** Issue 21 §4: new contributions never pile on one spot. */

const { w } = useCanvasWorld();

describe('new contributions from the toolbar', () => {
  it('five notes asked at (nearly) the same spot land side by side near it, none on another', async () => {
    const refs: { x: number; y: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await createContribution(w, w.writer, {
        type: i === 4 ? 'Drawing' : 'Note',
        placement: { viewId: w.welcomeViewId, x: 900 + (i % 2) * 7, y: 600 + i * 3 },
      });
      const ref = reply.refs[0];
      if (!ref) throw new Error('no ref');
      refs.push({ x: Number(ref.data.x), y: Number(ref.data.y) });
    }
    for (const [i, a] of refs.entries()) {
      for (const b of refs.slice(i + 1)) expect(Math.abs(a.x - b.x) < 80 && Math.abs(a.y - b.y) < 40).toBe(false);
      expect(Math.hypot(a.x - 900, a.y - 600)).toBeLessThan(200);
    }
  });
});
