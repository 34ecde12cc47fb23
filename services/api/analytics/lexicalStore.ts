import type { AnalyticsAsOf } from '../../../contracts/api/analytics.ts';
import { communitiesCollectionName, type CommunityDocument } from '../../../projections/communities/index.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import type { Clock } from '../../core/clock.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { noteLexical, type NoteLexical } from '../../domain/analytics/lexical.ts';

/**
 * The lexical read model (issue 13 §1): one row per active note of a
 * community — its word count, term counts and key-concept phrases
 * (services/domain/analytics/lexical.ts) — and one stamp per community, the
 * global position of the last note event the rows cover. Written by the
 * lexical job (lexicalJob.ts), never by a projection: an update reads only the
 * notes whose read-model position is past the stamp (`_position`), so an
 * edited note costs one row; authors' and views' figures are sums of rows,
 * made when asked (lexicalQuery.ts).
 */
export const lexicalNotesCollectionName = 'lexicalnotes';
export const lexicalStampsCollectionName = 'lexicalstamps';

export type LexicalNoteDocument = NoteLexical & {
  /** The note's id. */
  _id: string;
  communityId: string;
  title: string;
  authors: string[];
  permission: ContributionDocument['permission'];
  group: string | null;
  created: string;
  /** The note's read-model position when this row was computed. */
  position: number;
};

/**
 * The rows' shape: a stamp of another version (rows written before the lexical
 * analysis' `atomKeys`, say) makes the next update a full one.
 */
export const lexicalRowsVersion = 2;

export type LexicalStampDocument = { _id: string; communityId: string; asOf: AnalyticsAsOf; version?: number };

export const lexicalCollections = [
  { name: lexicalNotesCollectionName, indexes: [['communityId'], ['communityId', 'authors']] },
  { name: lexicalStampsCollectionName, indexes: [] },
];

const notes = (readStore: ReadStore) => readStore.collection<LexicalNoteDocument>(lexicalNotesCollectionName);
const stamps = (readStore: ReadStore) => readStore.collection<LexicalStampDocument>(lexicalStampsCollectionName);

export const ensureLexicalCollections = async (readStore: ReadStore): Promise<void> => {
  for (const spec of lexicalCollections) await readStore.ensureCollection(spec);
};

/** The community's notes changed after `position` (all of them from 0). */
const notesChangedAfter = (readStore: ReadStore, communityId: string, position: number) =>
  readStore
    .collection<ContributionDocument>(contributionsCollectionName)
    .find({ communityId, type: 'Note', ...(position > 0 ? { _position: { $gt: position } } : {}) });

export type LexicalUpdate = { stamp: LexicalStampDocument; recomputed: number; removed: number };

/**
 * Brings the community's rows up to date: recomputes the notes changed since
 * the stamp (`full`: every note, and rows of notes no longer there dropped)
 * and moves the stamp to the last position read.
 */
export const updateLexical = async (readStore: ReadStore, clock: Clock, communityId: string, fullAsked = false): Promise<LexicalUpdate> => {
  const found = fullAsked ? null : await stamps(readStore).get(communityId);
  // Rows of an older shape are all computed again.
  const full = fullAsked || (found !== null && found !== undefined && found.version !== lexicalRowsVersion);
  const stored = full ? null : found;
  const after = stored?.asOf.position ?? 0;
  const community = await readStore.collection<CommunityDocument>(communitiesCollectionName).get(communityId);
  const lang = community?.lang || undefined;
  const changed = await notesChangedAfter(readStore, communityId, after);
  let position = after;
  let time = stored?.asOf.time ?? null;
  const put: LexicalNoteDocument[] = [];
  const gone: string[] = [];
  for (const doc of changed) {
    if (doc._position > position) [position, time] = [doc._position, doc.modified];
    if (doc.status !== 'active') {
      gone.push(doc._id);
      continue;
    }
    put.push({
      _id: doc._id,
      communityId,
      title: doc.title,
      authors: doc.authors,
      permission: doc.permission,
      group: doc.group,
      created: doc.created,
      position: doc._position,
      ...noteLexical(doc, lang),
    });
  }
  if (full) {
    const keep = new Set(put.map((row) => row._id));
    const old = await notes(readStore).find({ communityId }, { projection: { _id: 1 } });
    for (const row of old) if (!keep.has(row._id)) gone.push(row._id);
  }
  if (put.length > 0) await notes(readStore).putMany(put);
  for (const id of gone) await notes(readStore).delete(id);
  const stamp: LexicalStampDocument = {
    _id: communityId,
    communityId,
    asOf: { position, time, computedAt: clock.now().toISOString() },
    version: lexicalRowsVersion,
  };
  // Two jobs may race: never move the stamp back.
  const current = await stamps(readStore).get(communityId);
  if (!current || current.version !== lexicalRowsVersion || current.asOf.position <= position) await stamps(readStore).put(stamp);
  return { stamp, recomputed: put.length, removed: gone.length };
};

/** The communities that have lexical rows (the start-up sweep brings each up to date; the others are computed when first asked). */
export const stampedCommunities = async (readStore: ReadStore): Promise<string[]> =>
  (await stamps(readStore).find({}, { projection: { _id: 1 } })).map((stamp) => stamp._id);

/** The community's stamp (computed now, fully, when there is none yet) and whether notes changed after it. */
export const servedLexical = async (
  readStore: ReadStore,
  clock: Clock,
  communityId: string,
): Promise<{ stamp: LexicalStampDocument; stale: boolean }> => {
  const stored = await stamps(readStore).get(communityId);
  if (!stored || stored.version !== lexicalRowsVersion) {
    return { stamp: (await updateLexical(readStore, clock, communityId, true)).stamp, stale: false };
  }
  const newer = await readStore
    .collection<ContributionDocument>(contributionsCollectionName)
    .findOne({ communityId, type: 'Note', _position: { $gt: stored.asOf.position } }, { projection: { _id: 1 } });
  return { stamp: stored, stale: newer !== null };
};

/** The stored rows of a community's notes by one author, or among some ids. */
export const lexicalRows = async (
  readStore: ReadStore,
  communityId: string,
  which: { authorId: string } | { noteIds: readonly string[] },
): Promise<LexicalNoteDocument[]> => {
  if ('noteIds' in which) return which.noteIds.length ? notes(readStore).find({ _id: { $in: [...which.noteIds] }, communityId }) : [];
  return which.authorId ? notes(readStore).find({ communityId, authors: which.authorId }) : [];
};
