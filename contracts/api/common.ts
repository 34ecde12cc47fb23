import Type, { type Static } from 'typebox';
import { objectIdPattern } from '../ids.ts';

export const ObjectIdSchema = Type.String({ pattern: objectIdPattern, description: '24-hex ObjectId' });

export const IdParams = Type.Object({ id: ObjectIdSchema });
export type IdParams = Static<typeof IdParams>;

export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

/** RFC 9457 problem details (see contracts/errors.ts). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    message: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
  },
  { $id: 'Problem' },
);

/** The error answers every route may give, for its `response` schema. */
export const problemResponses = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  429: ProblemSchema,
} as const;

export const MessageSchema = Type.Object({ message: Type.String() });
