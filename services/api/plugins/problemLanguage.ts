import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldError } from '../../../contracts/errors.ts';
import type { MessageParams } from '../../../contracts/messageCodes.ts';

/**
 * Problem messages in the caller's language. Buildon's own pages translate a
 * problem's `messageCode`; other clients (a Knowledge Forum 6 client, a
 * school's script) show `message` as it comes. So when the request's
 * `Accept-Language` names a language, `message`, `detail` and each field
 * error's `message` are that language's text from the same catalogue the web
 * client uses (web/src/i18n/locales/server/<lang>.json), French where a text
 * is missing, as in the interface. Without the header (or with `*` only) they
 * stay English, the stable text scripts and logs read.
 */

/** The nine interface languages, as the locale files name them. */
export type ServerLanguage = 'fr' | 'en' | 'es' | 'it' | 'fi' | 'pt' | 'ja' | 'cn' | 'zh_CN';

const plainLanguages = new Set(['fr', 'en', 'es', 'it', 'fi', 'pt', 'ja']);

/** One language tag (`fr-CA`, `zh-Hant-TW`, `en`) as one of the nine, or undefined. */
const languageOfTag = (tag: string): ServerLanguage | undefined => {
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  const primary = lower.split('-')[0] ?? '';
  if (plainLanguages.has(primary)) return primary as ServerLanguage;
  if (lower === 'cn') return 'cn';
  if (primary !== 'zh') return undefined;
  // Traditional characters (`cn` in Knowledge Forum's list) for Taiwan, Hong Kong, Macao and `Hant`.
  return /-(hant|tw|hk|mo)(-|$)/.test(lower) ? 'cn' : 'zh_CN';
};

/**
 * The language a request asks for: the supported tag of highest weight in
 * `Accept-Language`; French when it names only languages Buildon lacks (the
 * interface's fallback); undefined without the header or with `*` alone.
 */
export const languageOfAcceptHeader = (header: string | undefined): ServerLanguage | undefined => {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.split(';');
      const weight = rest.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((q) => q !== undefined);
      return { tag: tag.trim(), q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((range) => range.tag !== '' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const named = ranges.filter((range) => range.tag !== '*');
  if (named.length === 0) return undefined;
  for (const range of named) {
    const language = languageOfTag(range.tag);
    if (language) return language;
  }
  return 'fr';
};

type Catalogue = Record<string, Record<string, string>>;
const catalogues = new Map<ServerLanguage, Catalogue>();
const localesDir = join(import.meta.dirname, '../../../web/src/i18n/locales/server');

/** A language's server messages, read from its locale file on first use (an empty catalogue if unreadable). */
const catalogueOf = (language: ServerLanguage): Catalogue => {
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    try {
      const file = JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as { server?: Catalogue };
      catalogue = file.server ?? {};
    } catch {
      catalogue = {};
    }
    catalogues.set(language, catalogue);
  }
  return catalogue;
};

const lookUp = (language: ServerLanguage, code: string): string | undefined => {
  const dot = code.indexOf('.');
  const text = catalogueOf(language)[code.slice(0, dot)]?.[code.slice(dot + 1)];
  return typeof text === 'string' ? text : undefined;
};

/** The text of `code` in `language` (else French) with its `{{params}}` filled, or undefined when neither has it. */
export const localisedMessage = (language: ServerLanguage, code: string, params?: MessageParams): string | undefined => {
  const text = lookUp(language, code) ?? lookUp('fr', code);
  if (text === undefined) return undefined;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = params?.[name];
    return value === undefined || value === null ? whole : String(value);
  });
};

type ProblemPayload = {
  type: string;
  status: number;
  messageCode: string;
  message?: string;
  detail?: string;
  params?: MessageParams;
  errors?: FieldError[];
};

const isProblem = (payload: unknown): payload is ProblemPayload =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as ProblemPayload).messageCode === 'string' &&
  typeof (payload as ProblemPayload).status === 'number' &&
  typeof (payload as ProblemPayload).type === 'string';

/** `problem` with its texts in `language`; texts without a translation keep their English. */
export const localisedProblem = <P extends ProblemPayload>(problem: P, language: ServerLanguage): P => {
  const text = localisedMessage(language, problem.messageCode, problem.params);
  const errors = problem.errors?.map((error) => {
    const own = error.messageCode ? localisedMessage(language, error.messageCode, error.params) : undefined;
    return own === undefined ? error : { ...error, message: own };
  });
  return {
    ...problem,
    ...(text === undefined ? {} : { message: text, detail: text }),
    ...(errors ? { errors } : {}),
  };
};

const contentLanguage: Record<ServerLanguage, string> = {
  fr: 'fr',
  en: 'en',
  es: 'es',
  it: 'it',
  fi: 'fi',
  pt: 'pt',
  ja: 'ja',
  cn: 'zh-Hant',
  zh_CN: 'zh-CN',
};

/** Adds Accept-Language to the reply's Vary, keeping what is there (CORS's Origin). */
const varyOnLanguage = (reply: FastifyReply): void => {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*accept-language\s*(,|$)/i.test(current)) return;
  void reply.header('vary', current ? `${current}, Accept-Language` : 'Accept-Language');
};

/**
 * Rewrites every problem reply (from the error handler or a route) before it
 * is serialised. A callback hook: every object reply passes through it, and
 * most are not problems.
 */
export const problemLanguagePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook(
      'preSerialization',
      (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
        if (!isProblem(payload)) return done(null, payload);
        varyOnLanguage(reply);
        const language = languageOfAcceptHeader(request.headers['accept-language']);
        if (!language) return done(null, payload);
        void reply.header('content-language', contentLanguage[language]);
        done(null, localisedProblem(payload, language));
      },
    );
  },
  { name: 'buildon-problem-language' },
);
