import { resolve } from 'node:path';
import { itmSettings, type ItmSettings } from '../integrations/itm/itmSettings.ts';

/**
 * Per-user limits on writes, searches and uploads (issue 17 §5): each is a
 * number per minute for one user, 0 for no limit. Keyed by the signed-in user,
 * never by address: a whole school comes through one address.
 */
export type UserRateLimits = {
  writesPerMinute: number;
  searchesPerMinute: number;
  uploadsPerMinute: number;
  /** Translations (issue 18 §4), each up to four calls to the translation server; `defaultUserRateLimits`' when absent. */
  translationsPerMinute?: number;
  /** Writing-help requests (issue 18 §3), each a call to the chat server or a spell-check; `defaultUserRateLimits`' when absent. */
  aiRequestsPerMinute?: number;
};

/**
 * The defaults, sized against a class at work: a pupil writing a note saves it
 * a few times, places it, links it, opens and reads a dozen notes; a teacher
 * rearranging a view sends a write per drag. 120 writes a minute is several
 * times what either does, while a script creating notes in a loop (hundreds a
 * minute) is stopped after two seconds' worth. A search from the search page
 * is one request (the author and user lists add a count): 60 is one a second.
 */
export const defaultUserRateLimits: Required<UserRateLimits> = {
  writesPerMinute: 120,
  searchesPerMinute: 60,
  uploadsPerMinute: 30,
  // A pupil translates a note, perhaps both ways, and reads it: 20 a minute is far above that, and bounds what
  // one account costs the translation server.
  translationsPerMinute: 20,
  // The editor locks its button 40 s after each use (spec part 1 §9): 6 a minute leaves room for a pupil using
  // two modes, and bounds what a script with one account costs the chat server.
  aiRequestsPerMinute: 6,
};

/**
 * Runtime configuration, read once from the environment. With no URL set,
 * everything is embedded under the data directory.
 */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
  redisUrl: string | null;
  /** Secret for tokens and robot-check signatures; generated and kept in the data store when unset. */
  secret: string | null;
  /** BUILDON_STUDY_SECRET: the key of the research API's pseudonyms (the same as `kf export --research`'s); else one from `secret`. */
  studySecret: string | null;
  tokenTtl: string;
  recaptcha: { siteKey: string; secretKey: string } | null;
  logLevel: string;
  /**
   * Where the embedded read models live (BUILDON_READ_STORE): `sqlite` (the
   * default: `readmodels.sqlite` in the data folder, kept across restarts,
   * bounded memory) or `memory` (held in memory and snapshotted; tests).
   * Ignored when BUILDON_MONGO_URL is set.
   */
  embeddedReadStore: 'sqlite' | 'memory';
  /** How often the in-memory read store is snapshotted (ms). */
  snapshotIntervalMs: number;
  /** The analytics jobs' debounce window (ms): at most one recomputation per community per window. */
  analyticsDebounceMs: number;
  /** ALTCHA work per challenge; lowered in browser tests (BUILDON_ALTCHA_COST). */
  altcha: { cost?: number; counterMin?: number; counterMax?: number };
  /** `follower` on API nodes at scale when a worker process runs the projections. */
  projectionsMode: 'active' | 'follower';
  /** Help-form e-mail: sent only when both `smtpUrl` and `to` are set. */
  mail: { smtpUrl: string | null; to: string | null; from: string };
  /** Buildon's public address (BUILDON_PUBLIC_URL, no trailing slash), for links in e-mails; '' when unset. */
  publicUrl: string;
  /** The hour (0–23, the server's local time) of the daily notification e-mails (BUILDON_DIGEST_HOUR); sent only with SMTP. */
  digestHour: number;
  /** The Idea Thread Mapper (issue 18 §7): null unless BUILDON_ITM_URL is set. */
  itm: ItmSettings | null;
  /** Largest attachment upload in MB (BUILDON_UPLOAD_LIMIT_MB). */
  uploadLimitMb: number;
  /**
   * Each community's share of the file storage in MB, all versions of its attachments together
   * (BUILDON_COMMUNITY_QUOTA_MB, default 500; 0 = no quota).
   */
  communityQuotaMb: number;
  /**
   * Per-user requests a minute (issue 17 §5; 0 = no limit): BUILDON_WRITES_PER_MINUTE (default 120),
   * BUILDON_SEARCHES_PER_MINUTE (60), BUILDON_UPLOADS_PER_MINUTE (30), BUILDON_TRANSLATIONS_PER_MINUTE (20),
   * BUILDON_AI_REQUESTS_PER_MINUTE (6).
   */
  userRateLimits: UserRateLimits;
};

