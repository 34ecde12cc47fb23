import { describe, expect, it } from 'vitest';
import { anchorAnnotation, annotationTextOf, checkedRanges, plainAnnotationText, plainQuote } from './annotations.ts';

const doc = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Une ' },
        { type: 'text', text: 'idée', marks: [{ type: 'strong' }] },
        { type: 'text', text: '.' },
      ],
    },
    {
      type: 'paragraph',
      content: [
        { type: 'support', attrs: { supportId: 'x', title: 'Ma théorie' }, content: [{ type: 'text', text: 'je pense' }] },
        { type: 'reference', attrs: { contributionId: 'y', quote: 'cited words' } },
        { type: 'attachmentRef', attrs: { attachmentId: 'z' } },
        { type: 'hard_break' },
        { type: 'text', text: 'fin' },
      ],
    },
  ],
};

describe('annotationTextOf', () => {
  it('concatenates the text nodes in order, nothing between blocks; supports count their words, not their label; references and attachments count nothing', () => {
    expect(annotationTextOf(doc)).toBe('Une idée.je pensefin');
  });

  it('is empty for anything that is not a document', () => {
    expect(annotationTextOf(null)).toBe('');
    expect(annotationTextOf('text')).toBe('');
    expect(annotationTextOf({ type: 'doc' })).toBe('');
  });
});

describe('anchorAnnotation', () => {
  const text = 'la lumière, puis encore la lumière du jour';

  it('keeps the ranges while the text there is still the quote', () => {
    expect(anchorAnnotation(text, [{ start: 27, end: 34 }], 'lumière')).toEqual([{ start: 27, end: 34 }]);
  });

  it('finds the occurrence nearest to where it was when the text moved', () => {
    const edited = `Avant: ${text}`;
    expect(anchorAnnotation(edited, [{ start: 27, end: 34 }], 'lumière')).toEqual([{ start: 34, end: 41 }]);
    expect(anchorAnnotation(edited, [{ start: 3, end: 10 }], 'lumière')).toEqual([{ start: 10, end: 17 }]);
  });

  it('spans several ranges by the text from the first start to the last end', () => {
    expect(
      anchorAnnotation(
        text,
        [
          { start: 12, end: 16 },
          { start: 3, end: 10 },
        ],
        'lumière, puis',
      ),
    ).toEqual([
      { start: 3, end: 10 },
      { start: 12, end: 16 },
    ]);
  });

  it('answers null when the quote is gone or empty', () => {
    expect(anchorAnnotation(text, [{ start: 3, end: 10 }], 'soleil')).toBeNull();
    expect(anchorAnnotation(text, [{ start: 3, end: 10 }], '')).toBeNull();
  });
});

describe('checks and plain text', () => {
  it('checkedRanges refuses empty, reversed, negative or out-of-text ranges and sorts the rest', () => {
    expect(
      checkedRanges(
        [
          { start: 5, end: 6 },
          { start: 0, end: 2 },
        ],
        10,
      ),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 5, end: 6 },
    ]);
    for (const bad of [
      [],
      [{ start: 2, end: 2 }],
      [{ start: 3, end: 1 }],
      [{ start: -1, end: 2 }],
      [{ start: 0, end: 11 }],
      [{ start: 0.5, end: 2 }],
    ]) {
      expect(checkedRanges(bad, 10)).toBeNull();
    }
  });

  it('plainAnnotationText drops control characters but keeps new lines and tabs; plainQuote does not trim', () => {
    expect(plainAnnotationText(' a\u0000b\r\nc\td\u007f ')).toBe('ab\nc\td');
    expect(plainQuote(' a\u0000b ')).toBe(' ab ');
  });
});
