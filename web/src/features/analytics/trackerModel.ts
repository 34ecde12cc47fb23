import Papa from 'papaparse';
import type { TrackerQuery, TrackerReply } from '../../../../contracts/api/scaffolds.ts';
import type { Chart } from './model.ts';
import { authorText } from './pagesModel.ts';

/**
 * The scaffold support tracker's pure part (issue 13 §6): the chosen
 * supports and filters as the API's query, the reply as a bar chart, radar
 * points, the detail rows and their CSV. The detail link goes to the note
 * (the original linked the view id: fact sheet §7's bug).
 */

export type TrackerFilters = { supportIds: string[]; from: string; to: string; viewIds: string[]; authorIds: string[]; words: string };

export const trackerQueryOf = (filters: TrackerFilters, mayFilterAuthors: boolean): TrackerQuery => {
  const query: TrackerQuery = { supports: filters.supportIds.join(',') };
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.viewIds.length > 0) query.views = filters.viewIds.join(',');
  if (mayFilterAuthors && filters.authorIds.length > 0) query.authors = filters.authorIds.join(',');
  const words = filters.words.trim().replace(/\s+/g, ' ');
  if (words) query.words = words;
  return query;
};

export const trackerSearchOf = (query: TrackerQuery): string =>
  `?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string')).toString()}`;

export type TrackerTexts = {
  bar: string;
  support: string;
  scaffold: string;
  uses: string;
  inNotes: string;
  note: string;
  author: string;
  created: string;
  count: string;
  pseudonym: (letter: string) => string;
  formatDate: (iso: string) => string;
};

/** The bar chart of usage per support (most used first), with the numbers as its table. */
export const usageChart = (reply: TrackerReply, texts: TrackerTexts): Chart => ({
  id: 'support-usage',
  title: texts.bar,
  kind: 'bar',
  series: [{ name: texts.uses, x: reply.supports.map((s) => s.title), y: reply.supports.map((s) => s.total), mine: false }],
  table: {
    columns: [texts.support, texts.scaffold, texts.uses, texts.inNotes],
    rows: reply.supports.map((s) => [s.title, s.scaffoldTitle, s.total, s.notes]),
  },
  empty: reply.supports.every((s) => s.total === 0),
  valueTitle: texts.uses,
  // One row per support, lying down: long support titles stay readable.
  horizontal: true,
  height: Math.max(200, 28 * reply.supports.length + 60),
});

/** One row of the detail table: a note and one support it uses. */
export type DetailRow = { noteId: string; title: string; author: string; created: string; support: string; count: number; href: string };

/** The detail table: one row per (note, support used), notes newest first, supports in usage order. */
export const detailRows = (reply: TrackerReply, seesNames: boolean, texts: Pick<TrackerTexts, 'pseudonym'>): DetailRow[] => {
  const titleOf = new Map(reply.supports.map((s) => [s.supportId, s.title]));
  return reply.notes.flatMap((note) =>
    reply.supports
      .filter((s) => (note.usage[s.supportId] ?? 0) > 0)
      .map((s) => ({
        noteId: note._id,
        title: note.title,
        author: authorText(note.author, seesNames, texts.pseudonym),
        created: note.created,
        support: titleOf.get(s.supportId) ?? '',
        count: note.usage[s.supportId] ?? 0,
        href: `/contribution/${note._id}`,
      })),
  );
};

const safeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The detail table as CSV (headers in the interface language; a link to each note, never to a view). */
export const detailCsv = (rows: readonly DetailRow[], texts: TrackerTexts, origin: string): string =>
  Papa.unparse({
    fields: [texts.note, texts.author, texts.created, texts.support, texts.count, 'URL'],
    data: rows.map((r) => [safeCell(r.title), safeCell(r.author), r.created, safeCell(r.support), r.count, `${origin}${r.href}`]),
  });

/** Radar points: one axis per support (in the reply's order), radius = uses / largest. */
export const radarPoints = (
  values: readonly number[],
  radius: number,
  centre: number,
): { x: number; y: number; axisX: number; axisY: number }[] => {
  const largest = Math.max(1, ...values);
  return values.map((value, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / values.length;
    const r = (value / largest) * radius;
    return {
      x: centre + r * Math.cos(angle),
      y: centre + r * Math.sin(angle),
      axisX: centre + radius * Math.cos(angle),
      axisY: centre + radius * Math.sin(angle),
    };
  });
};
