/**
 * The translation port (issue 18 §4): the route and its use case know only
 * this, the adapter (libreTranslateClient.ts) speaks the server's protocol.
 */
export interface Translator {
  /** `text` (at most `maxChunk` characters) in `target` (an ISO 639-1 code such as `en` or `zh`), the source detected. */
  translate(text: string, target: string): Promise<string>;
}

/** The adapter could not translate: the server refused, failed or did not answer. The message names no key. */
export class TranslateError extends Error {
  constructor(readonly status: number) {
    super(`translation server failed${status ? ` (HTTP ${status})` : ' (no answer)'}`);
  }
}
