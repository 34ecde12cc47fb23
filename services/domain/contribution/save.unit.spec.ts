import { describe, expect, it } from 'vitest';
import {
  contentEventTypes,
  keywordsOnSave,
  lastContentEvent,
  noteIndex,
  orderedNoteLanguages,
  plainTitle,
  saveRevisionCheck,
  statusSetBySave,
} from './save.ts';

const event = (type: string, streamRevision: number) => ({ type, streamRevision });

describe('saveRevisionCheck', () => {
  const history = [event('ContributionCreated', 0), event('NoteContributed', 1), event('FavouriteAdded', 2), event('LinkCreated', 3)];

  it('lets a save based on the head go ahead', () => {
    expect(saveRevisionCheck(history, 3, 3)).toBe('ok');
  });

  it('lets a save go ahead over later events that do not change the content (favourites, links, permission)', () => {
    expect(saveRevisionCheck([...history, event('PermissionChanged', 4)], 1, 4)).toBe('ok');
  });

  it.each([...contentEventTypes])('is a conflict when %s came after the loaded revision', (type) => {
    expect(saveRevisionCheck([...history, event(type, 4)], 3, 4)).toBe('conflict');
  });

  it('does not count content events up to the loaded revision', () => {
    expect(saveRevisionCheck(history, 1, 3)).toBe('ok');
  });

  it('refuses a loaded revision the stream does not have yet', () => {
    expect(saveRevisionCheck(history, 4, 3)).toBe('ahead');
    expect(saveRevisionCheck([], 0, -1)).toBe('ahead');
  });
});

describe('lastContentEvent', () => {
  it('names the latest content change, skipping later non-content events', () => {
    const events = [event('NoteContributed', 1), event('DrawingSaved', 2), event('FavouriteAdded', 3)];
    expect(lastContentEvent(events)).toEqual(event('DrawingSaved', 2));
  });

  it('is undefined when nothing changed the content', () => {
    expect(lastContentEvent([event('ContributionCreated', 0)])).toBeUndefined();
  });
});

describe('plainTitle', () => {
  it('turns runs of spaces and control characters into one space and trims', () => {
    expect(plainTitle('  My\tnote\n\u0000title\u007f ')).toBe('My note title');
  });

  it('leaves an ordinary title as it is', () => {
    expect(plainTitle('Pourquoi la lune change-t-elle de forme ?')).toBe('Pourquoi la lune change-t-elle de forme ?');
  });
});

describe('statusSetBySave', () => {
  it('always lets a save deactivate', () => {
    for (const type of ['Note', 'Drawing', 'View', 'Attachment']) expect(statusSetBySave(type, 'inactive')).toBe('inactive');
  });

  it('activates what is not a note or a drawing (these become active by being contributed)', () => {
    expect(statusSetBySave('Attachment', 'active')).toBe('active');
    expect(statusSetBySave('View', 'active')).toBe('active');
    expect(statusSetBySave('Note', 'active')).toBeNull();
    expect(statusSetBySave('Drawing', 'active')).toBeNull();
  });

  it('leaves the status alone when none is given', () => {
    expect(statusSetBySave('Attachment', undefined)).toBeNull();
  });
});

describe('keywordsOnSave', () => {
  it('keeps the current keywords when none are given', () => {
    expect(keywordsOnSave(undefined, ['moon', 'phases'])).toEqual(['moon', 'phases']);
    expect(keywordsOnSave(undefined, undefined)).toEqual([]);
  });

  it('splits the given text, replacing the current keywords', () => {
    expect(keywordsOnSave('sun; light', ['moon'])).toEqual(['sun', 'light']);
    expect(keywordsOnSave('', ['moon'])).toEqual([]);
  });
});

describe('noteIndex', () => {
  it('counts and indexes a note by its title, text and keywords', () => {
    const index = noteIndex({ title: 'Moon', text: 'it changes shape', keywords: ['moon'] }, null);
    expect(index.wordCount).toBe(3);
    expect(index.text4search).toContain('Moon');
    expect(index.text4search).toContain('it changes shape');
    expect(index.text4search).toContain('moon');
  });

  it('counts and indexes a multilanguage note across every language written', () => {
    const written = { langs: ['fr', 'en'], titles: { fr: 'Lune', en: 'Moon' }, texts: { fr: 'elle change', en: 'it changes shape' } };
    expect(noteIndex({ title: 'Lune', text: 'ignored here', keywords: ['lune'] }, written)).toEqual({
      wordCount: 5,
      text4search: '( Lune ) elle change ( Moon ) it changes shape ( lune )',
    });
  });

  it('falls back to the main text when no language was written', () => {
    expect(noteIndex({ title: 'T', text: 'one two', keywords: [] }, { langs: [], titles: {}, texts: {} }).wordCount).toBe(2);
  });
});

describe('orderedNoteLanguages', () => {
  it("keeps the written languages in the context's order, the default one as main", () => {
    expect(orderedNoteLanguages(['fr', 'en', 'es'], new Set(['es', 'fr']), 'fr')).toEqual({ langs: ['fr', 'es'], mainLang: 'fr' });
  });

  it('makes the first written language main when the default was not written', () => {
    expect(orderedNoteLanguages(['fr', 'en', 'es'], new Set(['es', 'en']), 'fr')).toEqual({ langs: ['en', 'es'], mainLang: 'en' });
  });

  it('has no main language when nothing was written', () => {
    expect(orderedNoteLanguages(['fr', 'en'], new Set(), 'fr')).toEqual({ langs: [], mainLang: '' });
  });
});
