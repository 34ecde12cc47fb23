import Type, { type Static } from 'typebox';
import { objectIdPattern } from '../ids.ts';
import type { MessageCode } from '../messageCodes.ts';

export const ObjectIdSchema = Type.String({ pattern: objectIdPattern, description: '24-hex ObjectId' });

export const IdParams = Type.Object({ id: ObjectIdSchema });
export type IdParams = Static<typeof IdParams>;

/** Values a message's wording needs (contracts/messageCodes.ts `MessageParams`). */
export const MessageParamsSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

/** A code of contracts/messageCodes.ts (`<catalog>.<key>`). */
export const MessageCodeSchema = Type.Unsafe<MessageCode>(
  Type.String({ description: 'a code of contracts/messageCodes.ts, e.g. messages.loginFailed' }),
);

/** A message as a code the web client translates, with its params (contracts/messageCodes.ts). */
export const CodedMessageSchema = Type.Object({ messageCode: MessageCodeSchema, params: Type.Optional(MessageParamsSchema) });

export const FieldErrorSchema = Type.Object({
  field: Type.String(),
  message: Type.String(),
  messageCode: Type.Optional(MessageCodeSchema),
  params: Type.Optional(MessageParamsSchema),
});

/** RFC 9457 problem details (see contracts/errors.ts). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    message: Type.String(),
    code: Type.String(),
    /** The message's code in contracts/messageCodes.ts: what the web client translates. */
    messageCode: Type.Optional(MessageCodeSchema),
    params: Type.Optional(MessageParamsSchema),
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

/** A reply that is a message: English `message` (KF6 clients) and its code (the web client). */
export const MessageSchema = Type.Object({ message: Type.String(), messageCode: Type.Optional(MessageCodeSchema) });
