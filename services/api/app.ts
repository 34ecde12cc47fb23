import { FailureLimiter, type FailureLimit } from './plugins/failureLimiter.ts';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { securityHeaders } from './plugins/securityHeaders.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ProblemSchema } from '../../contracts/api/common.ts';
import { ReadModelsRebuildingError } from '../../projections/backgroundRebuild.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrors, problem } from './plugins/errors.ts';
import { problemLanguagePlugin } from './plugins/problemLanguage.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { lazySerializerFactory, lazyValidatorCompiler } from './plugins/lazySerializers.ts';
import { jsonDepthPlugin } from './plugins/jsonDepth.ts';
import { defaultUserRateLimits, userRateLimits, type UserRateLimits } from './plugins/userRateLimits.ts';
import { kf6Dialect, kf6Routes, kf6SocketPlugin } from './routes/kf6/index.ts';
import adminRoutes from './routes/admin/index.ts';
import analyticsRoutes from './routes/analytics/index.ts';
import lexicalRoutes from './routes/lexical/index.ts';
import googleRoutes from './routes/google/index.ts';
import { GoogleClient } from '../integrations/google/googleClient.ts';
import type { GoogleSettings } from '../integrations/google/googleSettings.ts';
import { googleProbe } from '../integrations/google/googleProbe.ts';
import type { IntegrationProbe } from '../integrations/integrationStatus.ts';
import { LibreTranslateClient } from '../integrations/translate/libreTranslateClient.ts';
import { translateProbe } from '../integrations/translate/translateProbe.ts';
import type { TranslateSettings } from '../integrations/translate/translateSettings.ts';
import translateRoutes from './routes/translate/index.ts';
import itmRoutes from './routes/itm/index.ts';
import { itmProbe } from '../integrations/itm/itmProbe.ts';
import oidcRoutes from './routes/sso/oidc.ts';
import ldapRoutes from './routes/sso/ldap.ts';
import { LdapDirectory } from '../integrations/ldap/ldapDirectory.ts';
import { ldapProbe } from '../integrations/ldap/ldapProbe.ts';
import type { LdapSettings } from '../integrations/ldap/ldapSettings.ts';
import { OidcClient } from '../integrations/oidc/oidcClient.ts';
import { oidcProbe } from '../integrations/oidc/oidcProbe.ts';
import type { OidcSettings } from '../integrations/oidc/oidcSettings.ts';
import notificationRoutes from './routes/notifications/index.ts';
import { aiProbe } from '../integrations/ai/aiProbe.ts';
import type { AiSettings } from '../integrations/ai/aiSettings.ts';
import { ChatCompletionsClient } from '../integrations/ai/chatCompletionsClient.ts';
import { offlineSpellChecker } from '../integrations/ai/offlineSpellChecker.ts';
import aiRoutes from './routes/ai/index.ts';
import authorRoutes from './routes/authors/index.ts';
import authRoutes from './routes/auth/index.ts';
import timeMachineRoutes from './routes/timemachine/index.ts';
import objectRoutes from './routes/objects/index.ts';
import uploadRoutes from './routes/upload/index.ts';
import historicalRoutes from './routes/historical/index.ts';
import connectionRoutes from './routes/links/connections.ts';
import canvasRoutes from './routes/canvas/index.ts';
import annotationRoutes from './routes/annotations/index.ts';
import promisingIdeaRoutes from './routes/promisingIdeas/index.ts';
import searchRoutes from './routes/search/index.ts';
import templateRoutes from './routes/templates/index.ts';
import { pushPlugin } from './push/pushPlugin.ts';
import metaRoutes, { packageVersion } from './routes/meta/index.ts';
import communityRoutes from './routes/communities/index.ts';
import scaffoldRoutes from './routes/scaffolds/index.ts';
import groupRoutes from './routes/groups/index.ts';
import helpRoutes from './routes/help/index.ts';
import linkRoutes from './routes/links/index.ts';
import viewRoutes from './routes/views/index.ts';
import recaptchaRoutes from './routes/recaptcha/index.ts';
import researchRoutes from './routes/research/index.ts';
import userRoutes from './routes/users/index.ts';
import type { AppServices } from '../app/appServices.ts';
import { msg } from '../../contracts/messageCodes.ts';
import { brotliOptions, compressionThreshold, gzipOptions, replyEncodings } from './plugins/replyCompression.ts';