const integer = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
};

const hourOfDay = (value: string | undefined): number => {
  const hour = integer(value, 17, 'BUILDON_DIGEST_HOUR');
  if (hour > 23) throw new Error('BUILDON_DIGEST_HOUR must be an hour of the day, 0 to 23');
  return hour;
};

const readStoreKind = (value: string | undefined): Config['embeddedReadStore'] => {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value === 'memory') return 'memory';
  throw new Error(`BUILDON_READ_STORE must be sqlite or memory, got "${value}"`);
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const siteKey = env.BUILDON_RECAPTCHA_SITE_KEY;
  const secretKey = env.BUILDON_RECAPTCHA_SECRET_KEY;
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    // Only this machine until the operator says otherwise (issue 21 §14): a laptop in class is not a server.
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.BUILDON_DATA_DIR ?? './data'),
    eventStoreUrl: env.BUILDON_EVENTSTORE_URL || null,
    mongoUrl: env.BUILDON_MONGO_URL || null,
    mongoDb: env.BUILDON_MONGO_DB ?? 'buildon',
    redisUrl: env.BUILDON_REDIS_URL || null,
    secret: env.BUILDON_SECRET || null,
    studySecret: env.BUILDON_STUDY_SECRET || null,
    tokenTtl: env.BUILDON_TOKEN_TTL ?? '12h',
    recaptcha: siteKey && secretKey ? { siteKey, secretKey } : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    embeddedReadStore: readStoreKind(env.BUILDON_READ_STORE),
    snapshotIntervalMs: integer(env.BUILDON_SNAPSHOT_INTERVAL_MS, 60_000, 'BUILDON_SNAPSHOT_INTERVAL_MS'),
    analyticsDebounceMs: integer(env.BUILDON_ANALYTICS_DEBOUNCE_MS, 60_000, 'BUILDON_ANALYTICS_DEBOUNCE_MS') || 60_000,
    altcha: env.BUILDON_ALTCHA_COST
      ? { cost: integer(env.BUILDON_ALTCHA_COST, 50, 'BUILDON_ALTCHA_COST'), counterMin: 1, counterMax: 50 }
      : {},
    projectionsMode: env.BUILDON_PROJECTIONS === 'follower' ? 'follower' : 'active',
    uploadLimitMb: integer(env.BUILDON_UPLOAD_LIMIT_MB, 50, 'BUILDON_UPLOAD_LIMIT_MB') || 50,
    communityQuotaMb: integer(env.BUILDON_COMMUNITY_QUOTA_MB, 500, 'BUILDON_COMMUNITY_QUOTA_MB'),
    userRateLimits: {
      writesPerMinute: integer(env.BUILDON_WRITES_PER_MINUTE, defaultUserRateLimits.writesPerMinute, 'BUILDON_WRITES_PER_MINUTE'),
      searchesPerMinute: integer(env.BUILDON_SEARCHES_PER_MINUTE, defaultUserRateLimits.searchesPerMinute, 'BUILDON_SEARCHES_PER_MINUTE'),
      uploadsPerMinute: integer(env.BUILDON_UPLOADS_PER_MINUTE, defaultUserRateLimits.uploadsPerMinute, 'BUILDON_UPLOADS_PER_MINUTE'),
      translationsPerMinute: integer(
        env.BUILDON_TRANSLATIONS_PER_MINUTE,
        defaultUserRateLimits.translationsPerMinute,
        'BUILDON_TRANSLATIONS_PER_MINUTE',
      ),
      aiRequestsPerMinute: integer(
        env.BUILDON_AI_REQUESTS_PER_MINUTE,
        defaultUserRateLimits.aiRequestsPerMinute,
        'BUILDON_AI_REQUESTS_PER_MINUTE',
      ),
    },
    mail: {
      smtpUrl: env.BUILDON_SMTP_URL || null,
      to: env.BUILDON_MAIL_TO || null,
      from: env.BUILDON_MAIL_FROM || 'buildon@localhost',
    },
    publicUrl: (env.BUILDON_PUBLIC_URL ?? '').trim().replace(/\/+$/, ''),
    digestHour: hourOfDay(env.BUILDON_DIGEST_HOUR),
    itm: itmSettings(env),
  };
};
