// @vitest-environment jsdom
import { DOMParser as PMDOMParser, DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { countWords, noteSchema, parseNoteBody, plainTextOf, supportNodesOf } from './noteSchema.ts';
import { scaffoldTextLanguage } from './supportMarkup.ts';

/** Issue 21 §3: a support's HTML is Knowledge Forum 6's, both ways. */

const supportId = 'a1'.repeat(12);
const linkId = 'b2'.repeat(12);

const support = (words: unknown[], attrs: Record<string, unknown> = {}) => ({
  type: 'support',
  attrs: { supportId, linkId, title: 'Mon idée', ...attrs },
  ...(words.length ? { content: words } : {}),
});

const body = (...inline: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: inline }] });

/** HTML of a document, as the read view and the clipboard render it. */
const toHtml = (json: unknown): string => {
  const host = document.createElement('div');
  host.append(DOMSerializer.fromSchema(noteSchema).serializeFragment(parseNoteBody(json).content));
  return host.innerHTML;
};

/** A document parsed from HTML (a fresh detached DOM, as ProseMirror parses pasted HTML). */
const fromHtml = (html: string): PMNode => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return PMDOMParser.fromSchema(noteSchema).parse(host);
};

/** What KF6's own code reads of a body: each start marker's id and label, and the text up to its end marker. */
const kf6Reading = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return Array.from(host.querySelectorAll<HTMLElement>('.KFSupportStart')).map((start) => {
    const end = Array.from(host.querySelectorAll<HTMLElement>('.KFSupportEnd')).find((candidate) => candidate.id === start.id);
    const range = document.createRange();
    range.setStartAfter(start);
    if (end) range.setEndBefore(end);
    return { id: start.id, label: start.querySelector('.kfSupportStartLabel')?.textContent, words: end ? range.toString() : null };
  });
};

/** The markup KF6's kftag.service.js inserts for a support around the pupil's words. */
const kf6Tag = (id: string, title: string, words: string) =>
  `<br>&nbsp;&nbsp;<span id="${id}" class="KFSupportStart mceNonEditable"> <span class="kfSupportStartMark"> &nbsp; </span> <span class="kfSupportStartLabel">${title}</span> </span>` +
  `${words}<span id="${id}" class="KFSupportEnd mceNonEditable"> <span class="kfSupportEndMark"> &nbsp; </span> </span>&nbsp;&nbsp;<br>`;

