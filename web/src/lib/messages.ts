import i18next, { type TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../contracts/errors.ts';
import {
  isMessageCode,
  type CodedMessage,
  type MessageCode,
  type MessageParams,
  type UserMessage,
} from '../../../contracts/messageCodes.ts';

/**
 * Server messages on screen. The server sends a stable `messageCode` (and
 * `params`) with every message (contracts/messageCodes.ts); the interface
 * shows the translation under `server.<code>` of the locale files
 * (locales/server/*.json), never the English text, and a translated generic
 * message for a code it does not know.
 */

/** Something that names a message: a code, a coded message of the wire, or a contract message. */
export type MessageRef = MessageCode | CodedMessage | UserMessage;

const codeOf = (ref: MessageRef | undefined): { code?: string; params?: MessageParams } =>
  ref === undefined
    ? {}
    : typeof ref === 'string'
      ? { code: ref }
      : 'messageCode' in ref
        ? { code: ref.messageCode, params: ref.params }
        : { code: ref.code, params: ref.params };

const fallbackKinds: ReadonlySet<string> = new Set<ErrorCode>([
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'concurrency',
  'rate_limited',
  'internal',
]);

/** The generic message for a kind of failure (an ErrorCode), or for any failure. */
export const fallbackText = (t: TFunction, kind?: string): string =>
  kind && fallbackKinds.has(kind) ? t(`server.fallback.${kind as 'validation'}`) : t('common.genericError');

/**
 * The text of a server message in the interface language: the translation of
 * its code with its params, else the generic message of `kind`.
 */
export const translateMessage = (t: TFunction, code: string | undefined, params?: MessageParams, kind?: string): string =>
  code && isMessageCode(code) ? t(`server.${code}` as never, { ...params }) : fallbackText(t, kind);

/** `translateMessage` in the current language, for code outside React (the API client). */
export const messageText = (ref: MessageRef | undefined, kind?: string): string => {
  const { code, params } = codeOf(ref);
  return translateMessage(i18next.t, code, params, kind);
};

/** A translator of message references bound to the current language (re-renders on a change). */
export const useMessageText = (): ((ref: MessageRef) => string) => {
  const { t } = useTranslation();
  return useCallback(
    (ref: MessageRef) => {
      const { code, params } = codeOf(ref);
      return translateMessage(t, code, params);
    },
    [t],
  );
};

/** A CSV row's messages, translated and joined as the server joins them. */
export const rowText = (t: TFunction, messages: readonly CodedMessage[]): string =>
  messages.map((message) => translateMessage(t, message.messageCode, message.params)).join(', ');
