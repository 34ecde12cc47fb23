import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { ReadEvent } from '../../contracts/events/read.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';
import type { Collection } from '../../services/core/readStore.ts';

/** What one author has read of one contribution (KF6's read link: `modified` = last read). */
export type ReadDocument = Versioned & {
  /** `readId(authorId, contributionId)`. */
  _id: string;
  authorId: string;
  communityId: string;
  contributionId: string;
  /** First and last read (ISO instants). */
  first: string;
  last: string;
  count: number;
};

export const readsCollectionName = 'reads';

/** One document per (author, contribution): canvases look reads up by this id, with `$in`. */
export const readId = (authorId: string, contributionId: string): string => `${authorId}:${contributionId}`;

const evolve = (current: ReadDocument | null, event: RecordedEvent<ReadEvent>): Omit<ReadDocument, '_position'> => {
  const { authorId, communityId, contributionId } = event.data;
  const at = event.metadata.at;
  if (!current) return { _id: readId(authorId, contributionId), authorId, communityId, contributionId, first: at, last: at, count: 1 };
  return { ...current, last: at > current.last ? at : current.last, count: current.count + 1 };
};

/** Reads of contributions, folded from the `reads-{authorId}` streams. */
export const readsProjection: Projection = {
  name: 'reads',
  version: 1,
  collections: [{ name: readsCollectionName, indexes: [['authorId'], ['contributionId'], ['communityId']] }],
  handles: ['ReadMarked'],
  apply: async (event, context) => {
    const e = event as RecordedEvent<ReadEvent>;
    await evolveDocument(
      context.collection<ReadDocument>(readsCollectionName),
      readId(e.data.authorId, e.data.contributionId),
      event,
      (current) => evolve(current, e),
    );
  },
};

/** The reads of `authorId` among `contributionIds`, by contribution id. */
export const readsOf = async (
  reads: Collection<ReadDocument>,
  authorId: string,
  contributionIds: readonly string[],
): Promise<Map<string, ReadDocument>> => {
  if (contributionIds.length === 0) return new Map();
  const docs = await reads.find({ _id: { $in: contributionIds.map((id) => readId(authorId, id)) } });
  return new Map(docs.map((doc) => [doc.contributionId, doc]));
};

/**
 * Read state of a contribution for one reader (fact sheet §4): read after its
 * last modification → 'read'; read before → 'modified'; never → 'unread'.
 */
export const readState = (read: Pick<ReadDocument, 'last'> | undefined, modified: string): 'read' | 'modified' | 'unread' => {
  if (!read) return 'unread';
  return read.last >= modified ? 'read' : 'modified';
};