export type AppOptions = {
  services: AppServices;
  jwtSecret: string;
  tokenTtl?: string;
  /** The process logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Folder of the built web client; the API runs without it. */
  webRoot?: string | null;
  loginRateLimit?: { max: number; timeWindow: number };
  /** Wrong registration keys allowed per account and per address (default 10 per 15 minutes). */
  keyGuessLimit?: FailureLimit;
  /** Failed logins allowed per address, whatever the user names (default 60 per 10 minutes). */
  failedLoginLimit?: FailureLimit;
  /** Writes, searches and uploads per user and minute (issue 17 §5; default `defaultUserRateLimits`, 0 = none). */
  userRateLimits?: UserRateLimits;
  /** Largest accepted JSON body, in bytes. */
  bodyLimit?: number;
  /** Origins allowed to call the API from a browser (CORS); none by default. `main.ts` passes these four from `httpSettings`. */
  corsOrigins?: readonly string[];
  /** The address users reach Buildon at (`BUILDON_PUBLIC_URL`); HSTS is sent when it is https. */
  publicUrl?: string;
  /** Where security problems are reported, served as /.well-known/security.txt (`BUILDON_SECURITY_CONTACT`; none by default). */
  securityContact?: string;
  /** Whether X-Forwarded-* headers are believed (behind a proxy, `BUILDON_TRUST_PROXY=1`); false by default. */
  trustProxy?: boolean;
  /** Google Docs / Drive (issue 18 §6; `googleSettings` in main.ts): none when not configured. */
  google?: GoogleSettings | GoogleClient | null;
  /** Translation (issue 18 §4; `translateSettings` in main.ts): none when not configured. */
  translate?: TranslateSettings | LibreTranslateClient | null;
  /** OpenID Connect sign-in (issue 18 §1; `oidcSettings` in main.ts): none when not configured. */
  oidc?: OidcSettings | OidcClient | null;
  /** LDAP sign-in (issue 18 §2; `ldapSettings` in main.ts): none when not configured. */
  ldap?: LdapSettings | LdapDirectory | null;
  /** Writing help's chat modes (issue 18 §3; `aiSettings` in main.ts): none when not configured (the quick spell-check is offline). */
  ai?: AiSettings | ChatCompletionsClient | null;
  /** Admin tools' probes of integrations configured outside buildApp (e-mail: `mailProbe` in main.ts). */
  integrationProbes?: readonly IntegrationProbe[];
};

/** POST routes that change nothing (searches, a signed playback link): open to read-only researchers. */
export const readOnlyPostRoutes: ReadonlySet<string> = new Set([
  '/api/contributions/:communityId/search',
  '/api/contributions/:communityId/search/count',
  '/api/contributions/:communityId/search/students',
  '/api/authors/search/count/:communityId',
  '/api/authors/search/writer/:communityId',
  '/api/attachments/:id/playback',
  // The research export (issue 24 §3) writes only to a temporary folder and answers a ZIP: researchers may call it.
  '/api/research/:communityId/export',
  // The KF6 dialect's searches (issue 15): reads with a query body.
  '/api/links/:communityId/search',
  '/api/records/search/:communityId',
  '/api/historicalobjects/:communityId/search',
  // Whether the caller has authorised Google, and the consent page's address (issue 18 §6): nothing stored.
  '/auth/googleOAuth/checkStatus',
  '/auth/googleOAuth/getOAuthUrl',
  // A translation (issue 18 §4) stores nothing: the POST form only carries a text too long for an address.
  '/api/translate',
]);

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** A file Vite built under `assets/` with a content hash in its name (`Alert-DtXzgG0K.js`). */
const isHashedAsset = (path: string): boolean => /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(path);

/**
 * Builds the HTTP application. Everything it needs arrives in `services`, so
 * tests build it over temporary embedded storage and inject requests.
 */
