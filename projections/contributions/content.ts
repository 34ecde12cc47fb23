import { dropBareSvgAttributes } from '../../contracts/svgMarkup.ts';
import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { langInNoteOf, withTranslations } from '../../contracts/multilanguage.ts';
import type { AttachmentData, AttachmentVersion, ContributionData, TypedData } from '../../contracts/contributionData.ts';
import type { ContributionDocument, ContributionSnapshot } from './documents.ts';

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
  'CommentsSaved',
  'AttachmentUploaded',
  'VideoCommentAdded',
  'AnnotationEdited',
  'ScaffoldTemplateChanged',
  'ContributionDescribed',
  'PromisingIdeaEdited',
];

export type { AttachmentVersion };

/** Where readers fetch a version of an attachment. */
export const attachmentUrl = (attachmentId: string, version: number): string => `/api/attachments/${attachmentId}/${version}`;

/** Attachment versions of a contribution, oldest first (none for anything but an attachment). */
export const attachmentVersionsOf = (doc: TypedData): AttachmentVersion[] =>
  doc.type === 'Attachment' && Array.isArray(doc.data.versions) ? doc.data.versions : [];

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

type Doc = ContributionSnapshot;

/**
 * The document with new data (and other changes). A content event only ever
 * follows the creation of a contribution of its own type (the decider checks
 * it: a drawing's save, an attachment's upload …), so the fields it sets are
 * its type's: the one assertion of the fold, which never drops an event on a
 * type check of its own.
 */
export const withData = (doc: Doc, data: ContributionData, changes: Partial<Omit<Doc, 'type' | 'data'>> = {}): Doc =>
  ({ ...doc, ...changes, data }) as Doc;

export const evolveContent = (current: ContributionDocument, event: RecordedEvent<ContributionEvent>): Doc => {
  const at = event.metadata.at;
  switch (event.type) {
    case 'NoteContributed':
    case 'NoteSaved': {
      const { title, body, keywords, wordCount, text4search, translations } = event.data;
      const data = { ...current.data, body };
      const changes: Partial<Omit<Doc, 'type' | 'data'>> = {
        title,
        status: event.type === 'NoteContributed' ? 'active' : current.status,
        keywords: [...keywords],
        wordCount,
        text4search,
        modified: at,
      };
      // Multilanguage: data[lang] and data[lang + '_title'] per language, `langInNote` lists them (absent: unchanged).
      return translations
        ? withData(current, withTranslations(data, langInNoteOf(current), translations), {
            ...changes,
            langInNote: Object.keys(translations),
          })
        : withData(current, data, changes);
    }
    case 'ScaffoldTemplateChanged':
      return withData(current, { ...current.data, isTemplate: event.data.isTemplate }, { modified: at });
    case 'ContributionDescribed':
      return withData(current, { ...current.data, description: event.data.description }, { modified: at });
    case 'DrawingSaved':
      return withData(
        current,
        // Drawings saved before the sanitiser kept XML well-formed are repaired as they are read (issue 21 §1).
        { ...current.data, svg: dropBareSvgAttributes(event.data.svg) },
        { title: event.data.title, status: event.data.contributed ? 'active' : current.status, modified: at },
      );
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
      return withData(current, { ...current.data, favAuthors: [...new Set([...strings(current.data.favAuthors), event.data.userId])] });
    case 'FavouriteRemoved':
      return withData(current, { ...current.data, favAuthors: strings(current.data.favAuthors).filter((id) => id !== event.data.userId) });
    // A manager's comment is about the contribution, not an edit of it: `modified` stays.
    case 'CommentsSaved':
      return withData(current, { ...current.data, comments: event.data.comments });
    case 'AttachmentUploaded': {
      const { contributionId, version, filename, mime, size, width, height, blobKey, contributed } = event.data;
      const entry: AttachmentVersion = { version, blobKey, filename, mime, size, width, height, uploaded: at };
      const data: AttachmentData = {
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
      };
      return withData(current, data, { status: contributed ? 'active' : current.status, modified: at });
    }
    case 'VideoCommentAdded': {
      const { commentId, authorId, time, comment } = event.data;
      const stored = current.type === 'Attachment' && Array.isArray(current.data.videoComments) ? current.data.videoComments : [];
      const comments = stored.filter((c) => c.id !== commentId);
      return withData(current, { ...current.data, videoComments: [...comments, { id: commentId, authorId, time, comment }] });
    }
    // Annotations (issue 6, item 8): `data.permissions.read` lists the authors of a private one (KF6's annotator).
    case 'AnnotationEdited': {
      const { text, permission } = event.data;
      const read = permission === 'private' ? [...current.authors] : [];
      return withData(current, { ...current.data, text, permissions: { read } }, { permission, modified: at });
    }
    // A promising idea's reason and colour (issue 14 §3).
    case 'PromisingIdeaEdited':
      return withData(current, { ...current.data, reason: event.data.reason, color: event.data.color }, { modified: at });
    default:
      return current;
  }
};