describe('the support node as Knowledge Forum 6 markup', () => {
  it('renders the words between KF6 start and end markers, labelled, with the link id', () => {
    const html = toHtml(body({ type: 'text', text: 'Je pense ' }, support([{ type: 'text', text: "parce que l'eau s'évapore" }])));
    expect(kf6Reading(html)).toEqual([{ id: linkId, label: 'Mon idée', words: "parce que l'eau s'évapore" }]);
    expect(html).toContain('class="KFSupportStart mceNonEditable kf-support-label"');
    expect(html).toContain('class="KFSupportEnd mceNonEditable kf-support-end"');
    // Not contributed yet: KF6 marks it with the support's id, as its own editor does.
    expect(kf6Reading(toHtml(body(support([{ type: 'text', text: 'x' }], { linkId: null }))))[0]?.id).toBe(supportId);
  });

  it('reads its own markup back to the same document (marks, line breaks, an empty support)', () => {
    const doc = body(
      { type: 'text', text: 'Avant ' },
      support([
        { type: 'text', text: 'la vapeur ' },
        { type: 'text', text: 'monte', marks: [{ type: 'em' }] },
        { type: 'hard_break' },
        { type: 'text', text: 'puis retombe' },
      ]),
      { type: 'text', text: ' après ' },
      support([], { title: 'My theory', linkId: null }),
      { type: 'text', text: ' fin' },
    );
    expect(fromHtml(toHtml(doc)).toJSON()).toEqual(parseNoteBody(doc).toJSON());
  });

  it('reads the markup KF6 inserts: the words between the markers become the support’s words', () => {
    const doc = fromHtml(`<p>Je pense${kf6Tag(supportId, 'Mon idée', "parce que l'eau <em>s'évapore</em>")}et voilà</p>`);
    const paragraph = doc.firstChild;
    const node = paragraph?.content.content.find((child) => child.type.name === 'support');
    expect(node?.attrs).toEqual({ supportId, linkId: null, title: 'Mon idée' });
    expect(node?.textContent).toBe("parce que l'eau s'évapore");
    expect(node?.lastChild?.marks.map((mark) => mark.type.name)).toEqual(['em']);
    // Nothing of the markers leaks into the text; the text around stays.
    expect(plainTextOf(doc)).toBe("Je pense\nparce que l'eau s'évapore\net voilà");
    expect(countWords(plainTextOf(doc))).toBe(8);
    expect(supportNodesOf(doc)).toEqual([{ supportId, linkId: null, title: 'Mon idée' }]);
  });

  it('round-trips KF6 markup: KF6 reads back the same label and words', () => {
    const first = fromHtml(`<p>${kf6Tag(supportId, 'Mon idée', 'la pluie tombe')}</p>`);
    const again = toHtml(first.toJSON());
    expect(kf6Reading(again)).toEqual([{ id: supportId, label: 'Mon idée', words: 'la pluie tombe' }]);
    expect(fromHtml(again).toJSON()).toEqual(first.toJSON());
  });

  it('reads KF6’s untouched placeholder as an empty support', () => {
    for (const placeholder of [' -&nbsp;…&nbsp;- ', '- enter your idea here -']) {
      const node = fromHtml(`<p>${kf6Tag(supportId, 'My theory', placeholder)}</p>`).firstChild?.content.content.find(
        (child) => child.type.name === 'support',
      );
      expect(node?.attrs.title).toBe('My theory');
      expect(node?.childCount).toBe(0);
    }
  });

  it('reads KF6 as stored (emptied markers, template ids) and leftover markers', () => {
    const stored = fromHtml(
      `<p><span id="${linkId}" class="KFSupportStart mceNonEditable"></span>des nuages<span id="${linkId}" class="KFSupportEnd mceNonEditable"></span></p>`,
    );
    expect(stored.firstChild?.firstChild?.type.name).toBe('support');
    expect(stored.firstChild?.firstChild?.textContent).toBe('des nuages');
    const template = fromHtml(
      `<p><span id="supportid_${supportId}" class="KFSupportStart KFTemplateStart mceNonEditable"><span class="kfSupportStartLabel">Mon idée</span></span>` +
        `écrire<span id="supportid_${supportId}" class="KFSupportEnd KFTemplateEnd mceNonEditable"></span></p>`,
    );
    expect(supportNodesOf(template)).toEqual([{ supportId, linkId: null, title: 'Mon idée' }]);
    // An end marker alone adds nothing; a start marker whose end is on another line holds no words.
    expect(
      fromHtml(`<p>seul<span id="${linkId}" class="KFSupportEnd mceNonEditable"><span class="kfSupportEndMark"> &nbsp; </span></span></p>`)
        .textContent,
    ).toBe('seul');
    const split = fromHtml(
      `<p><span id="${linkId}" class="KFSupportStart mceNonEditable"></span>début</p><p>suite<span id="${linkId}" class="KFSupportEnd mceNonEditable"></span></p>`,
    );
    expect(split.firstChild?.firstChild?.childCount).toBe(0);
    expect(plainTextOf(split)).toBe('début\nsuite');
  });

  it('refuses markers whose id is not an object id (no support is made up)', () => {
    const doc = fromHtml(
      `<p><span id="x" class="KFSupportStart mceNonEditable"><span class="kfSupportStartLabel">Mon idée</span></span>mots<span id="x" class="KFSupportEnd mceNonEditable"></span></p>`,
    );
    expect(supportNodesOf(doc)).toEqual([]);
    expect(doc.textContent).toBe('Mon idéemots');
  });

  it('marks the label of a default scaffold with its language, and reads the same node back (issue 25 §4)', () => {
    const english = body(support([{ type: 'text', text: 'la chaleur' }], { title: 'My theory' }));
    const html = toHtml(english);
    expect(html).toContain('<span class="kfSupportStartLabel" lang="en">My theory</span>');
    // The pupil's words are not English: the lang is on the label only.
    expect(html).toMatch(/<span class="kf-support-words">la chaleur<\/span>/);
    expect(toHtml(body(support([], { title: 'Mon idée' })))).toContain('<span class="kfSupportStartLabel" lang="fr">Mon idée</span>');
    // A manager's own scaffold: no language of its own, the page's applies.
    expect(toHtml(body(support([], { title: 'Ma question' })))).toContain('<span class="kfSupportStartLabel">Ma question</span>');
    // Round trip through the HTML (the clipboard): the same document.
    expect(fromHtml(html).toJSON()).toEqual(parseNoteBody(english).toJSON());
  });
});

describe('scaffoldTextLanguage', () => {
  it('knows the default scaffolds and their supports, and nothing else', () => {
    expect(scaffoldTextLanguage('Theory Building')).toBe('en');
    expect(scaffoldTextLanguage('I need to understand')).toBe('en');
    expect(scaffoldTextLanguage(' My theory ')).toBe('en');
    expect(scaffoldTextLanguage('Amélioration des idées')).toBe('fr');
    expect(scaffoldTextLanguage("J'ai besoin de comprendre")).toBe('fr');
    expect(scaffoldTextLanguage('my theory')).toBeNull();
    expect(scaffoldTextLanguage('')).toBeNull();
  });
});
