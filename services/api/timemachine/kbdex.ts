import Papa from 'papaparse';
import { personName } from '../../../contracts/personName.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { historicalObjectsCollectionName, type HistoricalObjectDocument } from '../../../projections/history/index.ts';
import { userStreamName } from '../../../contracts/events/user.ts';
import type { EventStore } from '../../core/eventStore.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { kbdexHeader, kbdexRows, type KbdexOptions, type KbdexRow } from '../../domain/research/kbdex.ts';
import { nameMasker, personNames } from '../../domain/research/pseudonymise.ts';
import { pseudonymOf } from '../research/pseudonymOf.ts';

/**
 * The rows of a community's KBDeX file (services/domain/research/kbdex.ts),
 * from its history read model: every version of its notes, views and links.
 * With `options.pseudonymise`, each author is their pseudonym (the research
 * export's and the research API's under the same key) and the members' names
 * (first, last, full and user names, now and as `formerNames` says they
 * were) are masked in the texts.
 */
export const communityKbdexRows = async (
  readStore: ReadStore,
  communityId: string,
  options: KbdexOptions = {},
  formerNames: (userIds: string[]) => Promise<Map<string, Set<string>>> = async () => new Map(),
): Promise<KbdexRow[]> => {
  const versions = await readStore.collection<HistoricalObjectDocument>(historicalObjectsCollectionName).find({ communityId });
  const authors = await readStore.collection<AuthorDocument>(authorsCollectionName).find({ communityId });
  const key = options.pseudonymise?.key;
  if (key === undefined) {
    const names = new Map(authors.map((author) => [author._id, personName(author)]));
    // KBDeX drops a row without an author: an author the community no longer lists keeps its id.
    return kbdexRows(versions, (id) => names.get(id) || id, options);
  }
  const pseudonyms = new Map(authors.map((author) => [author._id, pseudonymOf(key, author.userId)]));
  // The names each member goes by now and went by before (a pupil renamed during the year is masked under both).
  const names = await formerNames(authors.map((author) => author.userId));
  for (const author of authors) {
    const known = names.get(author.userId) ?? new Set<string>();
    for (const name of personNames(author.firstName, author.lastName, author.userName)) known.add(name);
    names.set(author.userId, known);
  }
  const masker = nameMasker(names, (userId) => pseudonymOf(key, userId));
  // An author the community no longer lists: a pseudonym of the membership id, never the id.
  return kbdexRows(versions, (id) => pseudonyms.get(id) ?? pseudonymOf(key, `author:${id}`), options, masker.mask);
};

/**
 * CSV as KBDeX's reader (Apache Commons CSV) takes it: comma-separated, CRLF,
 * text cells always quoted ("" inside), nothing else changed: a cell starting
 * with = or @ is written as the pupil wrote it (the file is for analysis
 * tools; a spreadsheet user is warned in docs/research.md).
 */
export const kbdexCsv = (rows: readonly KbdexRow[]): string => {
  const data = rows.map((row) => [
    String(row.id),
    row.author,
    row.text,
    row.group,
    String(row.time),
    row.noteId,
    row.title,
    row.authors,
    row.permission,
    row.status,
    row.views,
  ]);
  // Text columns always quoted; Id and Time bare numbers, and the header bare, as KBDeX's own files have them.
  const body = Papa.unparse(data, { newline: '\r\n', quotes: [false, true, true, true, false, false, true, true, false, false, true] });
  return `${kbdexHeader.join(',')}\r\n${body}`;
};

/** The names these users were known by in their accounts' history (registration and every profile change). */
export const namesFromUserStreams =
  (eventStore: EventStore) =>
  async (userIds: string[]): Promise<Map<string, Set<string>>> => {
    const names = new Map<string, Set<string>>();
    for (const userId of new Set(userIds)) {
      const set = new Set<string>();
      let first: unknown;
      let last: unknown;
      for (const event of (await eventStore.readStream(userStreamName(userId))).events) {
        if (event.type !== 'UserRegistered' && event.type !== 'UserProfileUpdated') continue;
        const data = event.data as { firstName?: unknown; lastName?: unknown; userName?: unknown };
        first = data.firstName ?? first;
        last = data.lastName ?? last;
        for (const name of personNames(first, last, data.userName)) set.add(name);
      }
      names.set(userId, set);
    }
    return names;
  };
