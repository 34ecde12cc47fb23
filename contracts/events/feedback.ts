import type { Event } from './event.ts';

export const feedbackStreamName = (feedbackId: string): string => `feedback-${feedbackId}`;

/** A message sent with the help form. */
export type FeedbackSent = Event<
  'FeedbackSent',
  {
    feedbackId: string;
    userId: string;
    /** The reply address the user typed ("from"). */
    from: string;
    title: string;
    content: string;
    /** Present only when the user ticked "include browser information". */
    browser: string | null;
    /** Present only when the user ticked "include community name". */
    communityTitle: string | null;
  }
>;

export type FeedbackEvent = FeedbackSent;
