import type {
  AttachmentUploaded,
  ContributionEvent,
  LinkType,
  NoteContent,
  NoteTranslations,
  Permission,
} from '../../../contracts/events/contribution.ts';
import { copyJson, eachDocNode, jsonText } from '../../../contracts/deepJson.ts';
import { isValidLanguageCode, langInNoteOf, translationsOf, withTranslations } from '../../../contracts/multilanguage.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { ContributionState, LinkState } from './state.ts';
import { checkedDescription } from './description.ts';
import { msg, type UserMessage } from '../../../contracts/messageCodes.ts';

/**
 * The content rules of contributions (issue 6): note and drawing saves,
 * permission, co-authors, favourites, attachment versions and video comments.
 * Pure: ids come from `newId` in the command, validated and derived values
 * (the checked ProseMirror document, word count, search text, sanitised SVG,
 * sniffed MIME type) are computed by the caller.
 */

/**
 * Saves a note. `body` is the checked document's JSON; its `support` and
 * `reference` nodes are synced to `supports` and `references` links from the
 * note (nodes whose `linkId` is one of the note's links keep it; new ones get
 * a link id from `newId`, written back into the body; links no node claims
 * any more are deleted), all in the same append as the content.
 */
export type SaveNote = {
  type: 'SaveNote';
  /**
   * With `translations` (multilanguage notes), `title` and `body` become those
   * of `mainLang` (the default language, else the first written language);
   * the links follow the supports and references of every language.
   */
  data: Omit<NoteContent, 'contributionId' | 'langInNote'> & { newId: () => string; mainLang?: string };
};
/** Marks a scaffold as a template for new notes, or not. */
export type SetScaffoldTemplate = { type: 'SetScaffoldTemplate'; data: { isTemplate: boolean } };
export type SaveDrawing = { type: 'SaveDrawing'; data: { title: string; svg: string } };
/** The text alternative of a drawing or an attachment (`data.description`, checked by the caller). */
export type DescribeContribution = { type: 'DescribeContribution'; data: { description: string } };
export type ChangePermission = { type: 'ChangePermission'; data: { permission: Permission; group: string | null } };
export type AddCoauthor = { type: 'AddCoauthor'; data: { authorId: string } };
export type RemoveCoauthor = { type: 'RemoveCoauthor'; data: { authorId: string } };
export type AddFavourite = { type: 'AddFavourite'; data: { userId: string } };
export type RemoveFavourite = { type: 'RemoveFavourite'; data: { userId: string } };
/** A manager's search-table comment (the caller checked the role and the length). */
export type SaveComments = { type: 'SaveComments'; data: { comments: string } };
/** A new file version; the decider numbers it. */
export type RecordUpload = {
  type: 'RecordUpload';
  data: Omit<AttachmentUploaded['data'], 'contributionId' | 'version' | 'contributed'>;
};
export type AddVideoComment = {
  type: 'AddVideoComment';
  data: { commentId: string; authorId: string; time: number; comment: string };
};

export type ContentCommand =
  | SaveNote
  | SaveDrawing
  | ChangePermission
  | AddCoauthor
  | RemoveCoauthor
  | AddFavourite
  | RemoveFavourite
  | SaveComments
  | RecordUpload
  | AddVideoComment
  | SetScaffoldTemplate
  | DescribeContribution;

const contentCommandTypes: ReadonlySet<string> = new Set<ContentCommand['type']>([
  'SaveNote',
  'SaveDrawing',
  'ChangePermission',
  'AddCoauthor',
  'RemoveCoauthor',
  'AddFavourite',
  'RemoveFavourite',
  'SaveComments',
  'RecordUpload',
  'AddVideoComment',
  'SetScaffoldTemplate',
  'DescribeContribution',
]);

export const isContentCommand = (command: { type: string }): command is ContentCommand => contentCommandTypes.has(command.type);

type Created = Extract<ContributionState, { status: 'created' }>;

