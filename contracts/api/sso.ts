import Type from 'typebox';

/** GET /auth/oidc: where to go once signed in (a path of Buildon; anything else goes home). */
export const OidcStartQuery = Type.Object({
  redirect: Type.Optional(Type.String({ maxLength: 2_000 })),
});

/** The OpenID provider's redirect back (authorization response, RFC 6749 §4.1.2). */
export const OidcCallbackQuery = Type.Object({
  state: Type.String({ maxLength: 500 }),
  code: Type.Optional(Type.String({ maxLength: 4_000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2_000 })),
  iss: Type.Optional(Type.String({ maxLength: 2_000 })),
});
