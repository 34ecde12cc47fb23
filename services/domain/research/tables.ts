import { bodyPlainText } from '../text/plainText.ts';
import type { SourceEvent } from './pseudonymise.ts';

/**
 * The ready-made tables of a research export (issue 24 §4), folded from its
 * already pseudonymised events: one row per event of interest, in log order
 * (`position` is the event's global position; `at` its timestamp, which may
 * be out of order by up to a second). `notes` is the one table of final
 * states: one row per note. docs/research.md documents every column.
 */
export const tableColumns = {
  notes: ['noteId', 'authors', 'title', 'text', 'created', 'contributed', 'permission', 'status', 'position'],
  versions: ['position', 'at', 'noteId', 'actor', 'event', 'title', 'text', 'wordCount'],
  reads: ['position', 'at', 'reader', 'noteId'],
  links: ['position', 'at', 'event', 'linkId', 'type', 'from', 'to', 'actor'],
  placements: ['position', 'at', 'event', 'viewId', 'contributionId', 'x', 'y', 'linkId', 'actor'],
  memberships: ['position', 'at', 'event', 'person', 'role', 'via'],
  permissions: ['position', 'at', 'contributionId', 'type', 'permission', 'group'],
  groups: ['position', 'at', 'event', 'groupId', 'title', 'person'],
} as const;

export type TableName = keyof typeof tableColumns;

/** A column's type in the Parquet tables (docs/research.md): text, a whole number, a number, an instant (ms, UTC). */
export type ColumnKind = 'string' | 'integer' | 'double' | 'timestamp';

/** Every column not named here is a string. */
const columnKinds: Record<string, ColumnKind> = {
  position: 'integer',
  wordCount: 'integer',
  x: 'double',
  y: 'double',
  at: 'timestamp',
  created: 'timestamp',
  contributed: 'timestamp',
};

/** The type of a column of a research table. */
export const columnKind = (column: string): ColumnKind => columnKinds[column] ?? 'string';
type Row = (string | number | null)[];
type Data = Record<string, unknown>;

/** Link types of the `links` table; `contains` (a view holding a contribution) is the `placements` table. */
export const discourseLinkTypes = new Set(['buildson', 'references', 'supports']);

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

type Note = {
  authors: string[];
  title: string;
  text: string;
  created: string;
  contributed: string | null;
  permission: string;
  status: string;
  position: number;
};

export const researchTables = (events: readonly SourceEvent[]): Record<TableName, Row[]> => {
  const tables: Record<TableName, Row[]> = {
    notes: [],
    versions: [],
    reads: [],
    links: [],
    placements: [],
    memberships: [],
    permissions: [],
    groups: [],
  };
  const notes = new Map<string, Note>();
  const types = new Map<string, string>();
  const links = new Map<string, { type: string; from: string; to: string }>();
  for (const event of events) {
    const data = (event.data ?? {}) as Data;
    const position = event.globalPosition;
    const at = event.metadata.at;
    const actor = event.metadata.actorId;
    const id = str(data.contributionId) ?? '';
    const note = notes.get(id);
    switch (event.type) {
      case 'ContributionCreated': {
        const type = str(data.type) ?? '';
        types.set(id, type);
        const permission = str(data.permission) ?? '';
        if (type === 'Note') {
          notes.set(id, {
            authors: Array.isArray(data.authors) ? data.authors.filter((a): a is string => typeof a === 'string') : [],
            title: str(data.title) ?? '',
            text: '',
            created: at,
            contributed: null,
            permission,
            status: str(data.status) ?? '',
            position,
          });
        }
        tables.permissions.push([position, at, id, type, permission, str(data.group)]);
        if (type === 'Group') {
          const members = ((data.data ?? {}) as Data).members;
          const title = str(data.title);
          tables.groups.push([position, at, 'created', id, title, null]);
          if (Array.isArray(members)) {
            for (const m of members) if (typeof m === 'string') tables.groups.push([position, at, 'added', id, title, m]);
          }
        }
        break;
      }
      case 'NoteContributed':
      case 'NoteSaved': {
        const title = str(data.title) ?? '';
        const text = bodyPlainText(data.body);
        tables.versions.push([
          position,
          at,
          id,
          actor,
          event.type === 'NoteContributed' ? 'contributed' : 'saved',
          title,
          text,
          num(data.wordCount),
        ]);
        if (note) {
          Object.assign(note, { title, text });
          if (event.type === 'NoteContributed') note.contributed ??= at;
          note.status = 'active';
        }
        break;
      }
      case 'ContributionRetitled':
        if (note) {
          note.title = str(data.title) ?? '';
          tables.versions.push([position, at, id, actor, 'retitled', note.title, note.text, null]);
        }
        break;
      case 'ContributionStatusChanged':
        if (note) note.status = str(data.status) ?? note.status;
        break;
      case 'PermissionChanged':
        if (note) note.permission = str(data.permission) ?? note.permission;
        tables.permissions.push([position, at, id, types.get(id) ?? '', str(data.permission), str(data.group)]);
        break;
      case 'CoauthorAdded':
        if (note && typeof data.authorId === 'string' && !note.authors.includes(data.authorId)) note.authors.push(data.authorId);
        break;
      case 'CoauthorRemoved':
        if (note) note.authors = note.authors.filter((a) => a !== data.authorId);
        break;
      case 'GroupMemberAdded':
      case 'GroupMemberRemoved':
        tables.groups.push([position, at, event.type === 'GroupMemberAdded' ? 'added' : 'removed', id, null, str(data.authorId)]);
        break;
      case 'ReadMarked':
        tables.reads.push([position, at, str(data.authorId), id]);
        break;
      case 'LinkCreated':
      case 'LinkUpdated':
      case 'LinkDeleted': {
        const linkId = str(data.linkId) ?? '';
        if (event.type === 'LinkCreated') {
          links.set(linkId, { type: str(data.type) ?? '', from: str(data.from) ?? '', to: str(data.to) ?? '' });
        }
        const link = links.get(linkId);
        if (!link) break;
        const kind = { LinkCreated: 'created', LinkUpdated: 'updated', LinkDeleted: 'deleted' }[event.type];
        if (link.type === 'contains') {
          const place = (data.data ?? {}) as Data;
          const placement = { LinkCreated: 'placed', LinkUpdated: 'moved', LinkDeleted: 'removed' }[event.type];
          tables.placements.push([position, at, placement, link.from, link.to, num(place.x), num(place.y), linkId, actor]);
        } else if (discourseLinkTypes.has(link.type)) {
          tables.links.push([position, at, kind, linkId, link.type, link.from, link.to, actor]);
        }
        break;
      }
      case 'AuthorJoined':
        tables.memberships.push([position, at, 'joined', str(data.authorId), str(data.role), str(data.via)]);
        break;
      case 'AuthorRoleChanged':
        tables.memberships.push([position, at, 'role', str(data.authorId), str(data.role), null]);
        break;
      case 'AuthorLoginBlocked':
      case 'AuthorLoginUnblocked':
        tables.memberships.push([
          position,
          at,
          event.type === 'AuthorLoginBlocked' ? 'blocked' : 'unblocked',
          str(data.authorId),
          null,
          null,
        ]);
        break;
      default:
        break;
    }
  }
  for (const [noteId, n] of notes) {
    tables.notes.push([noteId, n.authors.join('; '), n.title, n.text, n.created, n.contributed, n.permission, n.status, n.position]);
  }
  return tables;
};
