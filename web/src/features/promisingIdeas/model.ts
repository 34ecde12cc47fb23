import Papa from 'papaparse';
import type { PromisingIdea } from '../../../../contracts/api/promisingIdeas.ts';
import { collapsedIdea } from '../../../../contracts/promisingIdeas.ts';

/** The words the table and its CSV need, in the interface language. */
export type IdeaTexts = {
  columns: { note: string; idea: string; reason: string; colour: string; author: string; date: string; hits: string };
  none: string;
  unassigned: string;
  colourName: (colour: string) => string;
  formatDate: (iso: string) => string;
};

/** The colour cell: "Jaune (label)" or "Jaune (Non attribuée)" (fact sheet §7: "Colour (label)" / "(Unassigned)"). */
export const colourText = (idea: Pick<PromisingIdea, 'color' | 'colourLabel'>, texts: IdeaTexts): string =>
  `${texts.colourName(idea.color)} ${idea.colourLabel ? `(${idea.colourLabel})` : texts.unassigned}`;

/** The reason cell: 'None' (in the interface language) when empty. */
export const reasonText = (reason: string, texts: IdeaTexts): string => reason.trim() || texts.none;

/** A cell a spreadsheet would run as a formula is written as text. */
const safeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The rows shown, as CSV (headers in the interface language; a link to each note). */
export const ideasCsv = (rows: readonly PromisingIdea[], texts: IdeaTexts, origin: string): string =>
  Papa.unparse({
    fields: [
      texts.columns.note,
      texts.columns.idea,
      texts.columns.reason,
      texts.columns.colour,
      texts.columns.author,
      texts.columns.date,
      texts.columns.hits,
      'URL',
    ],
    data: rows.map((row) => [
      safeCell(row.noteTitle),
      safeCell(collapsedIdea(row.idea)),
      safeCell(reasonText(row.reason, texts)),
      safeCell(colourText(row, texts)),
      safeCell(row.authorName),
      texts.formatDate(row.modified),
      row.hitCount,
      `${origin}/contribution/${row.noteId}`,
    ]),
  });

/** The spec's refusals of a PI Pool note before asking the server (spec part 2 §5), or null. */
export const poolProblem = (input: {
  ideaIds: readonly string[];
  title: string;
  viewIds: readonly string[];
}): 'notSelected' | 'titleEmpty' | 'noView' | null => {
  if (input.ideaIds.length === 0) return 'notSelected';
  if (!input.title.trim()) return 'titleEmpty';
  if (input.viewIds.length === 0) return 'noView';
  return null;
};
