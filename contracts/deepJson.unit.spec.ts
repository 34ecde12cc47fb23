import { describe, expect, it } from 'vitest';
import { annotationTextOf } from './annotations.ts';
import { copyJson, eachDocNode, jsonText } from './deepJson.ts';

/** A ProseMirror-like document `depth` blockquotes deep, built without recursion. */
const deepDoc = (depth: number) => {
  let node: Record<string, unknown> = { type: 'paragraph', content: [{ type: 'text', text: 'bottom' }] };
  for (let i = 0; i < depth; i++) node = { type: 'blockquote', attrs: { level: i }, content: [node] };
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'top ' }] }, node] };
};

/** Far deeper than JSON.stringify, structuredClone or a recursive walk survive. */
const veryDeep = 100_000;

describe('eachDocNode', () => {
  it('visits nodes in document order, a node before its children', () => {
    const types: string[] = [];
    eachDocNode(
      {
        type: 'doc',
        content: [{ type: 'a', content: [{ type: 'a1' }, { type: 'a2', content: [{ type: 'a21' }] }] }, { type: 'b' }],
      },
      (node) => void types.push(String(node.type)),
    );
    expect(types).toEqual(['doc', 'a', 'a1', 'a2', 'a21', 'b']);
  });

  it('skips the children of a node when visit returns false', () => {
    const types: string[] = [];
    eachDocNode({ type: 'doc', content: [{ type: 'skip', content: [{ type: 'hidden' }] }, { type: 'shown' }] }, (node) => {
      types.push(String(node.type));
      return node.type !== 'skip';
    });
    expect(types).toEqual(['doc', 'skip', 'shown']);
  });

  it(`walks a document ${veryDeep} levels deep without overflowing the stack`, () => {
    let count = 0;
    eachDocNode(deepDoc(veryDeep), () => void count++);
    // doc, the top paragraph and its text, the blockquotes, the bottom paragraph and its text.
    expect(count).toBe(veryDeep + 5);
    expect(annotationTextOf(deepDoc(veryDeep))).toBe('top bottom');
  });
});

describe('copyJson and jsonText', () => {
  const sample = { a: [1, 'two', null, undefined, { b: true, c: undefined }], d: { e: -1.5 }, f: undefined, g: '' };

  it('give what JSON.parse(JSON.stringify(value)) and JSON.stringify give', () => {
    expect(copyJson(sample)).toEqual(JSON.parse(JSON.stringify(sample)));
    expect(jsonText(sample)).toBe(JSON.stringify(sample));
    expect(copyJson('text')).toBe('text');
    expect(jsonText(null)).toBe('null');
  });

  it('copy deeply: the copy shares nothing with the original', () => {
    const copy = copyJson(sample);
    (copy.a[4] as { b: boolean }).b = false;
    expect((sample.a[4] as { b: boolean }).b).toBe(true);
  });

  it(`handle a document ${veryDeep} levels deep, where JSON.stringify overflows`, () => {
    const doc = deepDoc(veryDeep);
    expect(() => JSON.stringify(doc)).toThrow(RangeError);
    const text = jsonText(doc);
    // JSON.parse is not recursive: it reads the text back at any depth.
    expect(
      text.startsWith('{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"top "}]},{"type":"blockquote"'),
    ).toBe(true);
    expect(text).toContain(
      '{"type":"blockquote","attrs":{"level":0},"content":[{"type":"paragraph","content":[{"type":"text","text":"bottom"}]}]}]}',
    );
    expect(text.endsWith(']}'.repeat(veryDeep + 1))).toBe(true);
    expect(jsonText(JSON.parse(text))).toBe(text);
    expect(jsonText(copyJson(doc))).toBe(text);
  }, 30_000); // a hundred thousand levels take seconds of CPU on a busy 2-core machine
});
