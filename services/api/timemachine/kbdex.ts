import { noteBodyOf } from '../../../contracts/contributionData.ts';
import { personName } from '../../../contracts/personName.ts';
import Papa from 'papaparse';
import { kbdexColumns } from '../../../contracts/api/timemachine.ts';
import { countWords, parseNoteBody, plainTextOf } from '../../../contracts/noteSchema.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import type { ReadStore } from '../../core/readStore.ts';

/** One note as researchers load it into KBDeX (knowledge-building discourse explorer). */
export type KbdexRow = { id: string; title: string; authors: string; created: string; wordCount: number; text: string };

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab / carriage
 * return) as a formula; a leading quote makes it text (OWASP "CSV injection").
 */
export const neutraliseFormula = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const authorName = (author: AuthorDocument | undefined): string => (author ? personName(author) : '');

/** The plain text of a note body (ProseMirror JSON); '' when it does not parse. */
export const noteText = (body: unknown): string => {
  if (body === undefined || body === null) return '';
  try {
    return plainTextOf(parseNoteBody(body));
  } catch {
    return '';
  }
};

/** The rows of every active note of a community, oldest first. */
export const kbdexRows = async (readStore: ReadStore, communityId: string): Promise<KbdexRow[]> => {
  const notes = await readStore
    .collection<ContributionDocument>(contributionsCollectionName)
    .find({ communityId, type: 'Note', status: 'active' }, { sort: { created: 1, _id: 1 } });
  const authorIds = [...new Set(notes.flatMap((note) => note.authors))];
  const authors =
    authorIds.length > 0 ? await readStore.collection<AuthorDocument>(authorsCollectionName).find({ _id: { $in: authorIds } }) : [];
  const byId = new Map(authors.map((author) => [author._id, author]));
  return notes.map((note) => {
    const text = noteText(noteBodyOf(note));
    return {
      id: note._id,
      title: note.title,
      authors: note.authors
        .map((id) => authorName(byId.get(id)))
        .filter(Boolean)
        .join('; '),
      created: note.created,
      wordCount: typeof note.wordCount === 'number' ? note.wordCount : countWords(text),
      text,
    };
  });
};

/** CSV text (UTF-8, header row, CRLF, every text cell neutralised against formulas). */
export const kbdexCsv = (rows: readonly KbdexRow[]): string =>
  Papa.unparse(
    {
      fields: [...kbdexColumns],
      data: rows.map((row) => [
        row.id,
        neutraliseFormula(row.title),
        neutraliseFormula(row.authors),
        row.created,
        String(row.wordCount),
        neutraliseFormula(row.text),
      ]),
    },
    { newline: '\r\n', quotes: false },
  );
