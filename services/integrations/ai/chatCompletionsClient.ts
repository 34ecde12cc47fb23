import { LastError } from '../integrationStatus.ts';
import type { AiSettings } from './aiSettings.ts';
import { chatRequest } from './prompts.ts';
import { sseDeltas } from './sseDeltas.ts';
import { WritingHelpError, type WritingHelper, type WritingTask } from './writingHelper.ts';

/** How long the whole answer may take. */
const wholeMs = 120_000;

/**
 * The adapter of an OpenAI-compatible chat-completions server (issue 18 §3): `POST
 * {url}/chat/completions` with `stream: true`, the answer read from its server-sent events as it
 * comes. The key goes in the Authorization header only; errors carry the HTTP status alone (never
 * the server's body, which may echo the key). Each failure is recorded for the Admin tools probe.
 */
export class ChatCompletionsClient implements WritingHelper {
  readonly lastError = new LastError();

  constructor(readonly settings: AiSettings) {}

  async *stream(task: WritingTask, signal?: AbortSignal): AsyncGenerator<string> {
    try {
      yield* this.call(task, signal);
    } catch (error) {
      const failure = error instanceof WritingHelpError ? error : new WritingHelpError(0);
      this.lastError.record(failure);
      throw failure;
    }
  }

  /** Whether the server answers its model list (any HTTP status counts): for the probe. */
  async reachable(): Promise<boolean> {
    try {
      const response = await fetch(`${this.settings.url}/models`, {
        headers: this.headers(),
        signal: AbortSignal.timeout(3_000),
      });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
    };
  }

  private async *call(task: WritingTask, signal?: AbortSignal): AsyncGenerator<string> {
    const whole = AbortSignal.timeout(wholeMs);
    let response: Response;
    try {
      response = await fetch(`${this.settings.url}/chat/completions`, {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify(chatRequest(task, this.settings.model)),
        redirect: 'error',
        signal: signal ? AbortSignal.any([whole, signal]) : whole,
      });
    } catch {
      throw new WritingHelpError(0);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new WritingHelpError(response.status);
    }
    try {
      // Node's web streams are async iterable (the DOM typings do not say so).
      yield* sseDeltas(response.body as unknown as AsyncIterable<Uint8Array>);
    } catch {
      throw new WritingHelpError(0);
    }
  }
}
