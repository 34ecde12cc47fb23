import { describe, expect, it } from 'vitest';
import { isDirty, snapshotKey } from './dirty.ts';
import { appendKeyword, keywordsOf, keywordsText } from './keywords.ts';
import { clearStoredBody, readStoredBody, recoveryKey, storeBody, type RecoveryStorage } from './recovery.ts';

const memoryStorage = (): RecoveryStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

describe('keywords', () => {
  it('splits on semicolons, trims and drops empties', () => {
    expect(keywordsOf(' photosynthèse ;; lumière ;  ; eau;')).toEqual(['photosynthèse', 'lumière', 'eau']);
    expect(keywordsOf('')).toEqual([]);
    expect(keywordsOf(' ; ; ')).toEqual([]);
  });

  it('appends the selection with "; " and refuses an empty selection', () => {
    expect(appendKeyword('', 'soleil')).toBe('soleil');
    expect(appendKeyword('eau', '  la   lumière ')).toBe('eau; la lumière');
    expect(appendKeyword('eau; ', 'sol')).toBe('eau; sol');
    expect(appendKeyword('eau', '   ')).toBeNull();
    expect(appendKeyword('eau', '')).toBeNull();
  });

  it('writes a list back as the field text', () => {
    expect(keywordsText(['a', 'b c'])).toBe('a; b c');
    expect(keywordsOf(keywordsText(['a', 'b c']))).toEqual(['a', 'b c']);
  });
});

describe('dirty tracking', () => {
  const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bonjour' }] }] };
  const saved = { title: 'T', keywords: 'a; b', content: doc };

  it('is clean for the same content, whatever the key order or keyword spacing', () => {
    const reordered = { content: [{ content: [{ text: 'Bonjour', type: 'text' }], type: 'paragraph' }], type: 'doc' };
    expect(isDirty(saved, { title: 'T', keywords: ' a ;b ;', content: reordered })).toBe(false);
    expect(snapshotKey(saved)).toBe(snapshotKey({ ...saved }));
  });

  it('is clean when only the link ids the server gave supports and references differ', () => {
    const withSupport = (linkId: string | null) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'support', attrs: { supportId: 'a'.repeat(24), linkId, title: 'Mon idée' }, content: [{ type: 'text', text: 'x' }] },
          ],
        },
      ],
    });
    expect(isDirty({ ...saved, content: withSupport(null) }, { ...saved, content: withSupport('b'.repeat(24)) })).toBe(false);
  });

  it('is dirty when the title, the keywords or the body change', () => {
    expect(isDirty(saved, { ...saved, title: 'T2' })).toBe(true);
    expect(isDirty(saved, { ...saved, keywords: 'a; c' })).toBe(true);
    expect(isDirty(saved, { ...saved, content: { type: 'doc', content: [] } })).toBe(true);
    expect(isDirty(saved, { ...saved, content: '<svg/>' })).toBe(true);
  });

  it('is clean before anything is loaded', () => {
    expect(isDirty(null, saved)).toBe(false);
    expect(isDirty(saved, null)).toBe(false);
  });
});

describe('local-storage recovery', () => {
  it('stores, reads and clears a body per contribution', () => {
    const storage = memoryStorage();
    const body = { title: 'Titre', keywords: 'k', content: { type: 'doc' }, revision: 3 };
    expect(storeBody('aaa', body, storage, new Date('2026-01-02T03:04:05Z'))).toBe(true);
    expect(readStoredBody('aaa', storage)).toEqual({ ...body, at: '2026-01-02T03:04:05.000Z' });
    expect(readStoredBody('bbb', storage)).toBeNull();
    clearStoredBody('aaa', storage);
    expect(readStoredBody('aaa', storage)).toBeNull();
  });

  it('ignores unreadable entries and a refusing storage', () => {
    const storage = memoryStorage();
    storage.map.set(recoveryKey('x'), '{not json');
    expect(readStoredBody('x', storage)).toBeNull();
    storage.map.set(recoveryKey('y'), JSON.stringify({ title: 1 }));
    expect(readStoredBody('y', storage)).toBeNull();
    const full: RecoveryStorage = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
    };
    expect(storeBody('z', { title: '', keywords: '', content: null, revision: 0 }, full)).toBe(false);
    expect(storeBody('z', { title: '', keywords: '', content: null, revision: 0 }, null)).toBe(false);
  });
});
