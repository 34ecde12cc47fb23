import { describe, expect, it } from 'vitest';
import { keyConcepts, type KeyConcept } from './keyConcepts.ts';
import { conceptsIn, findPhrases, sentencesOf } from './phrases.ts';
import { bodyPlainText } from './plainText.ts';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/**
 * A fixture note that speaks of each of the 21 concepts once, as pupils write
 * them: lower or upper case, accents missing, hyphens dropped or doubled,
 * typographic apostrophes, NBSP, an emoji, a scaffold support around one.
 */
const sentences = [
  "J'ai lu penser vite et lentement.",
  "L'AUTOORGANISATION des fourmis m'étonne.",
  "L'emergence d'une idée 🙂 arrive.",
  'On est au bord du chaos !',
  'La pensee de conception aide.',
  'La création de connaissances avance.',
  'Un état d’esprit centralisé nous freine.',
  'La cohérence explicative compte.',
  'De vraies idées, des problèmes authentiques\u00a0: voilà.',
  'Nos idees ameliorables grandissent.',
  'La diversité des idées est riche.',
  'Il faut élever le propos.',
  "L'agence épistémique des élèves.",
  'Une responsabilité collective pour les connaissances communautaires.',
  'Démocratiser la connaissance est juste.',
  'La progression symétrique des connaissances suit.',
  'Le renforcement des connaissances omniprésentes.',
  'Des utilisations constructives de sources faisant autorité.',
  'Un discours de renforcement des connaissances.',
  'Une évaluation intégrée, simultanée et transformative.',
  'Une société de connaissance.',
];
const id = 'a'.repeat(24);
const note = {
  type: 'doc',
  content: [
    ...sentences.slice(0, 5).map(paragraph),
    {
      type: 'paragraph',
      content: [{ type: 'support', attrs: { supportId: id, title: 'Auto-organisation' }, content: [{ type: 'text', text: sentences[5] }] }],
    },
    ...sentences.slice(6).map(paragraph),
  ],
};

describe('the 21 key concepts', () => {
  it("are the fact sheet's 21 phrases, in its order, with unique ids", () => {
    expect(keyConcepts).toHaveLength(21);
    expect(new Set(keyConcepts.map((item) => item.id)).size).toBe(21);
    expect(keyConcepts[0]?.label).toBe('Penser vite et lentement');
    expect(keyConcepts[19]?.label).toBe('Évaluation intégrée, simultanée et transformative');
    expect(keyConcepts[20]?.label).toBe('Société de connaissance');
  });

  it('are each found once in a fixture note, with the sentence that holds them (not the support label)', () => {
    const text = bodyPlainText(note);
    const found = findPhrases(text, { lang: 'fr' });
    expect(found).toHaveLength(21);
    found.forEach((match, index) => {
      expect({ id: match.id, count: match.count }).toEqual({ id: keyConcepts[index]?.id, count: 1 });
      expect(match.sentences).toEqual([sentences[index]]);
    });
  });

  it('are each found in their own label, and in English names', () => {
    for (const item of keyConcepts) expect(conceptsIn(item.label, { lang: 'fr' }), item.label).toContain(item.id);
    expect(conceptsIn('We practise self-organization, design thinking and rise-above.', { lang: 'en' })).toEqual([
      'auto-organisation',
      'pensee-de-conception',
      'elever-le-propos',
    ]);
  });
});

describe('findPhrases', () => {
  const count = (text: string, id: string, options = {}) => findPhrases(text, options).find((match) => match.id === id)?.count;

  it('counts every occurrence, ignoring case, accents and hyphens', () => {
    expect(count('Émergence, emergence, ÉMERGENCE et l’émergence.', 'emergence')).toBe(4);
    expect(count('auto-organisation, auto organisation, autoorganisation, Auto‑Organisation', 'auto-organisation')).toBe(4);
    expect(count('élever le propos ou Élever-le-propos', 'elever-le-propos')).toBe(2);
  });

  it('matches whole words only, never inside a longer word', () => {
    expect(count('La réorganisation et la désémergence', 'auto-organisation')).toBe(0);
    expect(count('La désémergence', 'emergence')).toBe(0);
    expect(count('Les émergences', 'emergence')).toBe(0);
  });

  it('never matches across two sentences or two lines', () => {
    expect(count('Le bord. Du chaos.', 'bord-du-chaos')).toBe(0);
    expect(count('Le bord\ndu chaos', 'bord-du-chaos')).toBe(0);
    expect(count('Le bord du chaos', 'bord-du-chaos')).toBe(1);
  });

  it('counts plural and feminine forms only with inflections', () => {
    const text = 'Une idée améliorable. Les émergences. Des sociétés de connaissances.';
    expect(count(text, 'idees-ameliorables')).toBe(0);
    expect(count(text, 'idees-ameliorables', { inflections: true })).toBe(1);
    expect(count(text, 'emergence', { inflections: true })).toBe(1);
    expect(count(text, 'societe-de-connaissance', { inflections: true })).toBe(1);
  });

  it('gives each matching sentence once, in order', () => {
    const found = findPhrases('Émergence ici. Rien. Émergence et émergence là.').find((match) => match.id === 'emergence');
    expect(found).toEqual({ id: 'emergence', label: 'Émergence', count: 3, sentences: ['Émergence ici.', 'Émergence et émergence là.'] });
  });

  it('takes any list of phrases', () => {
    const own: KeyConcept[] = [{ id: 'photo', label: 'Photosynthèse', phrases: [{ lang: 'fr', text: 'photosynthèse' }] }];
    expect(findPhrases('La PHOTOSYNTHESE des plantes.', {}, own)).toEqual([
      { id: 'photo', label: 'Photosynthèse', count: 1, sentences: ['La PHOTOSYNTHESE des plantes.'] },
    ]);
    expect(conceptsIn('', {})).toEqual([]);
  });

  it("finds a phrase only where its letters stand in a row (a possessive's s is a letter)", () => {
    const phrases = (text: string): KeyConcept[] => [{ id: 'p', label: text, phrases: [{ lang: 'en', text }] }];
    expect(findPhrases("The pupil's idea.", { lang: 'en' }, phrases("pupil's idea"))[0]?.count).toBe(1);
    expect(findPhrases("The pupil's idea.", { lang: 'en' }, phrases('pupil idea'))[0]?.count).toBe(0);
  });
});

describe('sentencesOf', () => {
  it('splits with Intl.Segmenter: end punctuation and new lines, trimmed, as written', () => {
    expect(sentencesOf('Une idée. Une autre\u00a0! Et toi ?\nLigne sans point\n\n')).toEqual([
      'Une idée.',
      'Une autre\u00a0!',
      'Et toi ?',
      'Ligne sans point',
    ]);
  });
});
