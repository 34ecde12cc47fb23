import Papa from 'papaparse';
import { personName } from '../../../contracts/personName.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { historicalObjectsCollectionName, type HistoricalObjectDocument } from '../../../projections/history/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { kbdexHeader, kbdexRows, type KbdexOptions, type KbdexRow } from '../../domain/research/kbdex.ts';

/**
 * The rows of a community's KBDeX file (services/domain/research/kbdex.ts),
 * from its history read model: every version of its notes, views and links.
 */
export const communityKbdexRows = async (readStore: ReadStore, communityId: string, options: KbdexOptions = {}): Promise<KbdexRow[]> => {
  const versions = await readStore.collection<HistoricalObjectDocument>(historicalObjectsCollectionName).find({ communityId });
  const authors = await readStore.collection<AuthorDocument>(authorsCollectionName).find({ communityId });
  const names = new Map(authors.map((author) => [author._id, personName(author)]));
  // KBDeX drops a row without an author: an author the community no longer lists keeps its id.
  return kbdexRows(versions, (id) => names.get(id) || id, options);
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
