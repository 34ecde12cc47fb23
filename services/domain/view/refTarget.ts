import type { ReadState, RefTarget } from '../../../contracts/api/views.ts';
import { descriptionOf, type TypedData } from '../../../contracts/contributionData.ts';
import { titlesOf } from '../../../contracts/multilanguage.ts';
import { riseaboveViewIdOf } from './riseAbove.ts';

/**
 * The one shaper of what a reader sees of a placed contribution (a ref's
 * `_to`, issue 22 §3): the loaded canvas, the live push (through the same
 * loader) and the time machine's replay all call `shapeRefTarget`, so they
 * cannot disagree on a title, a name, a permission or a read state.
 *
 * Pure: the callers gather the inputs (author names in the community's name
 * order, the group's title, the reader's read state) from the read models
 * now or from the replayed world then. Whether the reader may see the
 * contribution at all is decided before: `isOnCanvas` here plus the access
 * rule (`canRead` now, `mayReadPast` in the past).
 */

/** A contribution as the shaper reads it (a read-model document, or its replayed state). */
export type ShapedContribution = {
  _id: string;
  communityId: string;
  title: string;
  status: string;
  permission: string;
  authors: readonly string[];
  group: string | null;
  created: string;
  modified: string;
  langInNote?: readonly string[];
} & TypedData;

/** Who reads: their membership id (for "by me") and user id (favourites are kept by user). */
export type TargetReader = { authorId: string; userId: string };

/** What the shaper needs beside the contribution. */
export type TargetInputs = {
  /** An author's name as the community shows it ('' when unknown). */
  authorName: (authorId: string) => string;
  /** The title of the contribution's group, when it has one. */
  groupTitle: string | null;
  /** The reader's read state of the contribution. */
  read: ReadState;
  /**
   * The note holds a promising idea (issue 14 §3) while the community's
   * plugin is on: the canvas marks it as it marks a PI Pool note. The callers
   * know it from the ideas read model now or the replayed ideas then.
   */
  holdsPromisingIdea?: boolean;
  /**
   * The supports the note uses (its `supports` links), for the canvas's
   * filter panel. The time machine does not follow supports and leaves it out.
   */
  supports?: readonly string[];
  /**
   * A link to an image version that an `<img>` can load (signed, expiring):
   * the live canvas signs; the time machine keeps frames for minutes and
   * answers the stored link.
   */
  imageUrl?: (url: string, version: number) => string;
};

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Whether a contribution can be on this community's canvases at all (active, of this community). */
export const isOnCanvas = (doc: Pick<ShapedContribution, 'status' | 'communityId'> | undefined, communityId: string): boolean =>
  doc !== undefined && doc.status === 'active' && doc.communityId === communityId;

/** What `reader` sees of `doc` on a canvas. */
export const shapeRefTarget = (doc: ShapedContribution, reader: TargetReader, inputs: TargetInputs): RefTarget => {
  /* Fields read whatever the type: the languages a note was written in, and Knowledge Forum's promising-idea mark, which no type declares. */
  const fields: Readonly<Record<string, unknown>> = doc.data;
  const out: RefTarget = {
    _id: doc._id,
    type: doc.type,
    title: doc.title,
    status: doc.status,
    permission: doc.permission,
    authors: [...doc.authors],
    authorNames: doc.authors.map((id) => inputs.authorName(id)),
    group: doc.group,
    groupTitle: inputs.groupTitle,
    created: doc.created,
    modified: doc.modified,
    langInNote: strings(doc.langInNote ?? fields.langInNote),
    read: inputs.read,
    byMe: doc.authors.includes(reader.authorId),
    favourite: strings(doc.data.favAuthors).includes(reader.userId),
    riseaboveViewId: riseaboveViewIdOf(doc),
    promising: Boolean(fields.promisingContains) || inputs.holdsPromisingIdea === true,
  };
  if (inputs.supports) out.supports = [...inputs.supports];
  if (out.langInNote.length > 0) out.titles = titlesOf({ langInNote: out.langInNote, data: fields });
  if (doc.type === 'Drawing' && typeof doc.data.svg === 'string') out.svg = doc.data.svg;
  // A picture's text alternative (issue 25 §4): the canvas card's image is named by it.
  const description = descriptionOf(doc);
  if (description) out.description = description;
  if (doc.type === 'Attachment' && typeof doc.data.url === 'string') {
    const { url: stored, type, version: rawVersion, width: rawWidth, height: rawHeight } = doc.data;
    const mime = typeof type === 'string' ? type : 'application/octet-stream';
    const version = num(rawVersion);
    const url = inputs.imageUrl && mime.startsWith('image/') && version !== undefined ? inputs.imageUrl(stored, version) : stored;
    const attachment: NonNullable<RefTarget['attachment']> = { url, mime };
    const width = num(rawWidth);
    const height = num(rawHeight);
    if (width !== undefined) attachment.width = width;
    if (height !== undefined) attachment.height = height;
    out.attachment = attachment;
  }
  return out;
};
