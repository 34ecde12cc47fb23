import type { TypedData } from '../contributionData.ts';
import type { PromisingIdeaColour } from '../promisingIdeas.ts';
import type { Event } from './event.ts';

/**
 * Every object of a community's content — note, drawing, view, attachment,
 * scaffold, support, group, context … — has a stream `contribution-{id}`
 * holding its creation, its changes and the links that start from it.
 */
export const contributionStreamName = (contributionId: string): string => `contribution-${contributionId}`;

export { contributionTypes, type ContributionType } from '../contributionTypes.ts';

export type ContributionStatus = 'unsaved' | 'active' | 'inactive';
export type Permission = 'private' | 'protected' | 'public';

export type ContributionCreated = Event<
  'ContributionCreated',
  {
    contributionId: string;
    communityId: string;
    title: string;
    status: ContributionStatus;
    permission: Permission;
    /** Author ids (memberships), the first is the primary author. */
    authors: string[];
    group: string | null;
  } & TypedData /* `type` and its type-specific `data` (contracts/contributionData.ts: context settings, group members, note body …) */
>;

export type ContributionRetitled = Event<'ContributionRetitled', { contributionId: string; title: string }>;
export type ContributionStatusChanged = Event<'ContributionStatusChanged', { contributionId: string; status: ContributionStatus }>;

/**
 * The whole `data` of a Context after a settings save. Replaces, never merges
 * (the original's deep merge could not remove keys).
 */
export type ContextSettingsChanged = Event<'ContextSettingsChanged', { contributionId: string; data: Record<string, unknown> }>;

export type GroupMemberAdded = Event<'GroupMemberAdded', { contributionId: string; authorId: string }>;
export type GroupMemberRemoved = Event<'GroupMemberRemoved', { contributionId: string; authorId: string }>;
/**
 * A view's own display setting (`data.viewSetting`: arrows and details the
 * canvas draws); null = none of its own (the community's applies).
 */
export type ViewSettingChanged = Event<
  'ViewSettingChanged',
  {
    contributionId: string;
    viewSetting: {
      buildson: boolean;
      references: boolean;
      showGroup: boolean;
      showAuthor: boolean;
      showTime: boolean;
      language: boolean;
    } | null;
  }
>;

export const linkTypes = [
  'contains',
  'buildson',
  'references',
  'supports',
  'uses',
  'attach',
  'annotates',
  'promisings',
  'notifies',
] as const;
export type LinkType = (typeof linkTypes)[number];

/** A link, stored in the stream of the contribution it starts from. */
export type LinkCreated = Event<
  'LinkCreated',
  { linkId: string; communityId: string; from: string; to: string; type: LinkType; data: Record<string, unknown> }
>;
/** New values for some of the link's data fields (others are kept). */
export type LinkUpdated = Event<'LinkUpdated', { linkId: string; from: string; data: Record<string, unknown> }>;
export type LinkDeleted = Event<'LinkDeleted', { linkId: string; from: string }>;

// ---- contribution content (issue 6: notes, drawings, attachments, properties) ----

/**
 * What a note save carries. The server computes `wordCount` and `text4search`
 * from the checked document (contracts/noteSchema.ts); `body` is ProseMirror JSON.
 */
