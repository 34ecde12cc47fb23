import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';
import { AuthorNameSchema } from './objects.ts';

/**
 * Annotations (issue 6, item 8): passages of a note a reader selected in the
 * Read tab, with a text. An annotation is a contribution of type Annotation
 * (status active, title "an Annotation", data {ranges, quote, text,
 * permissions: {read}, linkId, modelId}) linked to its note by an `annotates`
 * link (Annotation → Note). Private: its authors (and managers) only, and
 * `permissions.read` lists its authors; protected: every reader of the note,
 * and `permissions.read` is empty (fact sheet §1.3). Only its authors and
 * managers change or delete it; nobody sees it who cannot read the note.
 */

/** Largest annotation text and quote, in characters. */
export const annotationLimits = { text: 5_000, quote: 10_000, ranges: 20 } as const;

/** Title of every annotation (fact sheet §1.3). */
export const annotationTitle = 'an Annotation';

/** Character offsets into the note's annotation text (contracts/annotations.ts). */
export const AnnotationRangeSchema = Type.Object(
  { start: Type.Integer({ minimum: 0 }), end: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const AnnotationVisibilitySchema = Type.Union([Type.Literal('private'), Type.Literal('protected')]);
export type AnnotationVisibility = Static<typeof AnnotationVisibilitySchema>;

export const NoteIdParams = Type.Object({ id: ObjectIdSchema });
export const NoteInCommunityParams = Type.Object({ communityId: ObjectIdSchema, id: ObjectIdSchema });
export const AnnotationIdParams = Type.Object({ annotationId: ObjectIdSchema });

/** POST /api/objects/{communityId}/{noteId}/annotations. */
export const CreateAnnotationBody = Type.Object(
  {
    ranges: Type.Array(AnnotationRangeSchema, { minItems: 1, maxItems: annotationLimits.ranges }),
    /** The note's text from the first start to the last end. */
    quote: Type.String({ minLength: 1, maxLength: annotationLimits.quote }),
    text: Type.String({ maxLength: annotationLimits.text }),
    /** private: only me (and managers); protected (default): everyone who may read the note. */
    permission: Type.Optional(AnnotationVisibilitySchema),
  },
  { additionalProperties: false },
);
export type CreateAnnotationBody = Static<typeof CreateAnnotationBody>;

/** PUT /api/annotations/{annotationId}: a new text and/or visibility. */
export const UpdateAnnotationBody = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: annotationLimits.text })),
    permission: Type.Optional(AnnotationVisibilitySchema),
  },
  { additionalProperties: false },
);
export type UpdateAnnotationBody = Static<typeof UpdateAnnotationBody>;

/**
 * POST /api/contributions/{communityId} with type Annotation (spec part 1 §7,
 * as Knowledge Forum's annotator sent it): `data.modelId` is the note;
 * a non-empty `data.permissions.read` makes it private.
 */
export const SpecAnnotationBody = Type.Object(
  {
    type: Type.Literal('Annotation'),
    title: Type.Optional(Type.String({ maxLength: 500 })),
    data: Type.Object({
      modelId: ObjectIdSchema,
      ranges: Type.Array(AnnotationRangeSchema, { minItems: 1, maxItems: annotationLimits.ranges }),
      quote: Type.String({ minLength: 1, maxLength: annotationLimits.quote }),
      text: Type.String({ maxLength: annotationLimits.text }),
      permissions: Type.Optional(Type.Object({ read: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }) })),
    }),
  },
  { additionalProperties: false },
);
export type SpecAnnotationBody = Static<typeof SpecAnnotationBody>;

/** An annotation as its readers get it. */
export const AnnotationSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  /** The annotated note. */
  noteId: ObjectIdSchema,
  /** The `annotates` link. */
  linkId: ObjectIdSchema,
  text: Type.String(),
  quote: Type.String(),
  /** As stored (offsets into the note's text when it was annotated). */
  ranges: Type.Array(AnnotationRangeSchema),
  /** Where the quote is in the note now (re-anchored if the note changed); null when it is no longer there. */
  anchor: Type.Union([Type.Array(AnnotationRangeSchema), Type.Null()]),
  permission: AnnotationVisibilitySchema,
  /** Knowledge Forum's annotator permissions: `read` lists the authors of a private annotation, empty when protected. */
  permissions: Type.Object({ read: Type.Array(Type.String()) }),
  authors: Type.Array(ObjectIdSchema),
  authorNames: Type.Array(AuthorNameSchema),
  created: Type.String(),
  modified: Type.String(),
  /** The caller may change and delete it (its authors, managers). */
  editable: Type.Boolean(),
});
export type Annotation = Static<typeof AnnotationSchema>;

export const AnnotationListSchema = Type.Array(AnnotationSchema);
