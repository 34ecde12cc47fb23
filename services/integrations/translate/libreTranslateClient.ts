import { LastError } from '../integrationStatus.ts';
import type { TranslateSettings } from './translateSettings.ts';
import { TranslateError, type Translator } from './translator.ts';

const timeoutMs = 20_000;

/**
 * The adapter of a LibreTranslate-compatible server (LibreTranslate itself,
 * or any service speaking its `POST /translate`): `{q, source: "auto",
 * target, format: "text", api_key}` in, `{translatedText}` out. Each failure
 * is recorded for the Admin tools probe (translateProbe); the key is sent in
 * the body only, and no error message carries it.
 */
export class LibreTranslateClient implements Translator {
  readonly lastError = new LastError();

  constructor(readonly settings: TranslateSettings) {}

  async translate(text: string, target: string): Promise<string> {
    try {
      return await this.call(text, target);
    } catch (error) {
      this.lastError.record(error);
      throw error;
    }
  }

  /** Whether the server answers its language list (any HTTP status counts): for the probe. */
  async reachable(): Promise<boolean> {
    try {
      const response = await fetch(`${this.settings.url}/languages`, { signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  }

  private async call(text: string, target: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.url}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: text,
          source: 'auto',
          target,
          format: 'text',
          ...(this.settings.apiKey ? { api_key: this.settings.apiKey } : {}),
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new TranslateError(0);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new TranslateError(response.status);
    }
    const reply = (await response.json().catch(() => null)) as { translatedText?: unknown } | null;
    if (typeof reply?.translatedText !== 'string') throw new TranslateError(response.status);
    return reply.translatedText;
  }
}
