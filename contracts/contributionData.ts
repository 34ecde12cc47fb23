import type { AnnotationRange } from './annotations.ts';
import type { ContextData, ViewSetting } from './api/communities.ts';
import type { ContributionType } from './contributionTypes.ts';

/**
 * The type-specific `data` of a contribution (issue 22 §7), one shape per
 * contribution type, as the server writes it (the contribution events folded
 * by projections/contributions) and the API answers it. Paired with `type`
 * (`TypedData`), it is a discriminated union: code narrows on the type
 * (`if (doc.type === 'Drawing') doc.data.svg`) instead of casting.
 *
 * Every field is optional: contributions stored by earlier versions, or
 * created before their first save, lack some, and readers keep their
 * run-time checks for data they did not write themselves. The route schemas
 * that check what clients send are unchanged (contracts/api/*).
 */

/** Anything readable may be someone's favourite: the user ids (spec part 1 §7). */
type Favourites = {
  favAuthors?: string[];
  /** A manager's comment, shown in the search table (PUT /api/objects/{communityId}/{id}/savecomments). */
  comments?: string;
};

/** A note's body: ProseMirror JSON checked against contracts/noteSchema.ts. */
export type NoteBody = Record<string, unknown>;

/** Whether a stored value may be a body (any object: a multilanguage note's `data[lang]` is read by a key the type cannot know). */
export const isNoteBody = (value: unknown): value is NoteBody => typeof value === 'object' && value !== null;

export type NoteData = Favourites & {
  body?: NoteBody;
  /** The scaffold template the note was started from (its id). */
  template?: string;
  /** A rise-above note: the view that holds the notes it rose above. */
  riseabove?: { viewId: string };
  /** Multilanguage notes: the languages written (also at the top of the document). */
  langInNote?: string[];
  /**
   * Multilanguage notes: `data[lang]` is the body and `data[lang + '_title']`
   * the title of each written language (contracts/multilanguage.ts), keys
   * that depend on the community's languages.
   */
  [languageKey: string]: unknown;
};

export type DrawingData = Favourites & {
  /** The sanitised SVG (contracts/svgMarkup.ts); a new drawing holds an empty one. */
  svg?: string;
  /** A text alternative of the drawing, for readers who cannot see it. */
  description?: string;
};

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

/** A time-tagged comment on a video attachment (`data.videoComments`). */
export type VideoCommentData = { id: string; authorId: string; time: number; comment: string };

export type AttachmentData = Favourites & {
  /** The current version (0 before the first upload). */
  version?: number;
  filename?: string;
  /** The MIME type of the current version (KF6's name for it). */
  type?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  /** Where readers fetch the current version. */
  url?: string;
  uploadTS?: string;
  /** Every version, oldest first. */
  versions?: AttachmentVersion[];
  videoComments?: VideoCommentData[];
  /** A text alternative of the file (an image's content), for readers who cannot see it. */
  description?: string;
};

export type ViewData = Favourites & {
  /** The view's own display setting; absent: the community's applies. */
  viewSetting?: Partial<ViewSetting>;
};

/** A context's settings (a community's root context: spec part 1 §3), as saved; older ones lack some (completeContextData). */
export type ContextStoredData = Favourites & Partial<ContextData>;

export type GroupData = Favourites & {
  /** Member author ids, in the order they joined. */
  members?: string[];
};

export type ScaffoldData = Favourites & {
  /** A template for new notes (issue 6). */
  isTemplate?: boolean;
};

export type SupportData = Favourites;

/** An annotation of a note (Knowledge Forum's annotator). */
export type AnnotationData = Favourites & {
  /** The annotated note. */
  modelId?: string;
  /** Its `annotates` link. */
  linkId?: string;
  ranges?: AnnotationRange[];
  quote?: string;
  text?: string;
  /** The authors of a private annotation; empty when protected. */
  permissions?: { read: string[] };
};

/** Knowledge Forum's promising-idea objects: kept as they came. */
export type PromisingIdeaData = Favourites & Record<string, unknown>;

export type ContributionDataByType = {
  Note: NoteData;
  Drawing: DrawingData;
  Context: ContextStoredData;
  View: ViewData;
  Attachment: AttachmentData;
  Annotation: AnnotationData;
  Scaffold: ScaffoldData;
  Support: SupportData;
  Group: GroupData;
  promisingIdeacolorobj: PromisingIdeaData;
  promisingIdeaobj: PromisingIdeaData;
};

/** The data of a contribution of type `T`. */
export type DataOf<T extends ContributionType> = ContributionDataByType[T];

/** The data of any contribution. */
export type ContributionData = ContributionDataByType[ContributionType];

/** `type` and its `data`: the discriminated union a contribution document or reply is made of. */
export type TypedData = { [T in ContributionType]: { type: T; data: ContributionDataByType[T] } }[ContributionType];

/** A contribution (any shape holding `type` and `data`) of type `T`. */
export type OfType<C extends TypedData, T extends ContributionType> = Extract<C, { type: T }>;

/**
 * Narrows a contribution to one type: `if (isOfType(doc, 'Group')) doc.data.members`.
 * Null and undefined (a contribution not found) are of no type.
 */
export const isOfType = <C extends TypedData, T extends ContributionType>(
  contribution: C | null | undefined,
  type: T,
): contribution is OfType<C, T> => contribution?.type === type;

/** The data of a contribution of `type` (undefined when it is of another type, or missing). */
export const dataOf = <T extends ContributionType>(
  contribution: TypedData | null | undefined,
  type: T,
): OfType<TypedData, T>['data'] | undefined => (isOfType(contribution, type) ? contribution.data : undefined);

/** A note's body (undefined for anything else, or a note never saved). */
export const noteBodyOf = (contribution: TypedData | null | undefined): NoteBody | undefined =>
  isOfType(contribution, 'Note') ? contribution.data.body : undefined;

/** A context's stored settings (undefined for anything else: a community's root context is always one). */
export const contextSettingsOf = (contribution: TypedData | null | undefined): ContextStoredData | undefined =>
  isOfType(contribution, 'Context') ? contribution.data : undefined;

/** The types that carry a text alternative (`data.description`, issue 25 §4). */
export const describedTypes: ReadonlySet<string> = new Set(['Drawing', 'Attachment']);

/** A drawing's or an attachment's text alternative; '' when it has none (or for another type). */
export const descriptionOf = (contribution: TypedData): string => {
  const description = contribution.type === 'Drawing' || contribution.type === 'Attachment' ? contribution.data.description : undefined;
  return typeof description === 'string' ? description.trim() : '';
};
