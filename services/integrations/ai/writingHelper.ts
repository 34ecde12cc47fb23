/**
 * The writing-help port (issue 18 §3): the use case asks for a mode and a text and reads the
 * answer as it comes, piece by piece. Adapters: the offline Hunspell check (offlineSpellChecker.ts)
 * and an OpenAI-compatible chat-completions server (chatCompletionsClient.ts).
 */
export type WritingTask =
  | { kind: 'spell'; text: string; language: 'fr' | 'en' }
  | { kind: 'correct'; text: string }
  | { kind: 'explain'; text: string; level: 1 | 2 | 3 };

export interface WritingHelper {
  /** The answer in pieces, in order; throws WritingHelpError when the helper fails. */
  stream(task: WritingTask, signal?: AbortSignal): AsyncIterable<string>;
}

/** The helper could not answer: the server refused, failed or did not answer. The message names no key. */
export class WritingHelpError extends Error {
  constructor(readonly status: number) {
    super(`writing-help server failed${status ? ` (HTTP ${status})` : ' (no answer)'}`);
  }
}
