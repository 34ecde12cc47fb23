import type { Challenge } from 'altcha-lib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../services/api/app.ts';
import type { GoogleSettings } from '../../services/integrations/google/googleSettings.ts';
import type { TranslateSettings } from '../../services/integrations/translate/translateSettings.ts';
import type { OidcSettings } from '../../services/integrations/oidc/oidcSettings.ts';
import type { LdapSettings } from '../../services/integrations/ldap/ldapSettings.ts';
import type { AiSettings } from '../../services/integrations/ai/aiSettings.ts';
import { loadConfig, type Config } from '../../services/app/config.ts';
import { openInfrastructure, type Infrastructure } from '../../services/app/infrastructure.ts';
import type { PasswordHasher } from '../../services/api/accounts/passwords.ts';
import type { FailureLimit } from '../../services/api/plugins/failureLimiter.ts';
import type { UserRateLimits } from '../../services/api/plugins/userRateLimits.ts';
import { solveAltcha } from './altcha.ts';

/** A fresh data directory under the OS temp folder. */
export const tempDataDir = (prefix = 'buildon-test-'): string => mkdtempSync(join(tmpdir(), prefix));

/** Embedded configuration over a temp folder, with a tiny proof of work. */
export const testConfig = (dataDir: string, overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  dataDir,
  snapshotIntervalMs: 0,
  altcha: { cost: 1, counterMin: 1, counterMax: 20 },
  ...overrides,
});

/**
 * Suites create hundreds of notes, links and searches in seconds as one user: far over the per-user
 * limits (issue 17 §5), which tests/integration/userRateLimits.int.spec.ts checks at their real defaults.
 */
export const testRateLimits: UserRateLimits = { writesPerMinute: 100_000, searchesPerMinute: 100_000, uploadsPerMinute: 100_000 };

/**
 * A cheap hasher for tests that create many users; one test suite uses the
 * real argon2id hasher to prove hashing (see users.int.spec.ts).
 */
export const fastTestHasher: PasswordHasher = {
  hash: async (password) => `test$${Buffer.from(password).toString('base64')}`,
  verify: async (hashed, password) => hashed === `test$${Buffer.from(password).toString('base64')}`,
};

export type TestApp = {
  app: FastifyInstance;
  infra: Infrastructure;
  dataDir: string;
  /** Solves a fresh robot-check challenge the way the widget does. */
  robotCheck(): Promise<string>;
  /** Registers through the API and returns the token and user id. */
  register(userName: string, password?: string): Promise<{ token: string; id: string }>;
  login(userName: string, password: string): Promise<string>;
  /** Makes `userName` an admin through the operator use case and logs in. */
  admin(userName?: string, password?: string): Promise<{ token: string; id: string }>;
  close(): Promise<void>;
};

export const buildTestApp = async (
  options: {
    passwords?: PasswordHasher;
    dataDir?: string;
    loginRateLimit?: { max: number; timeWindow: number };
    keyGuessLimit?: FailureLimit;
    failedLoginLimit?: FailureLimit;
    /** Per-user writes, searches and uploads a minute (default `testRateLimits`; the limit tests pass the real defaults). */
    userRateLimits?: UserRateLimits;
    /** Configuration beyond the embedded defaults (e.g. a Redis URL). */
    config?: Partial<Config>;
    /** How long commands wait for the read models before answering 202. */
    readModelWaitMs?: number;
    /** The built web app's folder to serve (none by default). */
    webRoot?: string;
    /** Buildon's public address (none by default: no HSTS). */
    publicUrl?: string;
    /** Where security problems are reported (none by default: no security.txt). */
    securityContact?: string;
    /** Origins allowed to call the API through CORS (none by default). */
    corsOrigins?: readonly string[];
    /** Google Docs / Drive settings (tests/support/fakeGoogle.ts); none by default. */
    google?: GoogleSettings | null;
    /** Translation settings (tests/support/fakeLibreTranslate.ts); none by default. */
    translate?: TranslateSettings | null;
    /** OpenID Connect sign-in settings (tests/support/oidcProvider.ts); none by default. */
    oidc?: OidcSettings | null;
    /** LDAP sign-in settings (tests/support/slapd.ts); none by default. */
    ldap?: LdapSettings | null;
    /** Writing help's chat settings (tests/support/fakeChatCompletions.ts); none by default. */
    ai?: AiSettings | null;
    /** A logger to read what the server logs (none by default). */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> => {
  const dataDir = options.dataDir ?? tempDataDir();
  const infra = await openInfrastructure(testConfig(dataDir, options.config), {
    passwords: options.passwords ?? fastTestHasher,
    ...(options.readModelWaitMs ? { readModelWaitMs: options.readModelWaitMs } : {}),
  });
  const app = await buildApp({
    services: infra,
    jwtSecret: infra.secret,
    webRoot: options.webRoot ?? null,
    publicUrl: options.publicUrl ?? '',
    securityContact: options.securityContact ?? '',
    corsOrigins: options.corsOrigins ?? [],
    loginRateLimit: options.loginRateLimit ?? { max: 1000, timeWindow: 60_000 },
    // Suites share one address (127.0.0.1) across many deliberate failures; the limits have their own tests.
    keyGuessLimit: options.keyGuessLimit ?? { max: 1000, windowMs: 60_000 },
    failedLoginLimit: options.failedLoginLimit ?? { max: 1000, windowMs: 60_000 },
    userRateLimits: options.userRateLimits ?? testRateLimits,
    google: options.google ?? null,
    translate: options.translate ?? null,
    oidc: options.oidc ?? null,
    ldap: options.ldap ?? null,
    ai: options.ai ?? null,
    ...(options.logger ? { logger: options.logger } : {}),
  });

  const robotCheck = async (): Promise<string> => {
    return solveAltcha((await app.inject({ method: 'GET', url: '/api/recaptcha/challenge' })).json<Challenge>());
  };

  const register = async (userName: string, password = 'secret-pass-1') => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Test',
        lastName: userName,
        email: `${userName.toLowerCase()}@example.org`,
        userName,
        password,
        robotCheck: await robotCheck(),
      },
    });
    if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
    const body = response.json<{ token: string; user: { _id: string } }>();
    return { token: body.token, id: body.user._id };
  };

  const login = async (userName: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/auth/local', payload: { userName, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response.json<{ token: string }>().token;
  };

  const admin = async (userName = 'admin', password = 'admin-pass') => {
    const { user } = await infra.accounts.createOrPromoteAdmin({ userName, password });
    return { token: await login(userName, password), id: user._id };
  };

  return {
    app,
    infra,
    dataDir,
    robotCheck,
    register,
    login,
    admin,
    close: async () => {
      await app.close();
      await infra.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