export type NoteContent = {
  contributionId: string;
  title: string;
  body: Record<string, unknown>;
  keywords: string[];
  wordCount: number;
  text4search: string;
  /**
   * Multilanguage notes (plugin `multilanguage`): the title and checked body
   * of each language written, by language code; `title`/`body` above are the
   * default language's (or the first written). Absent on notes saved without
   * the plugin and on events stored before it existed: the languages stay as they were.
   */
  translations?: NoteTranslations;
  /** The codes of `translations`, in order (KF6's `langInNote`). */
  langInNote?: string[];
};
/** One note's title and body per language code. */
export type NoteTranslations = Record<string, { title: string; body: Record<string, unknown> }>;
/** First contribute of a note: its content, and the note becomes active. */
export type NoteContributed = Event<'NoteContributed', NoteContent>;
/** A later save of a note's content. */
export type NoteSaved = Event<'NoteSaved', NoteContent>;
/** A drawing's title and sanitised SVG; the first one makes the drawing active (`contributed`). */
export type DrawingSaved = Event<'DrawingSaved', { contributionId: string; title: string; svg: string; contributed: boolean }>;
export type PermissionChanged = Event<'PermissionChanged', { contributionId: string; permission: Permission; group: string | null }>;
export type CoauthorAdded = Event<'CoauthorAdded', { contributionId: string; authorId: string }>;
export type CoauthorRemoved = Event<'CoauthorRemoved', { contributionId: string; authorId: string }>;
/** `userId` is a user id, as in the original (`data.favAuthors`). */
export type FavouriteAdded = Event<'FavouriteAdded', { contributionId: string; userId: string }>;
export type FavouriteRemoved = Event<'FavouriteRemoved', { contributionId: string; userId: string }>;
/** A manager's comment on a contribution, shown in the search table (`data.comments`, spec part 1 §7 savecomments); '' removes it. */
export type CommentsSaved = Event<'CommentsSaved', { contributionId: string; comments: string }>;
/**
 * A new version of an attachment's file (versions start at 1; old ones stay
 * in the blob store). `blobKey` names the bytes; the file name is only a label.
 * The first upload makes the attachment active (`contributed`).
 */
export type AttachmentUploaded = Event<
  'AttachmentUploaded',
  {
    contributionId: string;
    version: number;
    filename: string;
    mime: string;
    size: number;
    width: number | null;
    height: number | null;
    blobKey: string;
    contributed: boolean;
  }
>;
/**
 * The text alternative of a drawing or an attachment (issue 25 §4),
 * `data.description`: what a screen reader says in place of the picture.
 * An empty description removes it.
 */
export type ContributionDescribed = Event<'ContributionDescribed', { contributionId: string; description: string }>;
/** A scaffold is (or stops being) a template for new notes (`data.isTemplate`). */
export type ScaffoldTemplateChanged = Event<'ScaffoldTemplateChanged', { contributionId: string; isTemplate: boolean }>;
/** A time-tagged comment on a video attachment. */
export type VideoCommentAdded = Event<
  'VideoCommentAdded',
  { contributionId: string; commentId: string; authorId: string; time: number; comment: string }
>;

/**
 * An annotation's new text and visibility (issue 6, item 8). Its creation is a
 * `ContributionCreated` (type Annotation) with its `annotates` link; its
 * removal makes it inactive and deletes the link.
 */
export type AnnotationEdited = Event<'AnnotationEdited', { contributionId: string; text: string; permission: 'private' | 'protected' }>;

/**
 * A promising idea's new reason and colour (issue 14 §3; its creator or a
 * manager edits them). The idea itself stays the passage of the note it marks.
 */
export type PromisingIdeaEdited = Event<'PromisingIdeaEdited', { contributionId: string; reason: string; color: PromisingIdeaColour }>;

export type ContributionEvent =
  | ContributionCreated
  | ContributionRetitled
  | ContributionStatusChanged
  | ContextSettingsChanged
  | GroupMemberAdded
  | GroupMemberRemoved
  | ViewSettingChanged
  | LinkCreated
  | LinkUpdated
  | LinkDeleted
  | NoteContributed
  | NoteSaved
  | DrawingSaved
  | PermissionChanged
  | CoauthorAdded
  | CoauthorRemoved
  | FavouriteAdded
  | FavouriteRemoved
  | CommentsSaved
  | AttachmentUploaded
  | VideoCommentAdded
  | ScaffoldTemplateChanged
  | AnnotationEdited
  | ContributionDescribed
  | PromisingIdeaEdited;
