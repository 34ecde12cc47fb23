import { describe, expect, it } from 'vitest';
import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveSearchEntry, noteBodyOf } from './index.ts';

const at = '2026-11-01T10:00:00.000Z';
const event = (type: string, data: Record<string, unknown>): RecordedEvent<ContributionEvent> =>
  ({
    type,
    data: { contributionId: 'n'.repeat(24), ...data },
    metadata: { actorId: 'u', at, correlationId: 'c' },
    globalPosition: 1,
    streamRevision: 0,
    streamName: 'contribution-x',
  }) as unknown as RecordedEvent<ContributionEvent>;

const created = (type: string, data: Record<string, unknown> = {}) =>
  evolveSearchEntry(
    null,
    event('ContributionCreated', {
      communityId: 'c'.repeat(24),
      title: 'Brouillon',
      status: 'unsaved',
      permission: 'protected',
      authors: ['a'.repeat(24)],
      group: null,
      type,
      data,
    }),
  );

describe('the search index entry of a contribution', () => {
  it('indexes notes, views, annotations, drawings and attachments, nothing else', () => {
    expect(created('Note')).toMatchObject({ type: 'Note', status: 'unsaved', title: 'Brouillon', body: '', created: at });
    expect(created('Annotation', { text: 'Une remarque' })?.body).toBe('Une remarque');
    expect(created('Scaffold')).toBeNull();
    expect(created('Context')).toBeNull();
  });

  it('follows a note through its contribution, saves, permission and co-authors', () => {
    let entry = created('Note');
    entry = evolveSearchEntry(
      entry,
      event('NoteContributed', {
        title: 'Les volcans',
        keywords: ['lave', 'magma'],
        text4search: '( Les volcans ) La lave coule. ( lave; magma )',
      }),
    );
    expect(entry).toMatchObject({ status: 'active', title: 'Les volcans', body: 'La lave coule.', keywords: 'lave ; magma' });
    entry = evolveSearchEntry(entry, event('PermissionChanged', { permission: 'private', group: 'g'.repeat(24) }));
    expect(entry).toMatchObject({ permission: 'private', group: 'g'.repeat(24) });
    entry = evolveSearchEntry(entry, event('CoauthorAdded', { authorId: 'b'.repeat(24) }));
    entry = evolveSearchEntry(entry, event('CoauthorAdded', { authorId: 'b'.repeat(24) }));
    expect(entry?.authors).toEqual(['a'.repeat(24), 'b'.repeat(24)]);
    entry = evolveSearchEntry(entry, event('CoauthorRemoved', { authorId: 'a'.repeat(24) }));
    expect(entry?.authors).toEqual(['b'.repeat(24)]);
    entry = evolveSearchEntry(entry, event('ContributionStatusChanged', { status: 'inactive' }));
    expect(entry?.status).toBe('inactive');
    entry = evolveSearchEntry(entry, event('ContributionRetitled', { title: 'Séismes' }));
    expect(entry?.title).toBe('Séismes');
  });

  it('ignores events before the creation', () => {
    expect(evolveSearchEntry(null, event('NoteSaved', { title: 'x', keywords: [], text4search: 'x' }))).toBeNull();
  });

  it("takes a note's body out of its search text frames", () => {
    expect(noteBodyOf('( T ) body  text ( k1; k2 )', 'T', ['k1', 'k2'])).toBe('body text');
    expect(noteBodyOf('other shape', 'T', [])).toBe('other shape');
  });
});