/** Compares JSON data as text; `jsonText`, so an old body nested thousands deep compares instead of overflowing. */
const sameValue = (a: unknown, b: unknown): boolean => jsonText(a) === jsonText(b);

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Favourites of a contribution (user ids, each once). */
export const favouritesOf = (data: Record<string, unknown>): string[] => [...new Set(stringList(data.favAuthors))];

const requireTitle = (title: string): string => {
  const trimmed = title.trim();
  if (!trimmed) throw ValidationError.field('title', msg('objects.titleRequired'));
  return trimmed;
};

/** What has a text alternative (issue 25 §4): pictures, drawn or uploaded, and files. */

const requireType = (state: Created, type: Created['type'], message: UserMessage) => {
  if (state.type !== type) throw new IllegalStateError(message);
};

/**
 * The link events that make the note's `supports` and `references` links
 * match its body, and the body with every node's `linkId` filled in.
 */
const syncLinks = (
  state: Created,
  bodies: Record<string, unknown>[],
  newId: () => string,
): { bodies: Record<string, unknown>[]; events: ContributionEvent[] } => {
  const synced = copyJson({ content: bodies });
  const events: ContributionEvent[] = [];
  const from = state.contributionId;
  const claimed = new Set<string>();
  const live = (type: LinkType): Map<string, LinkState> =>
    new Map(
      Object.values(state.links)
        .filter((link) => link.type === type)
        .map((link) => [link.linkId, link]),
    );
  const supports = live('supports');
  const references = live('references');

  const claim = (links: Map<string, LinkState>, linkId: unknown, to: string): LinkState | null => {
    if (typeof linkId !== 'string' || claimed.has(linkId)) return null;
    const link = links.get(linkId);
    return link && link.to === to ? link : null;
  };
  const create = (type: LinkType, to: string, data: Record<string, unknown>): string => {
    const linkId = newId();
    events.push({ type: 'LinkCreated', data: { linkId, communityId: state.communityId, from, to, type, data } });
    return linkId;
  };

  // Iterative walk and copy (contracts/deepJson.ts): no recursion on the document's depth.
  eachDocNode(synced, (node) => {
    const attrs = node.attrs;
    if (!attrs) return;
    if (node.type === 'support' && typeof attrs.supportId === 'string') {
      const kept = claim(supports, attrs.linkId, attrs.supportId);
      const linkId = kept ? kept.linkId : create('supports', attrs.supportId, { supportId: attrs.supportId });
      claimed.add(linkId);
      attrs.linkId = linkId;
    } else if (node.type === 'reference' && typeof attrs.contributionId === 'string') {
      const quote = typeof attrs.quote === 'string' ? attrs.quote : '';
      const kept = claim(references, attrs.linkId, attrs.contributionId);
      let linkId: string;
      if (kept) {
        linkId = kept.linkId;
        if (kept.data.text !== quote) events.push({ type: 'LinkUpdated', data: { linkId, from, data: { text: quote } } });
      } else linkId = create('references', attrs.contributionId, { text: quote });
      claimed.add(linkId);
      attrs.linkId = linkId;
    }
  });
  for (const link of [...supports.values(), ...references.values()]) {
    if (!claimed.has(link.linkId)) events.push({ type: 'LinkDeleted', data: { linkId: link.linkId, from } });
  }
  return { bodies: synced.content, events };
};

/** Checks a note's translations: language codes, and a title for each language written. */
const checkTranslations = (translations: NoteTranslations): NoteTranslations => {
  const out: NoteTranslations = {};
  for (const [lang, entry] of Object.entries(translations)) {
    if (!isValidLanguageCode(lang)) throw ValidationError.field(`translations.${lang}`, msg('multilanguage.invalidCode'));
    const title = entry.title.trim();
    if (!title) throw ValidationError.field(`translations.${lang}.title`, msg('objects.titleRequired'));
    out[lang] = { title, body: entry.body };
  }
  return out;
};

