import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';

/** The spec's nine interface languages (contracts/events/user.ts `interfaceLanguages`). */
export const LanguageSchema = Type.Union([
  Type.Literal('fr'),
  Type.Literal('en'),
  Type.Literal('es'),
  Type.Literal('it'),
  Type.Literal('fi'),
  Type.Literal('pt'),
  Type.Literal('cn'),
  Type.Literal('ja'),
  Type.Literal('zh_CN'),
]);

/** The public profile of a user (spec: _id, email, userName, name, firstName, lastName, role). */
export const UserProfileSchema = Type.Object({
  _id: ObjectIdSchema,
  userName: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  name: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  lang: LanguageSchema,
  blockLogin: Type.Boolean(),
  created: Type.String(),
});
export type UserProfile = Static<typeof UserProfileSchema>;

/**
 * Registration body. Fields are loosely typed on purpose: the §5 rules are
 * checked by the server with the spec's own messages, per field.
 */
export const RegisterBody = Type.Object({
  firstName: Type.String({ maxLength: 200 }),
  lastName: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 320 }),
  userName: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1024 }),
  /** Accepted for compatibility; registration keys are for joining communities. */
  registrationKey: Type.Optional(Type.String({ maxLength: 200 })),
  /** The robot-check solution: ALTCHA's base64 payload, or a reCAPTCHA token. */
  robotCheck: Type.Optional(Type.String({ maxLength: 20_000 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const TokenReply = Type.Object({ token: Type.String() });
export const RegisterReply = Type.Object({ token: Type.String(), user: UserProfileSchema });

export const LoginBody = Type.Object({
  userName: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ maxLength: 1024 }),
  newPassword: Type.String({ maxLength: 1024 }),
});

export const ChangeLanguageBody = Type.Object({ lang: LanguageSchema });

/**
 * The admin search. The original accepted a raw MongoDB fragment; Buildon
 * accepts only these typed fields.
 */
export const UserQuerySchema = Type.Object(
  {
    filter: Type.Optional(Type.String({ maxLength: 200, description: 'substring of userName, names or email' })),
    role: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('admin')])),
  },
  // Anything else (e.g. a raw `$where`) is refused, never passed to the store.
  { additionalProperties: false },
);
export const UserSearchBody = Type.Object({
  query: Type.Optional(UserQuerySchema),
  pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 50 })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
});
export const UserCountBody = Type.Object({ query: Type.Optional(UserQuerySchema) });
export const CountReply = Type.Object({ count: Type.Integer() });

/** Admin password reset (spec: PATCH api/users/{userId} {password}). */
export const ResetPasswordBody = Type.Object({ password: Type.String({ maxLength: 1024 }) });

/** Admin edit of a user (spec: PUT api/users/{id}). */
export const UpdateUserBody = Type.Object({
  firstName: Type.Optional(Type.String({ maxLength: 200 })),
  lastName: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  role: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('admin')])),
  blockLogin: Type.Optional(Type.Boolean()),
  lang: Type.Optional(LanguageSchema),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
});
