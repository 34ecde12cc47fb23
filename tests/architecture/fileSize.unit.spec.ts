import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 22 §2: no file of services/ over 400 lines outside tests. A file that
 * grows past it holds more than one concern: split it (one command or query
 * per file, one adapter concern per module) rather than raise the limit.
 */
const maxLines = 400;
const root = fileURLToPath(new URL('../..', import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Lines as `wc -l` counts them, plus a last line without its newline. */
const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe('services/ file size', () => {
  it('counts lines as wc -l does, and a last line without its newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });

  it(`has no file over ${maxLines} lines outside tests`, () => {
    const files = sourceFiles(join(root, 'services'));
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((file) => ({ file: relative(root, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > maxLines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
