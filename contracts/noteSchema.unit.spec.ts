import { describe, expect, it } from 'vitest';
import { countWords, noteSearchText, parseNoteBody, plainTextOf, referenceNodesOf, splitKeywords, supportNodesOf } from './noteSchema.ts';

const id = (c: string) => c.repeat(24);
const note = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title words' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Hello ', marks: [{ type: 'strong' }, { type: 'em' }, { type: 'underline' }, { type: 'strike' }] },
        { type: 'support', attrs: { supportId: id('a'), title: 'My theory' }, content: [{ type: 'text', text: 'the sun is hot' }] },
        { type: 'reference', attrs: { contributionId: id('b'), quote: 'quoted words', title: 'T', authors: 'A B' } },
        { type: 'hard_break' },
        { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'https://example.org' } }] },
        { type: 'image', attrs: { src: '/api/attachments/' + id('c') + '/1', width: 200 } },
        { type: 'attachmentRef', attrs: { attachmentId: id('c') } },
      ],
    },
    {
      type: 'bullet_list',
      content: [{ type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: "it's one" }] }] }],
    },
  ],
};

describe('note schema', () => {
  it('accepts paragraphs, headings, lists, marks, breaks, links, images and the three Knowledge Forum nodes', () => {
    const doc = parseNoteBody(note);
    expect(plainTextOf(doc)).toBe("Title words\nHello the sun is hot quoted words\nlink\nit's one");
    expect(countWords(plainTextOf(doc))).toBe(12);
    expect(supportNodesOf(doc)).toEqual([{ supportId: id('a'), linkId: null, title: 'My theory' }]);
    expect(referenceNodesOf(doc)).toEqual([{ contributionId: id('b'), quote: 'quoted words', linkId: null }]);
  });

  it('makes the support node an inline unit the pupil writes inside (words, marks, line breaks)', () => {
    const doc = parseNoteBody(note);
    let found = false;
    doc.descendants((node) => {
      if (node.type.name === 'support') {
        found = true;
        // Not an atom: the caret goes inside; still selectable as one unit.
        expect(node.isInline && !node.isAtom && node.type.spec.selectable && node.inlineContent).toBe(true);
        expect(node.textContent).toBe('the sun is hot');
      }
    });
    expect(found).toBe(true);
    const written = parseNoteBody({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'support',
              attrs: { supportId: id('a'), title: 'Mon idée' },
              content: [
                { type: 'text', text: "parce que l'eau", marks: [{ type: 'strong' }] },
                { type: 'hard_break' },
                { type: 'text', text: "s'évapore" },
              ],
            },
          ],
        },
      ],
    });
    // The words typed inside count and are searched; the label is not text.
    expect(plainTextOf(written)).toBe("parce que l'eau\ns'évapore");
    expect(countWords(plainTextOf(written))).toBe(4);
    expect(() =>
      parseNoteBody({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'support', attrs: { supportId: id('a') } }] }] }),
    ).not.toThrow();
  });

  it.each([
    [
      'a javascript: link',
      { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
    ],
    [
      'a data:text/html image',
      { type: 'paragraph', content: [{ type: 'image', attrs: { src: 'data:text/html,<script>alert(1)</script>' } }] },
    ],
    ['an image wider than 200 px', { type: 'paragraph', content: [{ type: 'image', attrs: { src: 'a.png', width: 201 } }] }],
    [
      'an attachment id that is not 24-hex',
      { type: 'paragraph', content: [{ type: 'attachmentRef', attrs: { attachmentId: '../etc/passwd' } }] },
    ],
    ['a support without support id', { type: 'paragraph', content: [{ type: 'support', attrs: {}, content: [] }] }],
    [
      'a support inside a support',
      {
        type: 'paragraph',
        content: [{ type: 'support', attrs: { supportId: id('a') }, content: [{ type: 'support', attrs: { supportId: id('b') } }] }],
      },
    ],
    [
      'an image inside a support',
      {
        type: 'paragraph',
        content: [{ type: 'support', attrs: { supportId: id('a') }, content: [{ type: 'image', attrs: { src: 'a.png' } }] }],
      },
    ],
    ['an unknown node', { type: 'script', content: [] }],
    ['text directly in the document', { type: 'text', text: 'x' }],
    ['an unknown mark', { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'blink' }] }] }],
  ])('refuses %s', (_name, block) => {
    expect(() => parseNoteBody({ type: 'doc', content: [block] })).toThrow();
  });

  it('refuses anything but a doc', () => {
    expect(() => parseNoteBody({ type: 'paragraph' })).toThrow();
    expect(() => parseNoteBody('<p>hi</p>')).toThrow();
    expect(() => parseNoteBody(null)).toThrow();
  });

  it('drops attributes the schema does not know (no event handlers survive)', () => {
    const doc = parseNoteBody({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: 'a.png', onerror: 'alert(1)' } }] }],
    });
    expect(JSON.stringify(doc.toJSON())).not.toContain('onerror');
  });

  it('splits keywords on semicolons, trims and drops empties', () => {
    expect(splitKeywords(' light ; ; heat;light;  ')).toEqual(['light', 'heat']);
    expect(splitKeywords('')).toEqual([]);
  });

  it('builds the search text as ( title ) text ( keywords )', () => {
    expect(noteSearchText('Sun', 'hot sun', ['light', 'heat'])).toBe('( Sun ) hot sun ( light; heat )');
  });
});
