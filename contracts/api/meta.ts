import Type from 'typebox';

export const VersionReply = Type.Object({
  version: Type.String(),
  /** Knowledge Forum version this release is compatible with. */
  kfVersion: Type.String(),
  node: Type.String(),
  storage: Type.Object({
    eventStore: Type.String(),
    readStore: Type.String(),
    jobQueue: Type.String(),
  }),
  /**
   * `ready`, or `rebuilding` while a start rebuilds read models that were
   * missing or of an older projection version (routes reading them answer 503
   * with Retry-After meanwhile): which projections, how far, seconds left.
   */
  readModels: Type.Optional(
    Type.Object({
      state: Type.Union([Type.Literal('ready'), Type.Literal('rebuilding')]),
      projections: Type.Optional(Type.Array(Type.String())),
      done: Type.Optional(Type.Integer()),
      total: Type.Optional(Type.Integer()),
      percent: Type.Optional(Type.Integer()),
      etaSeconds: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    }),
  ),
});

/** `lang`: the reader's interface language (e.g. `en`, `zh_CN`); French when the notes are not written in it. */
export const ChangeLogQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z_-]*$' })) });

export const ChangeLogReply = Type.Object({
  entries: Type.Array(Type.Object({ version: Type.String(), date: Type.String(), changes: Type.Array(Type.String()) })),
});

export const RobotCheckConfigReply = Type.Object({
  provider: Type.Union([Type.Literal('altcha'), Type.Literal('recaptcha')]),
  /** reCAPTCHA site key (null with ALTCHA). */
  publicKey: Type.Union([Type.String(), Type.Null()]),
  /** Where the ALTCHA widget fetches its challenge (null with reCAPTCHA). */
  challengeUrl: Type.Union([Type.String(), Type.Null()]),
});

export const RobotCheckBody = Type.Object({ gRecaptchaResponse: Type.String({ maxLength: 20_000 }) });
export const RobotCheckReply = Type.Object({ responseCode: Type.Integer() });

/**
 * Which sign-in methods besides local accounts this server offers (issue 18
 * §1–2): redirect providers (`oidc`: the browser goes to /auth/{provider}),
 * and the institutional (LDAP) login form; each with the label the server's
 * settings give it. Nothing is offered unless configured.
 */
export const AuthProvidersReply = Type.Object({
  providers: Type.Array(Type.String()),
  institutional: Type.Boolean(),
  /** The button text of each provider of `providers` and of `institutional` (`ldap`), from the settings. */
  labels: Type.Optional(Type.Record(Type.String(), Type.String())),
});