export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory } },
    // An unreadable URL or an over-long path parameter: problem JSON naming the path (issue 17 §2).
    frameworkErrors,
  })
    .setValidatorCompiler(lazyValidatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>();

  app.addSchema(ProblemSchema);
  await app.register(errorsPlugin);
  // A problem's `message` in the caller's Accept-Language, for clients that show it as is (a KF6 client).
  await app.register(problemLanguagePlugin);
  // CSP, nosniff, frame and referrer policies, HSTS over https: on every response, errors included (issue 17 §1).
  await app.register(securityHeaders, { publicUrl: options.publicUrl ?? '' });
  // While a start rebuilds read models in the background (issue 23 §5), a command could be stored and then fail to
  // read its reply from them: refused before anything is written instead (503, Retry-After), so retrying is safe.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const readModels = options.services.runner.readModels;
    if (readModels.state === 'rebuilding') throw new ReadModelsRebuildingError('commands', readModels);
  });
  // POST routes that only read: a researcher (read-only, issue 24 §5) may call them. Marked before the
  // idempotency plugin wraps the write handlers, which tells the community gate which requests write.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (methods.includes('POST') && readOnlyPostRoutes.has(route.url)) {
      route.config = { ...route.config, readsOnly: true } as typeof route.config;
    }
  });
  // The KF6 dialect (issue 15) widens the routes it shares with the original as they are added, and answers CORS:
  // before every route, and before the idempotency wrapper so that a KF6 write is replayed like any other.
  await app.register(kf6Dialect, {
    services: options.services,
    corsOrigins: options.corsOrigins ?? [],
  });
  // Before any route: it wraps every write handler (safe retries, issue 22 §5).
  await app.register(idempotencyPlugin, { store: options.services.idempotency, secret: options.jwtSecret });
  // Per-user limits on writes, searches and uploads (issue 17 §5): after the `readsOnly` marks above, before any route.
  await app.register(userRateLimits, { limits: options.userRateLimits ?? defaultUserRateLimits });
  // JSON nested absurdly deep is a 400 before it is parsed (issue 20 §0).
  await app.register(jsonDepthPlugin);
  // Brotli or gzip for every compressible reply of 1 KiB or more, the web app's files included (issue 16 §3),
  // at the fast settings of plugins/replyCompression.ts (the canvas keeps its replies compressed with them).
  await app.register(compress, {
    global: true,
    encodings: [...replyEncodings],
    threshold: compressionThreshold,
    brotliOptions,
    zlibOptions: gzipOptions,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Buildon API',
        description: 'Knowledge Forum 6 compatible paths. Authenticate with `Authorization: Bearer <token>` from POST /auth/local.',
        version: packageVersion,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so a key may include the user name being tried.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      ...problem(429, msg('errors.tooManyAttempts', { seconds: Math.ceil(context.ttl / 1000) })),
      statusCode: 429,
    }),
  });
  // File uploads (CSV imports): one file of at most 2 MB per request.
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });
  await app.register(authPlugin, { secret: options.jwtSecret, accounts: options.services.accounts, tokenTtl: options.tokenTtl ?? '12h' });

  const routeOptions = { services: options.services };
  // One client per integration for its routes and its Admin tools probe, so that the probe shows the last error.
  const googleOption = options.google ?? null;
  const google = googleOption === null || googleOption instanceof GoogleClient ? googleOption : new GoogleClient(googleOption);
  const translateOption = options.translate ?? null;
  const translator =
    translateOption === null || translateOption instanceof LibreTranslateClient
      ? translateOption
      : new LibreTranslateClient(translateOption);
  const oidcOption = options.oidc ?? null;
  const oidc = oidcOption === null || oidcOption instanceof OidcClient ? oidcOption : new OidcClient(oidcOption);
  const ldapOption = options.ldap ?? null;
  const ldap = ldapOption === null || ldapOption instanceof LdapDirectory ? ldapOption : new LdapDirectory(ldapOption);
  const aiOption = options.ai ?? null;
  const chat = aiOption === null || aiOption instanceof ChatCompletionsClient ? aiOption : new ChatCompletionsClient(aiOption);
  const probes = [
    oidcProbe(oidc),
    ldapProbe(ldap),
    googleProbe(google),
    translateProbe(translator),
    aiProbe(chat),
    itmProbe(options.services.itm ?? null),
    ...(options.integrationProbes ?? []),
  ];
  // One count of failed logins per address for the local and the institutional forms.
  const logins = {
    loginRateLimit: options.loginRateLimit ?? { max: 10, timeWindow: 60_000 },
    failedLogins: new FailureLimiter(options.failedLoginLimit ?? { max: 60, windowMs: 10 * 60_000 }),
  };
  await app.register(authRoutes, {
    ...routeOptions,
    ...logins,
    signIn: {
      ...(oidc ? { oidc: { label: oidc.settings.label } } : {}),
      ...(ldap ? { ldap: { label: ldap.settings.label } } : {}),
    },
  });
  await app.register(oidcRoutes, { ...routeOptions, secret: options.jwtSecret, client: oidc });
  await app.register(ldapRoutes, { ...routeOptions, ...logins, directory: ldap });
  await app.register(userRoutes, routeOptions);
  await app.register(recaptchaRoutes, routeOptions);
  await app.register(metaRoutes, {
    ...routeOptions,
    securityContact: options.securityContact ?? '',
    publicUrl: options.publicUrl ?? '',
  });
  await app.register(adminRoutes, { ...routeOptions, probes });
  await app.register(communityRoutes, routeOptions);
  await app.register(groupRoutes, routeOptions);
  await app.register(viewRoutes, routeOptions);
  await app.register(linkRoutes, routeOptions);
  await app.register(helpRoutes, routeOptions);
  await app.register(authorRoutes, {
    ...routeOptions,
    keyGuesses: new FailureLimiter(options.keyGuessLimit ?? { max: 10, windowMs: 15 * 60_000 }),
  });
  await app.register(timeMachineRoutes, routeOptions);
  await app.register(objectRoutes, routeOptions);
  await app.register(uploadRoutes, routeOptions);
  await app.register(historicalRoutes, routeOptions);
  await app.register(connectionRoutes, routeOptions);
  await app.register(canvasRoutes, routeOptions);
  await app.register(annotationRoutes, routeOptions);
  await app.register(promisingIdeaRoutes, routeOptions);
  await app.register(searchRoutes, routeOptions);
  await app.register(templateRoutes, routeOptions);
  await app.register(analyticsRoutes, routeOptions);
  await app.register(researchRoutes, routeOptions);
  await app.register(scaffoldRoutes, routeOptions);
  await app.register(kf6Routes, routeOptions);
  await app.register(pushPlugin, routeOptions);
  // After the push hub (it feeds it) and Buildon's websocket (whose upgrades it leaves alone).
  await app.register(kf6SocketPlugin, {
    ...routeOptions,
    corsOrigins: options.corsOrigins ?? [],
  });
  await app.register(lexicalRoutes, routeOptions);
  await app.register(googleRoutes, { ...routeOptions, secret: options.jwtSecret, client: google });
  await app.register(translateRoutes, { ...routeOptions, translator });
  await app.register(itmRoutes, routeOptions);
  await app.register(notificationRoutes, routeOptions);
  await app.register(aiRoutes, { ...routeOptions, offline: offlineSpellChecker, chat });

  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  const hasWeb = webRoot !== null && existsSync(`${webRoot}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: ['index.html'],
      // Vite names each built file after its content (assets/index-3f9a1c.js): kept a year, never asked again.
      // Anything else (index.html, the service files at the root) is asked again each time.
      setHeaders: (reply, path) => {
        reply.header('cache-control', isHashedAsset(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Unknown API paths answer a 404 problem; any other GET is a client-side
  // route of the single-page app (unknown ones redirect to / in the client).
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path.startsWith('/auth/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .type('application/problem+json')
      .send(problem(404, msg('errors.noRoute', { method: request.method, path })));
  });

  return app;
};
