import type { ContributionEvent, ContributionStatus, Permission } from '../../contracts/events/contribution.ts';
import type { ContributionSnapshot } from '../contributions/documents.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';
import type { TextIndexSpec } from '../../services/core/textSearch.ts';

/**
 * The full-text index of contributions (issue 14 §1): one small document per
 * searchable contribution — what search filters on before it reads anything
 * else (community, type, status) and the text it matches (title, body,
 * keywords) — under the read store's text index (FTS5 embedded, folded tokens
 * in MongoDB; services/core/textSearch.ts). Folded from the contribution
 * streams like every read model, stamped with its position, written with the
 * checkpoint, rebuilt by `kf rebuild`.
 */
export const searchIndexCollectionName = 'searchindex';

/** Searched fields and their weight in ranking: a word in the title counts three times one in the body. */
export const searchTextIndex: TextIndexSpec = { fields: ['title', 'body', 'keywords'], weights: [3, 1, 2] };

/** The contribution types search finds (contracts/api/search.ts `searchableTypes`). */
const indexedTypes = new Set(['Note', 'View', 'Annotation', 'Drawing', 'Attachment']);

export type SearchIndexDocument = Versioned & {
  _id: string;
  communityId: string;
  type: ContributionSnapshot['type'];
  status: ContributionStatus;
  title: string;
  /** Plain text: a note's body (its `text4search` without the title and keywords frames), an annotation's text. */
  body: string;
  /** Keywords joined with ' ; '. */
  keywords: string;
  /** What the permission rule and the filters read, so search decides on the index alone and loads only one page. */
  permission: Permission;
  authors: string[];
  group: string | null;
  created: string;
};

const handled: ContributionEvent['type'][] = [
  'ContributionCreated',
  'ContributionRetitled',
  'ContributionStatusChanged',
  'NoteContributed',
  'NoteSaved',
  'DrawingSaved',
  'AnnotationEdited',
  'AttachmentUploaded',
  'PermissionChanged',
  'CoauthorAdded',
  'CoauthorRemoved',
];

/** The body of a note's search text: `( title ) body ( keywords )` (fact sheet §4) without its frames. */
export const noteBodyOf = (text4search: string, title: string, keywords: readonly string[]): string => {
  let text = text4search;
  const head = `( ${title} ) `;
  if (text.startsWith(head)) text = text.slice(head.length);
  const tail = ` ( ${keywords.join('; ')} )`;
  if (text.endsWith(tail)) text = text.slice(0, -tail.length);
  return text.replace(/\s+/g, ' ').trim();
};

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strs = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

type Entry = Omit<SearchIndexDocument, '_position'>;

/** Folds one event into a contribution's index entry (null before its creation, or for a type search never finds). */
export const evolveSearchEntry = (current: Entry | null, event: RecordedEvent<ContributionEvent>): Entry | null => {
  if (event.type === 'ContributionCreated') {
    const d = event.data;
    if (!indexedTypes.has(d.type)) return null;
    const data: Record<string, unknown> = d.data;
    const keywords = strs((d as { keywords?: unknown }).keywords);
    const text4search = str((d as { text4search?: unknown }).text4search);
    const body = d.type === 'Annotation' ? str(data.text) : text4search ? noteBodyOf(text4search, d.title, keywords) : '';
    return {
      _id: d.contributionId,
      communityId: d.communityId,
      type: d.type,
      status: d.status,
      title: d.title,
      body,
      keywords: keywords.join(' ; '),
      permission: d.permission,
      authors: [...d.authors],
      group: d.group,
      created: event.metadata.at,
    };
  }
  if (!current) return null;
  switch (event.type) {
    case 'ContributionRetitled':
      return { ...current, title: event.data.title };
    case 'ContributionStatusChanged':
      return { ...current, status: event.data.status };
    case 'NoteContributed':
    case 'NoteSaved': {
      const { title, keywords, text4search } = event.data;
      return {
        ...current,
        title,
        status: event.type === 'NoteContributed' ? 'active' : current.status,
        body: noteBodyOf(text4search, title, keywords),
        keywords: keywords.join(' ; '),
      };
    }
    case 'DrawingSaved':
      return { ...current, title: event.data.title, status: event.data.contributed ? 'active' : current.status };
    case 'AnnotationEdited':
      return { ...current, body: event.data.text, permission: event.data.permission };
    case 'PermissionChanged':
      return { ...current, permission: event.data.permission, group: event.data.group };
    case 'CoauthorAdded':
      return current.authors.includes(event.data.authorId) ? current : { ...current, authors: [...current.authors, event.data.authorId] };
    case 'CoauthorRemoved':
      return { ...current, authors: current.authors.filter((id) => id !== event.data.authorId) };
    case 'AttachmentUploaded':
      return event.data.contributed ? { ...current, status: 'active' } : current;
    default:
      return current;
  }
};

export const searchIndexProjection: Projection = {
  name: 'search',
  version: 1,
  collections: [{ name: searchIndexCollectionName, indexes: [['communityId']], text: searchTextIndex }],
  handles: handled,
  apply: async (event, context) => {
    const e = event as RecordedEvent<ContributionEvent>;
    if (!('contributionId' in e.data)) return;
    await evolveDocument(context.collection<SearchIndexDocument>(searchIndexCollectionName), e.data.contributionId, event, (current) =>
      evolveSearchEntry(current, e),
    );
  },
};
