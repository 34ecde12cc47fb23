import { describe, expect, it } from 'vitest';
import { initialFrame, screenSizedWindow } from './geometry.ts';

describe('window size (issue 21 §9)', () => {
  it('grows with the screen, from the spec’s 650×410, up to 80% of it', () => {
    expect(screenSizedWindow({ width: 1366, height: 768 })).toEqual({ width: 751, height: 614 });
    expect(screenSizedWindow({ width: 1920, height: 1080 })).toEqual({ width: 1056, height: 864 });
    expect(screenSizedWindow({ width: 700, height: 500 })).toEqual({ width: 560, height: 400 });
  });

  it('keeps the whole window, its buttons included, on a laptop screen', () => {
    for (let open = 0; open < 10; open++) {
      const frame = initialFrame({ width: 1366, height: 768 }, open);
      expect(frame.y + frame.height).toBeLessThanOrEqual(768);
    }
  });
});
