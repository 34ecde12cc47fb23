import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { isPromisingIdeaColour, type PromisingIdeaColour } from '../../contracts/promisingIdeas.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';

/**
 * Promising ideas (issue 14 §3) as the page reads them: one document per
 * active idea, indexed by community and note, so that the ideas of a view's
 * notes are one query. Ideas are contributions of type `promisingIdeaobj`
 * (fact sheet §1.3); an idea made inactive (deleted) leaves this read model;
 * an edit changes its reason, colour and `modified`.
 */
export type PromisingIdeaDocument = Versioned & {
  _id: string;
  communityId: string;
  noteId: string;
  idea: string;
  /** Where the idea was in the note's annotation text when marked (contracts/annotations.ts). */
  start: number | null;
  end: number | null;
  color: PromisingIdeaColour;
  reason: string;
  authorId: string;
  created: string;
  /** When its reason or colour last changed (its creation until then): the table's date (fact sheet §7: the idea's `modified`). */
  modified: string;
};

export const promisingIdeasCollectionName = 'promisingIdeas';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const position = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

export const promisingIdeasProjection: Projection = {
  name: 'promisingIdeas',
  version: 2,
  collections: [{ name: promisingIdeasCollectionName, indexes: [['communityId'], ['noteId']] }],
  handles: ['ContributionCreated', 'ContributionStatusChanged', 'PromisingIdeaEdited'] satisfies ContributionEvent['type'][],
  apply: async (recorded, context) => {
    const event = recorded as RecordedEvent<ContributionEvent>;
    const ideas = context.collection<PromisingIdeaDocument>(promisingIdeasCollectionName);
    if (event.type === 'ContributionCreated') {
      const created = event.data;
      if (created.type !== 'promisingIdeaobj' || created.status !== 'active') return;
      const data = created.data as Record<string, unknown>;
      const noteId = text(data.noteId);
      if (!noteId) return;
      await evolveDocument(ideas, created.contributionId, recorded, () => ({
        _id: created.contributionId,
        communityId: created.communityId,
        noteId,
        idea: text(data.idea),
        start: position(data.start),
        end: position(data.end),
        color: isPromisingIdeaColour(data.color) ? data.color : 'none',
        reason: text(data.reason),
        authorId: created.authors[0] ?? '',
        created: recorded.metadata.at,
        modified: recorded.metadata.at,
      }));
      return;
    }
    if (event.type === 'PromisingIdeaEdited') {
      const { reason, color } = event.data;
      await evolveDocument(ideas, event.data.contributionId, recorded, (current) =>
        current ? { ...current, reason, color, modified: recorded.metadata.at } : null,
      );
      return;
    }
    if (event.type === 'ContributionStatusChanged' && event.data.status !== 'active') {
      // Deleting a missing document is a no-op: every other contribution's status change passes here.
      await evolveDocument(ideas, event.data.contributionId, recorded, () => null);
    }
  },
};
