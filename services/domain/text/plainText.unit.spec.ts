import { describe, expect, it } from 'vitest';
import { bodyPlainText, noteLanguageTexts, notePlainText } from './plainText.ts';

const id = (c: string) => c.repeat(24);
const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

/** A pupil's note: a heading, marks and a link, a hard break, a list, a scaffold support with words inside, a reference. */
const body = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('La lumière')] },
    paragraph(
      text('Le soleil est '),
      text('très', [{ type: 'strong' }]),
      text(' chaud', [{ type: 'em' }]),
      { type: 'hard_break' },
      text('voir '),
      text('ce site', [{ type: 'link', attrs: { href: 'https://example.org/' } }]),
    ),
    {
      type: 'bullet_list',
      content: [
        { type: 'list_item', content: [paragraph(text('premier point'))] },
        { type: 'list_item', content: [paragraph(text('second point'))] },
      ],
    },
    paragraph(
      text('Je pense que'),
      {
        type: 'support',
        attrs: { supportId: id('a'), title: 'Ma théorie' },
        content: [text('la lumière'), { type: 'hard_break' }, text('rebondit')],
      },
      text('sur les murs.'),
    ),
    paragraph(
      text('Comme dit '),
      { type: 'reference', attrs: { contributionId: id('b'), quote: 'les mots cités', title: 'T', authors: 'A' } },
      text('.'),
    ),
  ],
};

describe('bodyPlainText', () => {
  it('reads blocks, marks, links, hard breaks and list items as lines of text', () => {
    const plain = bodyPlainText(body);
    expect(plain.split('\n').slice(0, 5)).toEqual([
      'La lumière',
      'Le soleil est très chaud',
      'voir ce site',
      'premier point',
      'second point',
    ]);
  });

  it('keeps the words written inside a scaffold support, apart from the words around it, and leaves its label out', () => {
    const plain = bodyPlainText(body);
    expect(plain).toContain('Je pense que la lumière\nrebondit sur les murs.');
    expect(plain).not.toContain('Ma théorie');
  });

  it("keeps a reference's quote unless asked for the author's own words only", () => {
    expect(bodyPlainText(body)).toContain('Comme dit les mots cités .');
    const own = bodyPlainText(body, { quotes: false });
    expect(own).not.toContain('les mots cités');
    expect(own).toContain('Comme dit .');
    expect(own).toContain('rebondit');
  });

  it('gives "" for a missing body or one that does not fit the schema, never HTML parsing', () => {
    expect(bodyPlainText(undefined)).toBe('');
    expect(bodyPlainText(null)).toBe('');
    expect(bodyPlainText('<p>Bonjour</p>')).toBe('');
    expect(bodyPlainText({ type: 'doc', content: [{ type: 'script', text: 'x' }] })).toBe('');
    expect(bodyPlainText({ type: 'doc', content: [{ type: 'script', text: 'x' }] }, { quotes: false })).toBe('');
  });

  it('refuses a body nested too deeply, with or without quotes', () => {
    let deep: Record<string, unknown> = paragraph(text('fond'));
    for (let i = 0; i < 200; i++) deep = { type: 'blockquote', content: [deep] };
    const doc = { type: 'doc', content: [deep] };
    expect(bodyPlainText(doc)).toBe('');
    expect(bodyPlainText(doc, { quotes: false })).toBe('');
  });
});

describe('notePlainText and noteLanguageTexts', () => {
  it("reads a note's body and nothing from other types", () => {
    expect(notePlainText({ type: 'Note', data: { body } })).toContain('Le soleil est très chaud');
    expect(notePlainText({ type: 'View', data: { body } })).toBe('');
    expect(notePlainText({ type: 'Note', data: {} })).toBe('');
  });

  it('reads each language of a multilanguage note', () => {
    const doc = (value: string) => ({ type: 'doc', content: [paragraph(text(value))] });
    const note = { langInNote: ['fr', 'en'], data: { body: doc('le soleil'), fr: doc('le soleil'), en: doc('the sun') } };
    expect(noteLanguageTexts(note)).toEqual({ fr: 'le soleil', en: 'the sun' });
    expect(noteLanguageTexts({ data: { body: doc('seul') } })).toEqual({});
  });
});
