import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';
import { AuthorSchema, CommunityInfoSchema, ViewSummarySchema } from './communities.ts';
import { ViewLinkSchema, ViewRefSchema } from './views.ts';

/**
 * The time machine (spec part 2 §2 and §4, fact sheet §2): a view's canvas
 * replayed from the event stream of the view and of every contribution ever
 * placed on it, for one reader.
 *
 * ## Model
 *
 * - A **step** is one change of what this reader's canvas shows, in global
 *   event order: a ref placed, moved/resized/pinned, removed; a placed
 *   contribution retitled, becoming active (a note placed while unsaved
 *   appears when it is contributed), hidden or shown by a permission, author or
 *   group change, made inactive; a build-on/reference arrow among shown refs
 *   appearing or disappearing. Changes that show nothing new to this reader
 *   (a body edit, a move of a private note they cannot read) are not steps, so
 *   every step is visible.
 * - **Frame** `i` is the canvas after steps `0..i`; frame `-1` is the empty
 *   canvas. Titles, author names, group and visibility are those in force at
 *   the step's instant, computed from the contributions' own streams.
 * - `startsAt` = time of the first step − 6 s (where the timeline begins at
 *   frame −1); null when the view has no step.
 *
 * ## Exact step / back-step (local playback)
 *
 * Every step with deltas (`GET …/steps`) carries `before` and `after` of its
 * ref (null = absent) and the arrows it adds and removes:
 *
 *   forward:  after === null ? refs.delete(refId) : refs.set(refId, after);
 *             links: delete each of `links.removed`, then set each of `links.added`
 *   backward: before === null ? refs.delete(refId) : refs.set(refId, before);
 *             links: delete each of `links.added`, then set each of `links.removed`
 *
 * Folding the steps `0..i` forward from the empty canvas gives exactly frame
 * `i` of `GET …/frame/{i}` (refs are a set keyed by `_id`; the server sorts
 * them by `created`, then `_id`). A ref inside a frame is the ref as of its
 * last step: fields whose change is not a step (`_to.modified`, `_to.read`,
 * `_to.favourite`) keep the value of that instant.
 */

export const TimeMachineStepKindSchema = Type.Union([Type.Literal('created'), Type.Literal('modified'), Type.Literal('deleted')]);
export type TimeMachineStepKind = Static<typeof TimeMachineStepKindSchema>;

/**
 * What a step did, finer than its kind, for captions that say what happened
 * (issue 21 §8). Appearing: `contributed` (a new contribution published),
 * `builtOn` (a new build-on; `other` is the note built on), `risenAbove` (a
 * rise-above created), `placed` (an existing contribution added to the view),
 * `shared` (made readable by a permission change), `shown` (readable again for
 * another reason: a group, a role). Changing: `moved`, `resized`, `arranged`
 * (pinned, locked, display), `retitled`, `edited`, `permission`, `authors`,
 * `linkedBuildOn` / `linkedReference` (an arrow to `other` appeared),
 * `unlinked` (an arrow to `other` went). Disappearing: `movedInto` (into the
 * rise-above `other`), `movedIntoView` (into the view `other`), `removed`
 * (taken off the view), `deleted` (the contribution itself), `unshared` (made
 * unreadable by a permission change), `hidden` (unreadable for another reason).
 */
export const TimeMachineStepActionSchema = Type.Union([
  Type.Literal('contributed'),
  Type.Literal('builtOn'),
  Type.Literal('risenAbove'),
  Type.Literal('placed'),
  Type.Literal('shared'),
  Type.Literal('shown'),
  Type.Literal('moved'),
  Type.Literal('resized'),
  Type.Literal('arranged'),
  Type.Literal('retitled'),
  Type.Literal('edited'),
  Type.Literal('permission'),
  Type.Literal('authors'),
  Type.Literal('linkedBuildOn'),
  Type.Literal('linkedReference'),
  Type.Literal('unlinked'),
  Type.Literal('movedInto'),
  Type.Literal('movedIntoView'),
  Type.Literal('removed'),
  Type.Literal('deleted'),
  Type.Literal('unshared'),
  Type.Literal('hidden'),
]);
export type TimeMachineStepAction = Static<typeof TimeMachineStepActionSchema>;
/** Every action, in the order above. */
export const timeMachineStepActions: readonly TimeMachineStepAction[] = TimeMachineStepActionSchema.anyOf.map((literal) => literal.const);

/** The other contribution a step names (readable by the reader then and now), with its title then. */
export const TimeMachineStepOtherSchema = Type.Object({ contributionId: ObjectIdSchema, title: Type.String() });
export type TimeMachineStepOther = Static<typeof TimeMachineStepOtherSchema>;