const saveNote = (command: SaveNote, state: Created): ContributionEvent[] => {
  requireType(state, 'Note', msg('objects.notANote'));
  const { newId, mainLang, translations: given, ...content } = command.data;
  let data: NoteContent;
  let linkEvents: ContributionEvent[];
  if (given !== undefined && Object.keys(given).length > 0) {
    const checked = checkTranslations(given);
    const langs = Object.keys(checked);
    const synced = syncLinks(
      state,
      langs.map((lang) => checked[lang]?.body ?? {}),
      newId,
    );
    const translations: NoteTranslations = Object.fromEntries(
      langs.map((lang, index) => [lang, { title: checked[lang]?.title ?? '', body: synced.bodies[index] ?? {} }]),
    );
    const main = translations[mainLang && translations[mainLang] ? mainLang : (langs[0] ?? '')];
    data = {
      ...content,
      contributionId: state.contributionId,
      title: main?.title ?? '',
      body: main?.body ?? {},
      translations,
      langInNote: langs,
    };
    linkEvents = synced.events;
  } else {
    const title = requireTitle(content.title);
    const synced = syncLinks(state, [content.body], newId);
    data = { ...content, contributionId: state.contributionId, title, body: synced.bodies[0] ?? {} };
    // An empty list removes every language; no list keeps them as they are.
    if (given !== undefined) Object.assign(data, { translations: {}, langInNote: [] });
    linkEvents = synced.events;
  }
  if (state.contributionStatus === 'unsaved') return [{ type: 'NoteContributed', data }, ...linkEvents];
  const unchanged =
    linkEvents.length === 0 &&
    data.title === state.title &&
    sameValue(data.body, state.data.body) &&
    sameValue(content.keywords, state.data.keywords ?? []) &&
    (data.translations === undefined ||
      sameValue(data.translations, translationsOf({ langInNote: state.data.langInNote, data: state.data })));
  return unchanged ? [] : [{ type: 'NoteSaved', data }, ...linkEvents];
};

const decide = (command: ContentCommand, state: Created): ContributionEvent[] => {
  const contributionId = state.contributionId;
  switch (command.type) {
    case 'SaveNote':
      return saveNote(command, state);
    case 'SaveDrawing': {
      requireType(state, 'Drawing', msg('objects.notADrawing'));
      const title = requireTitle(command.data.title);
      const contributed = state.contributionStatus === 'unsaved';
      if (!contributed && title === state.title && command.data.svg === state.data.svg) return [];
      return [{ type: 'DrawingSaved', data: { contributionId, title, svg: command.data.svg, contributed } }];
    }
    case 'ChangePermission': {
      const { permission, group } = command.data;
      if (permission === state.permission && group === state.group) return [];
      return [{ type: 'PermissionChanged', data: { contributionId, permission, group } }];
    }
    case 'AddCoauthor':
      if (state.authors.includes(command.data.authorId)) {
        throw ConflictError.field('authorId', msg('objects.alreadyIncluded'));
      }
      return [{ type: 'CoauthorAdded', data: { contributionId, authorId: command.data.authorId } }];
    case 'RemoveCoauthor':
      if (state.authors[0] === command.data.authorId) throw ValidationError.field('authorId', msg('objects.cannotRemovePrimaryAuthor'));
      if (!state.authors.includes(command.data.authorId)) throw new NotFoundError(msg('objects.notIncluded'));
      return [{ type: 'CoauthorRemoved', data: { contributionId, authorId: command.data.authorId } }];
    case 'AddFavourite':
      if (state.contributionStatus !== 'active') throw new IllegalStateError(msg('objects.favouriteAddFailed'));
      return favouritesOf(state.data).includes(command.data.userId)
        ? []
        : [{ type: 'FavouriteAdded', data: { contributionId, userId: command.data.userId } }];
    case 'RemoveFavourite':
      if (state.contributionStatus !== 'active') throw new IllegalStateError(msg('objects.favouriteRemoveFailed'));
      return favouritesOf(state.data).includes(command.data.userId)
        ? [{ type: 'FavouriteRemoved', data: { contributionId, userId: command.data.userId } }]
        : [];
    case 'SaveComments': {
      const current = typeof state.data.comments === 'string' ? state.data.comments : '';
      return command.data.comments === current
        ? []
        : [{ type: 'CommentsSaved', data: { contributionId, comments: command.data.comments } }];
    }
    case 'RecordUpload': {
      requireType(state, 'Attachment', msg('objects.notAnAttachment'));
      const current = typeof state.data.version === 'number' ? state.data.version : 0;
      return [
        {
          type: 'AttachmentUploaded',
          data: { ...command.data, contributionId, version: current + 1, contributed: state.contributionStatus === 'unsaved' },
        },
      ];
    }
    case 'DescribeContribution': {
      const description = checkedDescription(state.type, command.data.description);
      const current = typeof state.data.description === 'string' ? state.data.description : '';
      return description === current ? [] : [{ type: 'ContributionDescribed', data: { contributionId, description } }];
    }
    case 'SetScaffoldTemplate':
      requireType(state, 'Scaffold', msg('templates.notAScaffold'));
      return (state.data.isTemplate === true) === command.data.isTemplate
        ? []
        : [{ type: 'ScaffoldTemplateChanged', data: { contributionId, isTemplate: command.data.isTemplate } }];
    case 'AddVideoComment': {
      requireType(state, 'Attachment', msg('objects.notAnAttachment'));
      const mime = typeof state.data.type === 'string' ? state.data.type : '';
      if (!mime.startsWith('video/')) throw new IllegalStateError(msg('objects.notAVideo'));
      const comment = command.data.comment.trim();
      if (!comment) throw ValidationError.field('comment', msg('objects.commentRequired'));
      return [{ type: 'VideoCommentAdded', data: { contributionId, ...command.data, comment } }];
    }
  }
};

