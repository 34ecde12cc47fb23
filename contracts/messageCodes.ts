import { AnnotationMessages } from './catalogs/annotations.ts';
import { PromisingIdeaMessages } from './catalogs/promisingIdeas.ts';
import { CanvasMessages } from './catalogs/canvas.ts';
import { CanvasServiceMessages } from './catalogs/canvasService.ts';
import { ObjectMessages } from './catalogs/objects.ts';
import { SearchMessages } from './catalogs/search.ts';
import { TemplateMessages } from './catalogs/templates.ts';
import { TimeMachineMessages } from './catalogs/timeMachine.ts';
import { ErrorMessages } from './catalogs/errors.ts';
import { CommunityMessages } from './catalogs/community.ts';
import { CsvTexts } from './catalogs/csv.ts';
import { Messages } from './catalogs/messages.ts';
import { MultilanguageMessages } from './catalogs/multilanguage.ts';
import { CommunityErrors } from './catalogs/communityAggregate.ts';
import { CommunityServiceMessages } from './catalogs/communityService.ts';
import { ContributionErrors } from './catalogs/contribution.ts';
import { LexicalMessages } from './catalogs/lexical.ts';
import { LimitMessages } from './catalogs/limits.ts';
import { GoogleMessages } from './catalogs/google.ts';
import { TranslateMessages } from './catalogs/translate.ts';
import { ItmMessages } from './catalogs/itm.ts';
import { SsoMessages } from './catalogs/sso.ts';
import { AiMessages } from './catalogs/ai.ts';

/**
 * Every message the server may show a user, by catalog. Catalog `<catalog>`
 * is the file contracts/catalogs/<catalog>.ts, which imports nothing: the
 * modules that use `MessageCode` never sit on an import loop with this one
 * (issue 22 §6). A message's code is `<catalog>.<key>` (e.g.
 * `messages.loginFailed`, `csv.userNameRepeated`): it is stable (rewording
 * the English text keeps it) and it is what the web client translates, under
 * the locale key `server.<code>` (web/src/i18n/locales/server/*.json).
 * `{name}` in a text is filled from the message's `params`.
 */
export const messageCatalogs = {
  messages: Messages,
  community: CommunityMessages,
  csv: CsvTexts,
  objects: ObjectMessages,
  canvas: CanvasMessages,
  canvasService: CanvasServiceMessages,
  templates: TemplateMessages,
  search: SearchMessages,
  timeMachine: TimeMachineMessages,
  annotations: AnnotationMessages,
  promisingIdeas: PromisingIdeaMessages,
  multilanguage: MultilanguageMessages,
  communityService: CommunityServiceMessages,
  contribution: ContributionErrors,
  communityAggregate: CommunityErrors,
  lexical: LexicalMessages,
  limits: LimitMessages,
  google: GoogleMessages,
  translate: TranslateMessages,
  itm: ItmMessages,
  sso: SsoMessages,
  ai: AiMessages,
  errors: ErrorMessages,
} as const;

type Catalogs = typeof messageCatalogs;
export type MessageCatalog = keyof Catalogs;

/** `<catalog>.<key>` of every message in `messageCatalogs`. */
export type MessageCode = { [C in MessageCatalog]: `${C}.${Extract<keyof Catalogs[C], string>}` }[MessageCatalog];

/** The values a message's wording needs (`{seconds}`, `{limit}`, `{userName}`…). */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * A message for a user: its code, its params and its English text as sent in
 * `message`/`detail` (built from the template, or a more detailed English
 * text for logs and KF6 clients when the code's wording is generic).
 */
export type UserMessage = { readonly code: MessageCode; readonly params?: MessageParams; readonly text: string };

/** A code and its params as sent to the web client (CSV row reports, replies). */
export type CodedMessage = { messageCode: MessageCode; params?: MessageParams };

/** Every code, in catalog order. */
export const messageCodes = (): MessageCode[] =>
  Object.entries(messageCatalogs).flatMap(([catalog, texts]) => Object.keys(texts).map((key) => `${catalog}.${key}` as MessageCode));

export const isMessageCode = (value: unknown): value is MessageCode => {
  if (typeof value !== 'string') return false;
  const dot = value.indexOf('.');
  const catalog = messageCatalogs[value.slice(0, dot) as MessageCatalog] as Record<string, string> | undefined;
  return dot > 0 && catalog !== undefined && Object.hasOwn(catalog, value.slice(dot + 1));
};

/** The English template of a code. */
export const templateOf = (code: MessageCode): string => {
  const dot = code.indexOf('.');
  return (messageCatalogs[code.slice(0, dot) as MessageCatalog] as Record<string, string>)[code.slice(dot + 1)] ?? code;
};

/** Fills `{name}` placeholders from `params`; unknown ones stay as written. */
export const fillTemplate = (template: string, params?: MessageParams): string =>
  params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole)) : template;

/** The message of `code`, its English text filled from `params`. */
export const msg = (code: MessageCode, params?: MessageParams): UserMessage => ({
  code,
  ...(params ? { params } : {}),
  text: fillTemplate(templateOf(code), params),
});

/** The same code and params, with an English text of its own (a detail the generic wording lacks). */
export const msgWithText = (code: MessageCode, text: string, params?: MessageParams): UserMessage => ({
  code,
  ...(params ? { params } : {}),
  text,
});

/** What the wire carries for a message: its code and params (the text travels separately). */
export const coded = (message: UserMessage): CodedMessage => ({
  messageCode: message.code,
  ...(message.params ? { params: message.params } : {}),
});

/** A reply that is a message: English `message` (KF6 clients) and `messageCode`/`params` (the web client). */
export type MessageReply = { message: string; messageCode: MessageCode; params?: MessageParams };

export const messageReply = (message: UserMessage): MessageReply => ({
  message: message.text,
  messageCode: message.code,
  ...(message.params ? { params: message.params } : {}),
});