/** One item of the timeline (no deltas: the history list stays small). */
export const TimeMachineStepSchema = Type.Object({
  /** 0-based; frame `index` is the canvas after this step. */
  index: Type.Integer({ minimum: 0 }),
  /** Global position of the event that caused it (several steps may share one). */
  position: Type.Integer({ minimum: 0 }),
  /** ISO instant of the event. */
  time: Type.String(),
  /** User id of whoever made the change (null for system actions). */
  actorId: Type.Union([ObjectIdSchema, Type.Null()]),
  /** Their name in the community as of that instant ('' when unknown). */
  actorName: Type.String(),
  /** created = appears on this canvas, deleted = disappears, modified = changes. */
  kind: TimeMachineStepKindSchema,
  /** The ref (`contains` link) id. */
  refId: ObjectIdSchema,
  /** The placed contribution. */
  contributionId: ObjectIdSchema,
  /** The contribution's title as of that instant. */
  title: Type.String(),
  /** What happened (issue 21 §8). */
  action: TimeMachineStepActionSchema,
  /** The rise-above or view it moved into, the note it builds on, the note an arrow joins it to; null when none (or not readable). */
  other: Type.Union([TimeMachineStepOtherSchema, Type.Null()]),
});
export type TimeMachineStep = Static<typeof TimeMachineStepSchema>;

export const TimeMachineLinkDeltaSchema = Type.Object({
  added: Type.Array(ViewLinkSchema),
  removed: Type.Array(ViewLinkSchema),
});
export type TimeMachineLinkDelta = Static<typeof TimeMachineLinkDeltaSchema>;

/** A step with what it replaces: applying it and undoing it are exact inverses. */
export const TimeMachineDeltaStepSchema = Type.Object({
  ...TimeMachineStepSchema.properties,
  before: Type.Union([ViewRefSchema, Type.Null()]),
  after: Type.Union([ViewRefSchema, Type.Null()]),
  links: TimeMachineLinkDeltaSchema,
});
export type TimeMachineDeltaStep = Static<typeof TimeMachineDeltaStepSchema>;

/** GET /api/timemachine/{viewId}: the header and the timeline. */
export const TimeMachineHistoryReplySchema = Type.Object({
  view: ViewSummarySchema,
  community: CommunityInfoSchema,
  /** The caller's membership (an admin who is not a member appears as a manager). */
  me: AuthorSchema,
  /** The caller may not edit the view today (the time machine itself never writes). */
  readOnly: Type.Boolean(),
  /** First step − 6 s; null without steps. */
  startsAt: Type.Union([Type.String(), Type.Null()]),
  /** Time of the last step; null without steps. */
  endsAt: Type.Union([Type.String(), Type.Null()]),
  steps: Type.Array(TimeMachineStepSchema),
});
export type TimeMachineHistoryReply = Static<typeof TimeMachineHistoryReplySchema>;

/** GET /api/timemachine/{viewId}/frame/{index} and …/at?time= */
export const TimeMachineFrameReplySchema = Type.Object({
  viewId: ObjectIdSchema,
  /** −1 = the empty canvas before the first step. */
  index: Type.Integer({ minimum: -1 }),
  /** Total number of steps (the last frame is `count − 1`). */
  count: Type.Integer({ minimum: 0 }),
  /** The step's time; `startsAt` at frame −1 (null without steps). */
  time: Type.Union([Type.String(), Type.Null()]),
  refs: Type.Array(ViewRefSchema),
  /** Build-on and reference arrows among the frame's refs. */
  links: Type.Array(ViewLinkSchema),
});
export type TimeMachineFrameReply = Static<typeof TimeMachineFrameReplySchema>;

/** GET /api/timemachine/{viewId}/steps?from=&count= */
export const TimeMachineStepsReplySchema = Type.Object({
  from: Type.Integer({ minimum: 0 }),
  /** Total number of steps. */
  total: Type.Integer({ minimum: 0 }),
  steps: Type.Array(TimeMachineDeltaStepSchema),
});
export type TimeMachineStepsReply = Static<typeof TimeMachineStepsReplySchema>;

export const TimeMachineParams = Type.Object({ viewId: ObjectIdSchema });
export const TimeMachineFrameParams = Type.Object({ viewId: ObjectIdSchema, index: Type.Integer({ minimum: -1 }) });
export const TimeMachineAtQuery = Type.Object({ time: Type.String({ minLength: 1, maxLength: 40, description: 'ISO-8601 instant' }) });
export const TimeMachineStepsQuery = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000 })),
});

/** GET /api/communities/{communityId}/kbdex.csv: which notes, as of when (researchers' KBDeX file). */
export const KbdexQuery = Type.Object({
  at: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 40, description: 'The community as it was at this instant (default: now)' }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40, description: 'Only notes contributed at or after this instant' })),
  views: Type.Optional(
    Type.String({
      pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,199}$',
      description: 'Comma-separated view ids: only notes placed in these views',
    }),
  ),
  title: Type.Optional(Type.Boolean({ default: false, description: "Put each note's title before its text" })),
  private: Type.Optional(Type.Boolean({ default: false, description: 'Include private notes' })),
  pseudonymise: Type.Optional(
    Type.Boolean({
      default: false,
      description: "Authors as pseudonyms (the research API's) and members' names masked in the texts; always so for a researcher",
    }),
  ),
});
