import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { kbdexCsv, neutraliseFormula, noteText } from './kbdex.ts';

describe('KBDeX CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const cell of ['=1+1', '+1', '-2', '@SUM(A1)', '\t=x', '\r=x']) expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    for (const cell of ['idea', '', ' =not first', '1-2', 'a=b']) expect(neutraliseFormula(cell)).toBe(cell);
  });

  it('quotes commas, quotes and new lines so every row parses back', () => {
    const rows = [
      {
        id: 'a'.repeat(24),
        title: '=cmd|calc',
        authors: 'Ann; Bob',
        created: '2024-01-01T00:00:00.000Z',
        wordCount: 3,
        text: 'one, "two"\nthree',
      },
      { id: 'b'.repeat(24), title: 'plain', authors: '-x', created: '2024-01-02T00:00:00.000Z', wordCount: 0, text: '' },
    ];
    const csv = kbdexCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('id,title,authors,created,wordCount,text');
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.data).toEqual([
      {
        id: 'a'.repeat(24),
        title: "'=cmd|calc",
        authors: 'Ann; Bob',
        created: '2024-01-01T00:00:00.000Z',
        wordCount: '3',
        text: 'one, "two"\nthree',
      },
      { id: 'b'.repeat(24), title: 'plain', authors: "'-x", created: '2024-01-02T00:00:00.000Z', wordCount: '0', text: '' },
    ]);
  });

  it('takes the plain text of a note body; a body that does not parse gives no text', () => {
    expect(
      noteText({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'world' }] },
        ],
      }),
    ).toBe('Hello\nworld');
    expect(noteText({ type: 'nonsense' })).toBe('');
    expect(noteText(undefined)).toBe('');
  });
});
