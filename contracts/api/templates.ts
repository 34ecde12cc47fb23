import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';
import { ScaffoldSchema } from './communities.ts';

/**
 * Note templates (spec part 1 §2 "Below the editor: new note from template"):
 * a template is a scaffold of the community marked `data.isTemplate` by a
 * manager. A new note from a template starts with the template's supports as
 * support nodes, builds on the note whose window it was asked from, and is
 * placed at that note's ref +100,+100 in the current view.
 */

/** PUT /api/scaffolds/{scaffoldId}/template (managers). */
export const SetTemplateBody = Type.Object({ isTemplate: Type.Boolean() }, { additionalProperties: false });
export const ScaffoldIdParams = Type.Object({ scaffoldId: ObjectIdSchema });

/** A template: the scaffold and its supports in order. */
export const TemplateSchema = Type.Object({ ...ScaffoldSchema.properties, isTemplate: Type.Boolean() });
export type Template = Static<typeof TemplateSchema>;

/** POST /api/contributions/{communityId}/fromtemplate. */
export const FromTemplateBody = Type.Object(
  {
    /** A template scaffold of this community. */
    templateId: ObjectIdSchema,
    /** The view the window was opened from: the new note's ref goes there (+100,+100 from the parent's ref). */
    viewId: Type.Optional(ObjectIdSchema),
    /** The note the new one builds on (the one whose window asked). */
    buildsOn: Type.Optional(ObjectIdSchema),
  },
  { additionalProperties: false },
);
export type FromTemplateBody = Static<typeof FromTemplateBody>;

/** Offset of a note made from a template from its parent's ref (fact sheet §10.3). */
export const templateOffset = 100;