export const decideContent = decide;

/** Folds the content events into the decider's state (others are returned unchanged). */
export const evolveContent = (state: Created, event: ContributionEvent): Created => {
  switch (event.type) {
    case 'NoteContributed':
    case 'NoteSaved': {
      const { title, body, keywords, wordCount, text4search, translations } = event.data;
      const data = { ...state.data, body, keywords, wordCount, text4search };
      return {
        ...state,
        title,
        contributionStatus: event.type === 'NoteContributed' ? 'active' : state.contributionStatus,
        data: translations
          ? { ...withTranslations(data, langInNoteOf({ data: state.data }), translations), langInNote: Object.keys(translations) }
          : data,
      };
    }
    case 'ScaffoldTemplateChanged':
      return { ...state, data: { ...state.data, isTemplate: event.data.isTemplate } };
    case 'ContributionDescribed':
      return { ...state, data: { ...state.data, description: event.data.description } };
    case 'DrawingSaved':
      return {
        ...state,
        title: event.data.title,
        contributionStatus: event.data.contributed ? 'active' : state.contributionStatus,
        data: { ...state.data, svg: event.data.svg },
      };
    case 'PermissionChanged':
      return { ...state, permission: event.data.permission, group: event.data.group };
    case 'CoauthorAdded':
      return state.authors.includes(event.data.authorId) ? state : { ...state, authors: [...state.authors, event.data.authorId] };
    case 'CoauthorRemoved':
      return { ...state, authors: state.authors.filter((id) => id !== event.data.authorId) };
    case 'FavouriteAdded':
      return { ...state, data: { ...state.data, favAuthors: [...new Set([...favouritesOf(state.data), event.data.userId])] } };
    case 'FavouriteRemoved':
      return { ...state, data: { ...state.data, favAuthors: favouritesOf(state.data).filter((id) => id !== event.data.userId) } };
    case 'CommentsSaved':
      return { ...state, data: { ...state.data, comments: event.data.comments } };
    case 'AttachmentUploaded': {
      const { version, filename, mime, size, width, height } = event.data;
      return {
        ...state,
        contributionStatus: event.data.contributed ? 'active' : state.contributionStatus,
        data: { ...state.data, version, filename, type: mime, size, width, height },
      };
    }
    case 'VideoCommentAdded':
      return { ...state, data: { ...state.data, videoComments: [...stringList(state.data.videoComments), event.data.commentId] } };
    default:
      return state;
  }
};
