import { notePlainText } from '../text/plainText.ts';

/**
 * The KBDeX hand-off (issue 24 §1). KBDeX (Knowledge Building Discourse
 * eXplorer, 1.10.x) reads `data.csv` by position, skipping the first row:
 * `Id` (a whole number), `Author` (a row without one is dropped), `Text`,
 * `Group`, `Time` (epoch milliseconds); it ignores further columns, where
 * Buildon adds what a researcher needs to trace a row back. Rows come from the
 * community's history, so a file "as of" a date shows the notes as they were
 * then, and each note's time is when it was contributed, not when its draft
 * was opened.
 */

/** One stored version of a contribution or a link (the history read model's fields used here). */
export type KbdexVersion = {
  type: 'Object' | 'Link';
  dataId: string;
  operation: 'created' | 'modified' | 'deleted';
  revision: number;
  at: string;
  data: Record<string, unknown>;
};

export type KbdexOptions = {
  /** The file shows the community as it was at this instant (ISO); absent: now. */
  at?: string;
  /** Only notes contributed at or after this instant (ISO). */
  from?: string;
  /** Only notes placed in one of these views; `Group` is the first of them. */
  viewIds?: readonly string[];
  /** Put the note's title before its text. */
  withTitle?: boolean;
  /** Private notes are left out unless this is set. */
  includePrivate?: boolean;
  /**
   * Authors as their pseudonyms under this key (a study secret, or the
   * server's research key: services/domain/research/pseudonyms.ts) and
   * members' names inside titles, texts and view titles masked
   * (pseudonymise.ts `nameMasker`), for a file that leaves the class.
   */
  pseudonymise?: { key: string };
};

/** KBDeX's five columns, then Buildon's own (which KBDeX ignores). */
export const kbdexHeader = [
  'Id',
  'Author',
  'Text',
  'Group',
  'Time',
  'NoteId',
  'Title',
  'Authors',
  'Permission',
  'Status',
  'Views',
] as const;

export type KbdexRow = {
  id: number;
  author: string;
  text: string;
  group: string;
  time: number;
  noteId: string;
  title: string;
  authors: string;
  permission: string;
  status: string;
  views: string;
};

type Snapshot = { type?: unknown; title?: unknown; status?: unknown; permission?: unknown; authors?: unknown };

/** The latest version of each object or link at or before `at` (by its stream revision). */
const statesAt = (versions: readonly KbdexVersion[], at: number): Map<string, KbdexVersion> => {
  const latest = new Map<string, KbdexVersion>();
  for (const version of versions) {
    if (Date.parse(version.at) > at) continue;
    const known = latest.get(version.dataId);
    if (!known || version.revision > known.revision || (version.revision === known.revision && version.at > known.at)) {
      latest.set(version.dataId, version);
    }
  }
  return latest;
};

/** When each note was first contributed (its first version that is active), at or before `at`. */
const contributionTimes = (versions: readonly KbdexVersion[], at: number): Map<string, number> => {
  const times = new Map<string, number>();
  for (const version of versions) {
    if (version.type !== 'Object' || (version.data as Snapshot).status !== 'active') continue;
    const time = Date.parse(version.at);
    if (time > at) continue;
    const known = times.get(version.dataId);
    if (known === undefined || time < known) times.set(version.dataId, time);
  }
  return times;
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The KBDeX rows of a community from its history: notes contributed by
 * `options.at` (and since `options.from`), as they were then, numbered 1… in
 * the order they were contributed. `authorName` names an author id; `mask`
 * rewrites every text written by people (titles, texts, view titles).
 */
export const kbdexRows = (
  versions: readonly KbdexVersion[],
  authorName: (id: string) => string,
  options: KbdexOptions = {},
  mask: (text: string) => string = (value) => value,
): KbdexRow[] => {
  const at = options.at ? Date.parse(options.at) : Number.POSITIVE_INFINITY;
  const from = options.from ? Date.parse(options.from) : Number.NEGATIVE_INFINITY;
  const states = statesAt(versions, at);
  const contributed = contributionTimes(versions, at);
  // The views holding each note then, in the order it was placed in them.
  const placements = [...states.values()]
    .filter((link) => link.type === 'Link' && link.operation !== 'deleted' && link.data.type === 'contains')
    .sort((a, b) => text(a.data.created).localeCompare(text(b.data.created)) || a.dataId.localeCompare(b.dataId));
  const viewsOf = new Map<string, string[]>();
  for (const link of placements) {
    const note = text(link.data.to);
    const view = text(link.data.from);
    const list = viewsOf.get(note) ?? [];
    if (!list.includes(view)) list.push(view);
    viewsOf.set(note, list);
  }
  const viewTitle = (id: string): string => mask(text(states.get(id)?.data.title));
  const wanted = options.viewIds ? new Set(options.viewIds) : null;

  const rows: Omit<KbdexRow, 'id'>[] = [];
  for (const [noteId, time] of contributed) {
    const snapshot = states.get(noteId)?.data;
    if (!snapshot || snapshot.type !== 'Note' || time < from) continue;
    const permission = text(snapshot.permission);
    if (permission === 'private' && !options.includePrivate) continue;
    const views = viewsOf.get(noteId) ?? [];
    const group = wanted ? views.find((view) => wanted.has(view)) : views[0];
    if (wanted && group === undefined) continue;
    const names = strings(snapshot.authors).map(authorName);
    const title = mask(text(snapshot.title));
    const body = mask(notePlainText(snapshot));
    rows.push({
      author: names[0] ?? '',
      text: options.withTitle ? `${title}\n${body}` : body,
      group: group === undefined ? '' : viewTitle(group),
      time,
      noteId,
      title,
      authors: names.join('; '),
      permission,
      status: text(snapshot.status),
      views: views.map(viewTitle).join('; '),
    });
  }
  rows.sort((a, b) => a.time - b.time || a.noteId.localeCompare(b.noteId));
  return rows.map((row, index) => ({ id: index + 1, ...row }));
};
