import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document, ReadStore, TextIndexSpec, TextQuery } from '../../services/core/readStore.ts';
import { termOf, type TextTerm } from '../../services/core/textSearch.ts';
import type { OpenReadStore } from './readStore.features.ts';

/**
 * The full-text index every read store offers (issue 14 §1): accents and
 * case folded, prefixes, phrases, a field restriction, ranking, a filter,
 * updates and deletions, snippets that are plain text, rebuilds. Memory,
 * SQLite (FTS5) and MongoDB (folded tokens) pass the same suite.
 */

type Entry = Document & { community: string; title: string; body: string; keywords?: string };

const index: TextIndexSpec = { fields: ['title', 'body', 'keywords'], weights: [3, 1, 2] };

let sequence = 0;
const freshName = (): string => `text_${Date.now().toString(36)}_${(sequence++).toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

const word = (text: string, prefix = false): TextTerm => termOf(text, prefix) as TextTerm;
const q = (...terms: TextTerm[]): TextQuery => ({ terms });

const sample: Entry[] = [
  { _id: 'e1', community: 'c1', title: 'Émergence des idées', body: "L'électricité statique attire les cheveux.", keywords: 'physique' },
  { _id: 'e2', community: 'c1', title: 'Photosynthèse', body: 'Leaves store chlorophyll in the dark. The leaves are green.' },
  { _id: 'e3', community: 'c1', title: 'Green thoughts', body: 'Store leaves? Dark rooms do not help plants grow at all, really.' },
  { _id: 'e4', community: 'c2', title: 'Other class', body: 'Chlorophyll again, in another community.' },
  { _id: 'e5', community: 'c1', title: 'Markup', body: 'A <b>bold</b> claim & an <img src=x onerror=alert(1)> about chlorophyll.' },
];

const ids = (hits: readonly { doc: Document }[]): string[] => hits.map((hit) => hit.doc._id);

export function textIndexContract(label: string, open: OpenReadStore): void {
  describe(`${label}: full-text index`, () => {
    let store: ReadStore;
    let opened: Awaited<ReturnType<OpenReadStore>> | undefined;
    let name: string;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
      name = freshName();
      await store.ensureCollection({ name, indexes: [['community']], text: index });
      await store.collection<Entry>(name).putMany(sample);
    });
    afterAll(async () => {
      await opened?.cleanup();
    });

    const search = (query: TextQuery, filter?: Record<string, unknown>) =>
      store.collection<Entry>(name).textSearch(index, query, filter ? { filter } : {});

    it('folds accents and case: "emergence" finds "Émergence", "ELECTRICITE" finds "électricité"', async () => {
      expect(ids(await search(q(word('emergence'))))).toEqual(['e1']);
      expect(ids(await search(q(word('ELECTRICITE'))))).toEqual(['e1']);
      expect(ids(await search(q(word('idees'))))).toEqual(['e1']);
    });

    it('matches a prefix only when asked', async () => {
      expect(ids(await search(q(word('photo', true))))).toEqual(['e2']);
      expect(await search(q(word('photo')))).toEqual([]);
      expect(ids(await search(q(word('électr', true))))).toEqual(['e1']);
    });

    it('needs every term, in any order and field', async () => {
      expect(ids(await search(q(word('green'), word('dark')))).sort()).toEqual(['e2', 'e3']);
      expect(ids(await search(q(word('physique'), word('statique'))))).toEqual(['e1']);
      expect(await search(q(word('green'), word('banana')))).toEqual([]);
    });

    it('matches a phrase only as consecutive words', async () => {
      expect(ids(await search(q(word('leaves store'))))).toEqual(['e2']);
      expect(ids(await search(q(word('store leaves'))))).toEqual(['e3']);
      expect(ids(await search(q(word('leaves gr', true))))).toEqual([]);
      expect(ids(await search(q(word('leaves are gr', true))))).toEqual(['e2']);
    });

    it('searches the fields asked for only', async () => {
      expect(ids(await search({ terms: [word('green')], fields: ['title'] }))).toEqual(['e3']);
      expect(ids(await search({ terms: [word('chlorophyll')], fields: ['title'] }))).toEqual([]);
    });

    it('ranks a word of the title above the same word once in a longer body', async () => {
      const hits = await search(q(word('green')));
      expect(ids(hits)).toEqual(['e3', 'e2']);
      expect((hits[0] as { score: number }).score).toBeGreaterThan((hits[1] as { score: number }).score);
    });

    it('keeps only documents matching the filter, and at most the limit', async () => {
      expect(ids(await search(q(word('chlorophyll')), { community: 'c2' }))).toEqual(['e4']);
      expect(ids(await search(q(word('chlorophyll')), { community: 'c1' })).sort()).toEqual(['e2', 'e5']);
      const limited = await store.collection<Entry>(name).textSearch(index, q(word('chlorophyll')), { limit: 1 });
      expect(limited).toHaveLength(1);
      expect(await search({ terms: [] })).toEqual([]);
    });

    it('filters on indexed and other fields together, and on `$in`s of the indexed one', async () => {
      expect(ids(await search(q(word('chlorophyll')), { community: 'c1', title: 'Markup' }))).toEqual(['e5']);
      expect(ids(await search(q(word('chlorophyll')), { community: { $in: ['c2', 'c9'] } }))).toEqual(['e4']);
      expect(await search(q(word('chlorophyll')), { community: 'c9' })).toEqual([]);
    });

    it('returns only the fields of a projection, and copies a reader may change without changing the store', async () => {
      const collection = store.collection<Entry>(name);
      const [hit] = await collection.textSearch(index, q(word('emergence')), { projection: { _id: 1, community: 1 } });
      expect(hit?.doc).toEqual({ _id: 'e1', community: 'c1' });
      const [whole] = await collection.textSearch(index, q(word('emergence')));
      (whole?.doc as Entry).title = 'changed by a reader';
      const [again] = await collection.textSearch(index, q(word('emergence')));
      expect(again?.doc.title).toBe('Émergence des idées');
    });

    it('follows replacements and deletions', async () => {
      const own = freshName();
      await store.ensureCollection({ name: own, text: index });
      const collection = store.collection<Entry>(own);
      await collection.put({ _id: 'x', community: 'c1', title: 'Volcans', body: 'La lave est chaude.' });
      expect(ids(await collection.textSearch(index, q(word('lave'))))).toEqual(['x']);
      await collection.put({ _id: 'x', community: 'c1', title: 'Volcans', body: 'Le magma remonte.' });
      expect(await collection.textSearch(index, q(word('lave')))).toEqual([]);
      expect(ids(await collection.textSearch(index, q(word('magma'))))).toEqual(['x']);
      await collection.delete('x');
      expect(await collection.textSearch(index, q(word('magma')))).toEqual([]);
      await collection.put({ _id: 'y', community: 'c1', title: 'Séismes', body: 'Les plaques bougent.' });
      expect(await collection.deleteMany({})).toBe(1);
      expect(await collection.textSearch(index, q(word('plaques')))).toEqual([]);
    });

    it('gives snippets as plain text parts, matched words marked, markup left as text', async () => {
      const snippets = await store.collection<Entry>(name).textSnippets(index, ['e1', 'e5', 'missing'], q(word('chlorophyll')), 'body');
      expect(snippets.has('missing')).toBe(false);
      const e5 = snippets.get('e5') ?? [];
      expect(e5.filter((part) => part.hit).map((part) => part.text)).toEqual(['chlorophyll']);
      expect(e5.map((part) => part.text).join('')).toContain('<img src=x onerror=alert(1)>');
      // A document without the word still has a snippet: the opening of its body, nothing marked.
      const e1 = snippets.get('e1') ?? [];
      expect(e1.some((part) => part.hit)).toBe(false);
      expect(e1.map((part) => part.text).join('')).toContain('électricité');
      const folded = await store.collection<Entry>(name).textSnippets(index, ['e1'], q(word('electricite')), 'body');
      expect((folded.get('e1') ?? []).filter((part) => part.hit).map((part) => part.text)).toEqual(['électricité']);
    });

    it('never lets indexed text forge a highlight', async () => {
      const own = freshName();
      await store.ensureCollection({ name: own, text: index });
      const collection = store.collection<Entry>(own);
      await collection.put({ _id: 'f', community: 'c1', title: 'Forge', body: 'plain \uE000fake\uE001 words and a target' });
      const snippet = (await collection.textSnippets(index, ['f'], q(word('target')), 'body')).get('f') ?? [];
      expect(snippet.filter((part) => part.hit).map((part) => part.text)).toEqual(['target']);
      expect(snippet.map((part) => part.text).join('')).not.toMatch(/[\uE000\uE001]/);
    });

    it('is rebuilt with its collection, and added to a collection that holds documents', async () => {
      const rebuilt = freshName();
      await store.ensureCollection({ name: rebuilt, text: index });
      await store.collection<Entry>(rebuilt).put({ _id: 'old', community: 'c1', title: 'Ancien', body: 'avant' });
      const target = await store.beginRebuild([{ name: rebuilt, text: index }]);
      await target.collection<Entry>(rebuilt).put({ _id: 'new', community: 'c1', title: 'Nouveau', body: 'après' });
      await target.commit();
      expect(await store.collection<Entry>(rebuilt).textSearch(index, q(word('avant')))).toEqual([]);
      expect(ids(await store.collection<Entry>(rebuilt).textSearch(index, q(word('apres'))))).toEqual(['new']);

      const later = freshName();
      await store.ensureCollection({ name: later });
      await store.collection<Entry>(later).put({ _id: 'z', community: 'c1', title: 'Zèbre', body: 'rayures' });
      await store.ensureCollection({ name: later, text: index });
      expect(ids(await store.collection<Entry>(later).textSearch(index, q(word('zebre'))))).toEqual(['z']);
      await store.collection<Entry>(later).put({ _id: 'w', community: 'c1', title: 'Wapiti', body: 'bois' });
      expect(ids(await store.collection<Entry>(later).textSearch(index, q(word('wapiti'))))).toEqual(['w']);
    });
  });
}
