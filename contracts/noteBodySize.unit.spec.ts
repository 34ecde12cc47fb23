import { describe, expect, it } from 'vitest';
import { Messages } from './catalogs/messages.ts';
import {
  checkNoteBodySize,
  maxNoteDepth,
  maxNoteNodes,
  NoteBodyTooLarge,
  parseNoteBody,
  plainTextOf,
  withServableBodies,
} from './noteSchema.ts';

const nested = (depth: number) => {
  let node: Record<string, unknown> = {
    type: 'paragraph',
    content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'https://a.example' } }] }],
  };
  for (let i = 0; i < depth; i++) node = { type: 'blockquote', content: [node] };
  return { type: 'doc', content: [node] };
};

describe('checkNoteBodySize', () => {
  it(`accepts nodes nested ${maxNoteDepth} deep, with marks and attributes at the bottom`, () => {
    // doc + blockquotes + paragraph + text = depth + 3 node levels.
    expect(() => checkNoteBodySize(nested(maxNoteDepth - 3))).not.toThrow();
    expect(() => parseNoteBody(nested(maxNoteDepth - 3))).not.toThrow();
  });

  it('refuses one level more, and 100,000 levels without overflowing the stack', () => {
    expect(() => checkNoteBodySize(nested(maxNoteDepth - 2))).toThrow(Messages.noteTooDeep);
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => checkNoteBodySize({ type: 'doc', content: deep })).toThrow(RangeError);
    let attrs: unknown = 'x';
    for (let i = 0; i < 100_000; i++) attrs = { a: attrs };
    expect(() => parseNoteBody({ type: 'doc', content: [{ type: 'paragraph', attrs }] })).toThrow(NoteBodyTooLarge);
  });

  it(`refuses more than ${maxNoteNodes} nodes`, () => {
    const paragraphs = (n: number) => ({ type: 'doc', content: Array.from({ length: n }, () => ({ type: 'paragraph' })) });
    expect(() => checkNoteBodySize(paragraphs(maxNoteNodes - 1))).not.toThrow();
    expect(() => checkNoteBodySize(paragraphs(maxNoteNodes))).toThrow(Messages.noteTooLarge);
  });

  it('names the limits in the messages sent to the writer', () => {
    expect(Messages.noteTooDeep).toContain(String(maxNoteDepth));
    expect(Messages.noteTooLarge).toContain(maxNoteNodes.toLocaleString('en'));
  });

  it('plainTextOf walks a document at the depth limit without recursion, in document order', () => {
    const doc = parseNoteBody({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'first' }] },
        nested(maxNoteDepth - 3).content[0],
        { type: 'paragraph', content: [{ type: 'text', text: 'last' }] },
      ],
    });
    expect(plainTextOf(doc)).toBe('first\nx\nlast');
  });

  it('withServableBodies replaces only bodies beyond the limits', () => {
    const fine = { body: nested(2), other: 1 };
    expect(withServableBodies(fine)).toBe(fine);
    const served = withServableBodies({
      body: nested(500),
      translations: { fr: { title: 'a', body: nested(500) }, en: { title: 'b', body: nested(1) } },
    });
    expect(JSON.stringify(served.body)).toContain('nested too deeply');
    expect(JSON.stringify(served.translations.fr.body)).toContain('nested too deeply');
    expect(served.translations.en.body).toEqual(nested(1));
    // A multilanguage note keeps each language's body at data[lang].
    const multi = withServableBodies({ body: nested(1), fr: nested(500), fr_title: 'Profond', en: nested(1) });
    expect(JSON.stringify(multi.fr)).toContain('nested too deeply');
    expect(multi.en).toEqual(nested(1));
    expect(multi.fr_title).toBe('Profond');
  });
});
