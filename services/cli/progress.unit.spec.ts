import { describe, expect, it } from 'vitest';
import { formatDuration, progressBar, progressText } from './progress.ts';

describe('progress lines', () => {
  it('say the rate and the time left at that rate', () => {
    // 250,000 of 1,000,000 events in 10 s: 25,000/s, 30 s left.
    expect(progressText(250_000, 1_000_000, 10_000)).toBe('250000/1000000 (25,000/s, about 30 s left)');
    expect(progressText(1_000_000, 1_000_000, 40_000)).toBe('1000000/1000000 (25,000/s, finishing)');
    expect(progressText(0, 1_000_000, 0)).toBe('0/1000000 (0/s)');
  });

  it('write durations in seconds, minutes and hours', () => {
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(65_000)).toBe('1 min 05 s');
    expect(formatDuration(2 * 3600_000 + 3 * 60_000)).toBe('2 h 03 min');
  });

  it('print a line every tenth when not on a terminal, with the ETA', () => {
    const lines: string[] = [];
    let now = 0;
    const stream = { isTTY: false, write: (text: string) => lines.push(text) } as unknown as NodeJS.WriteStream;
    const bar = progressBar('rebuild', stream, () => now);
    now = 5_000;
    bar.update(100, 1_000);
    now = 7_000;
    bar.update(150, 1_000);
    now = 10_000;
    bar.update(200, 1_000);
    expect(lines).toEqual(['rebuild 10% 100/1000 (20/s, about 45 s left)\n', 'rebuild 20% 200/1000 (20/s, about 40 s left)\n']);
  });
});
