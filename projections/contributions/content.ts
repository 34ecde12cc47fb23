import { dropBareSvgAttributes } from '../../contracts/svgMarkup.ts';
import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { langInNoteOf, withTranslations } from '../../contracts/multilanguage.ts';
import type { ContributionDocument } from './documents.ts';

/** Content events (issue 6) folded into the contribution documents. */
export const contentEvents: ContributionEvent['type'][] = [
  'NoteContributed',
  'NoteSaved',
  'DrawingSaved',
  'PermissionChanged',
  'CoauthorAdded',
  'CoauthorRemoved',
  'FavouriteAdded',
  'FavouriteRemoved',
  'AttachmentUploaded',
  'VideoCommentAdded',
  'AnnotationEdited',
  'ScaffoldTemplateChanged',
  'ContributionDescribed',
];

/** One stored version of an attachment's file (`data.versions`). */
export type AttachmentVersion = {
  version: number;
  blobKey: string;
  filename: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  uploaded: string;
};

/** Where readers fetch a version of an attachment. */
export const attachmentUrl = (attachmentId: string, version: number): string => `/api/attachments/${attachmentId}/${version}`;

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const strings = (value: unknown): string[] => list<unknown>(value).filter((v): v is string => typeof v === 'string');

/** Attachment versions of a document, oldest first. */
export const attachmentVersionsOf = (doc: Pick<ContributionDocument, 'data'>): AttachmentVersion[] =>
  list<AttachmentVersion>(doc.data.versions);

type Doc = Omit<ContributionDocument, '_position'>;

export const evolveContent = (current: ContributionDocument, event: RecordedEvent<ContributionEvent>): Doc => {
  const at = event.metadata.at;
  switch (event.type) {
    case 'NoteContributed':
    case 'NoteSaved': {
      const { title, body, keywords, wordCount, text4search, translations } = event.data;
      const data = { ...current.data, body };
      return {
        ...current,
        title,
        status: event.type === 'NoteContributed' ? 'active' : current.status,
        keywords: [...keywords],
        wordCount,
        text4search,
        // Multilanguage: data[lang] and data[lang + '_title'] per language, `langInNote` lists them (absent: unchanged).
        ...(translations
          ? { data: withTranslations(data, langInNoteOf(current), translations), langInNote: Object.keys(translations) }
          : { data }),
        modified: at,
      };
    }
    case 'ScaffoldTemplateChanged':
      return { ...current, data: { ...current.data, isTemplate: event.data.isTemplate }, modified: at };
    case 'ContributionDescribed':
      return { ...current, data: { ...current.data, description: event.data.description }, modified: at };
    case 'DrawingSaved':
      return {
        ...current,
        title: event.data.title,
        status: event.data.contributed ? 'active' : current.status,
        // Drawings saved before the sanitiser kept XML well-formed are repaired as they are read (issue 21 §1).
        data: { ...current.data, svg: dropBareSvgAttributes(event.data.svg) },
        modified: at,
      };
    case 'PermissionChanged':
      return { ...current, permission: event.data.permission, group: event.data.group, modified: at };
    case 'CoauthorAdded':
      return current.authors.includes(event.data.authorId)
        ? current
        : { ...current, authors: [...current.authors, event.data.authorId], modified: at };
    case 'CoauthorRemoved':
      return { ...current, authors: current.authors.filter((id) => id !== event.data.authorId), modified: at };
    // Favourites are a reader's bookmark, not an edit: `modified` stays.
    case 'FavouriteAdded':
      return { ...current, data: { ...current.data, favAuthors: [...new Set([...strings(current.data.favAuthors), event.data.userId])] } };
    case 'FavouriteRemoved':
      return {
        ...current,
        data: { ...current.data, favAuthors: strings(current.data.favAuthors).filter((id) => id !== event.data.userId) },
      };
    case 'AttachmentUploaded': {
      const { contributionId, version, filename, mime, size, width, height, blobKey, contributed } = event.data;
      const entry: AttachmentVersion = { version, blobKey, filename, mime, size, width, height, uploaded: at };
      return {
        ...current,
        status: contributed ? 'active' : current.status,
        data: {
          ...current.data,
          version,
          filename,
          type: mime,
          size,
          width,
          height,
          url: attachmentUrl(contributionId, version),
          uploadTS: at,
          versions: [...attachmentVersionsOf(current).filter((v) => v.version !== version), entry],
        },
        modified: at,
      };
    }
    case 'VideoCommentAdded': {
      const { commentId, authorId, time, comment } = event.data;
      const comments = list<{ id: string }>(current.data.videoComments).filter((c) => c.id !== commentId);
      return { ...current, data: { ...current.data, videoComments: [...comments, { id: commentId, authorId, time, comment }] } };
    }
    // Annotations (issue 6, item 8): `data.permissions.read` lists the authors of a private one (KF6's annotator).
    case 'AnnotationEdited': {
      const { text, permission } = event.data;
      const read = permission === 'private' ? [...current.authors] : [];
      return { ...current, permission, data: { ...current.data, text, permissions: { read } }, modified: at };
    }
    default:
      return current;
  }
};
