import { describe, expect, it } from 'vitest';
import { compareVersions, diffWords, listChange, sideOf, tokenize, versionFacts, type VersionFacts } from './versionDiff.ts';

const changes = (before: string, after: string) =>
  diffWords(before, after)
    .filter((part) => part.kind !== 'same')
    .map((part) => `${part.kind === 'ins' ? '+' : '-'}${part.text}`);

describe('the word diff of two versions', () => {
  it('cuts text into words, spaces and punctuation, keeping French apostrophes and hyphens inside words', () => {
    expect(tokenize("L'eau gonfle, peut-être !")).toEqual(["L'eau", ' ', 'gonfle', ',', ' ', 'peut-être', ' ', '!']);
    expect(tokenize('')).toEqual([]);
  });

  it('marks an inserted word, a deleted word and a replaced word', () => {
    expect(changes('la glace flotte', 'la glace flotte toujours')).toEqual(['+ toujours']);
    expect(changes('la glace flotte vite', 'la glace flotte')).toEqual(['- vite']);
    expect(changes('la glace flotte', 'la glace coule')).toEqual(['-flotte', '+coule']);
  });

  it('groups a rewritten phrase as one deletion then one insertion, not word by word', () => {
    expect(changes('elle est plus légère que l’eau', 'elle est moins dense que l’eau')).toEqual(['-plus légère', '+moins dense']);
  });

  it('finds the shortest edit: words moved around keep what they share', () => {
    const parts = diffWords('a b c d e', 'a c d b e');
    expect(sideOf(parts, 'before')).toBe('a b c d e');
    expect(sideOf(parts, 'after')).toBe('a c d b e');
    expect(parts.filter((p) => p.kind !== 'same').map((p) => p.text.trim())).toEqual(['b', 'b']);
  });

  it('gives back both texts exactly, paragraph breaks included', () => {
    const before = "Pourquoi la glace flotte ?\nL'eau gonfle en gelant.";
    const after = "Pourquoi la glace flotte-t-elle ?\nL'eau gonfle en gelant, donc elle est moins dense.\nVoilà.";
    const parts = diffWords(before, after);
    expect(sideOf(parts, 'before')).toBe(before);
    expect(sideOf(parts, 'after')).toBe(after);
    expect(parts.some((p) => p.kind === 'same' && p.text.includes("L'eau gonfle en gelant"))).toBe(true);
  });

  it('handles empty sides and identical texts', () => {
    expect(diffWords('', '')).toEqual([]);
    expect(diffWords('', 'Bonjour')).toEqual([{ kind: 'ins', text: 'Bonjour' }]);
    expect(diffWords('Bonjour', '')).toEqual([{ kind: 'del', text: 'Bonjour' }]);
    expect(diffWords('même texte', 'même texte')).toEqual([{ kind: 'same', text: 'même texte' }]);
  });

  it('stays exact and fast on long texts with scattered edits', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `mot${i}`);
    const edited = words.map((w, i) => (i % 100 === 0 ? `${w}x` : w));
    const before = words.join(' ');
    const after = edited.join(' ');
    const started = performance.now();
    const parts = diffWords(before, after);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(sideOf(parts, 'before')).toBe(before);
    expect(sideOf(parts, 'after')).toBe(after);
    expect(parts.filter((p) => p.kind === 'ins')).toHaveLength(30);
  });

  it('shows a complete rewrite beyond the edit limit as one deletion and one insertion', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = diffWords(before, after);
    expect(parts.map((p) => p.kind)).toEqual(['del', 'ins']);
    expect(sideOf(parts, 'after')).toBe(after);
  });

  it('lists authors added and removed', () => {
    expect(listChange(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
    expect(listChange(['a'], ['a'])).toEqual({ added: [], removed: [] });
  });
});

describe('the comparison of two versions', () => {
  const facts = (over: Partial<VersionFacts> = {}): VersionFacts => ({
    title: 'Idée',
    authors: ['lea'],
    permission: 'protected',
    group: null,
    status: 'active',
    keywords: [],
    text: 'La glace flotte.',
    svg: '',
    ...over,
  });

  it('names nothing when nothing shown changed', () => {
    expect(compareVersions(facts(), facts())).toEqual({});
  });

  it('names the title, authors, permission, group, status, keywords, text and drawing changes', () => {
    const changes = compareVersions(
      facts(),
      facts({
        title: 'Idée 2',
        authors: ['lea', 'hugo'],
        permission: 'private',
        group: 'g1',
        status: 'inactive',
        keywords: ['glace'],
        text: 'La glace flotte bien.',
        svg: '<svg/>',
      }),
    );
    expect(changes.title).toEqual({ before: 'Idée', after: 'Idée 2' });
    expect(changes.authors).toEqual({ added: ['hugo'], removed: [] });
    expect(changes.permission).toEqual({ before: 'protected', after: 'private' });
    expect(changes.group).toEqual({ before: null, after: 'g1' });
    expect(changes.status).toEqual({ before: 'active', after: 'inactive' });
    expect(changes.keywords).toEqual({ added: ['glace'], removed: [] });
    expect(changes.text?.filter((p) => p.kind === 'ins').map((p) => p.text)).toEqual([' bien']);
    expect(changes.drawing).toBe(true);
  });

  it('reads the facts of a stored version, whatever is missing', () => {
    const data = {
      title: 'T',
      authors: ['a', 3],
      permission: 'public',
      group: null,
      status: 'active',
      keywords: ['k'],
      data: { body: { type: 'doc' } },
    };
    expect(versionFacts(data, () => 'texte')).toEqual({
      title: 'T',
      authors: ['a'],
      permission: 'public',
      group: null,
      status: 'active',
      keywords: ['k'],
      text: 'texte',
      svg: '',
    });
    expect(versionFacts({}, () => 'never')).toMatchObject({ title: '', authors: [], text: '', svg: '' });
  });
});
