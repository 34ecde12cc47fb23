import Type, { type Static } from 'typebox';
import { promisingIdeaLimits } from '../promisingIdeas.ts';
import { ObjectIdSchema } from './common.ts';

/**
 * Promising ideas (issue 14 §3, spec part 2 §2, fact sheet §1.3, §7, §10.4).
 * A promising idea is a contribution of type `promisingIdeaobj` (active,
 * protected, one author; data {idea, reason, color, noteId, ranges}) with a
 * `promisings` link to its note. Whoever may read the note sees its ideas;
 * the plugin `promisingnessidea` of the community must be on.
 */

const idList = Type.String({
  pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,79}$',
  maxLength: 2000,
  description: 'Comma-separated 24-hex ids (at most 80, as the selectors offer)',
});

/** Spec part 2 §9 (contracts/promisingIdeas.ts `promisingIdeaColours`, same order). */
export const PromisingIdeaColourSchema = Type.Union([
  Type.Literal('none'),
  Type.Literal('yellow'),
  Type.Literal('red'),
  Type.Literal('blue'),
  Type.Literal('green'),
  Type.Literal('pink'),
  Type.Literal('violet'),
  Type.Literal('purple'),
  Type.Literal('orange'),
]);

export const PromisingIdeaCommunityParams = Type.Object({ communityId: ObjectIdSchema });
export const PromisingIdeaNoteParams = Type.Object({ communityId: ObjectIdSchema, noteId: ObjectIdSchema });
export const PromisingIdeaIdParams = Type.Object({ ideaId: ObjectIdSchema });

/** POST /api/promisingideas/{communityId}/{noteId}: a passage of the note's text (Read tab), its colour and reason. */
export const CreatePromisingIdeaBody = Type.Object(
  {
    /** The selected text. */
    idea: Type.String({ minLength: 1, maxLength: promisingIdeaLimits.idea }),
    /** Where it is in the note's annotation text (contracts/annotations.ts); the text decides when they disagree. */
    start: Type.Optional(Type.Integer({ minimum: 0 })),
    end: Type.Optional(Type.Integer({ minimum: 1 })),
    color: PromisingIdeaColourSchema,
    reason: Type.String({ maxLength: promisingIdeaLimits.reason }),
  },
  { additionalProperties: false },
);
export type CreatePromisingIdeaBody = Static<typeof CreatePromisingIdeaBody>;

/** PUT /api/promisingideas/ideas/{ideaId}: the idea's new reason and colour (the passage it marks stays). */
export const EditPromisingIdeaBody = Type.Object(
  {
    color: PromisingIdeaColourSchema,
    reason: Type.String({ maxLength: promisingIdeaLimits.reason }),
  },
  { additionalProperties: false },
);
export type EditPromisingIdeaBody = Static<typeof EditPromisingIdeaBody>;

/** GET /api/promisingideas/{communityId}: the filters (all optional). */
export const PromisingIdeasQuery = Type.Object(
  {
    /** The notes of these views (default: every note of the community I may read). */
    views: Type.Optional(idList),
    /** The ideas of one note (the Read tab). */
    note: Type.Optional(ObjectIdSchema),
    colour: Type.Optional(PromisingIdeaColourSchema),
    minHits: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    reason: Type.Optional(Type.String({ maxLength: 200 })),
    /** An author id. */
    user: Type.Optional(ObjectIdSchema),
    keyword: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type PromisingIdeasQuery = Static<typeof PromisingIdeasQuery>;

/** One row of the table (spec part 2 §3: promisingidea, reason, inContributionTitle, author, date, contribution, color, colordetail). */
export const PromisingIdeaSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  noteId: ObjectIdSchema,
  noteTitle: Type.String(),
  idea: Type.String(),
  /** '' when none was given (the table shows 'None'). */
  reason: Type.String(),
  color: PromisingIdeaColourSchema,
  /** The community's label of the colour, '' when unassigned. */
  colourLabel: Type.String(),
  authorId: ObjectIdSchema,
  authorName: Type.String(),
  created: Type.String(),
  /** When its reason or colour last changed, else its creation: the table's date (fact sheet §7). */
  modified: Type.String(),
  /** 1 + the ideas it overlaps (fact sheet §7). */
  hitCount: Type.Integer(),
  /** Another idea holds this one: left out by the hit-count filter. */
  overlapped: Type.Boolean(),
  /** The ideas this one holds. */
  overlaps: Type.Array(ObjectIdSchema),
  /** false when the note's text no longer holds the idea (spec part 2 §8: the content no longer exists). */
  contentExists: Type.Boolean(),
  /** Its author or a manager may edit or delete it (spec part 1 §8, part 2 §6). */
  editable: Type.Boolean(),
});
export type PromisingIdea = Static<typeof PromisingIdeaSchema>;

export const PromisingIdeaListSchema = Type.Object({
  ideas: Type.Array(PromisingIdeaSchema),
  /** Ideas before the filters. */
  total: Type.Integer(),
  /** Every colour with its label ('' when unassigned), in the spec's order. */
  colours: Type.Array(Type.Object({ color: PromisingIdeaColourSchema, label: Type.String() })),
  /** The authors of the ideas before the filters (the user filter's choices). */
  authors: Type.Array(Type.Object({ _id: ObjectIdSchema, name: Type.String() })),
});
export type PromisingIdeaList = Static<typeof PromisingIdeaListSchema>;

/** POST /api/promisingideas/{communityId}/pool: a "PI Pool" note citing the chosen ideas, placed in each chosen view. */
export const CreatePiPoolBody = Type.Object(
  {
    ideaIds: Type.Array(ObjectIdSchema, { maxItems: promisingIdeaLimits.poolIdeas }),
    title: Type.String({ maxLength: 500 }),
    viewIds: Type.Array(ObjectIdSchema, { maxItems: promisingIdeaLimits.poolViews }),
  },
  { additionalProperties: false },
);
export type CreatePiPoolBody = Static<typeof CreatePiPoolBody>;

export const PiPoolReplySchema = Type.Object({
  noteId: ObjectIdSchema,
  /** One ref per chosen view. */
  refs: Type.Array(Type.Object({ viewId: ObjectIdSchema, linkId: ObjectIdSchema })),
});
export type PiPoolReply = Static<typeof PiPoolReplySchema>;
