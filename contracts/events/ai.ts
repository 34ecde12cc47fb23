import type { Event } from './event.ts';

/** One stream per writing-help request: `aiRequest-{requestId}`. */
export const aiRequestStreamName = (requestId: string): string => `aiRequest-${requestId}`;

/**
 * A writing-help request was answered (or failed) (issue 18 §3): who asked, in which community,
 * about which note, which mode, how many characters were sent and how long the answer took.
 * `text` is what was sent only when the community keeps it (its `aiLogText` plugin), else null.
 */
export type AiHelpRequested = Event<
  'AiHelpRequested',
  {
    requestId: string;
    userId: string;
    communityId: string;
    contributionId: string | null;
    mode: string;
    size: number;
    durationMs: number;
    /** `ok`, or `failed` when the helper broke off (its HTTP status, if any, in `status`). */
    outcome: 'ok' | 'failed';
    status: number | null;
    text: string | null;
  }
>;

export type AiEvent = AiHelpRequested;
