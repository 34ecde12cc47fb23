import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { FeedbackEvent } from '../../contracts/events/feedback.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';

/** A help-form message, as admins read it. */
export type FeedbackDocument = Versioned & {
  _id: string;
  userId: string;
  from: string;
  title: string;
  content: string;
  browser: string | null;
  communityTitle: string | null;
  created: string;
};

export const feedbackCollectionName = 'feedback';

export const feedbackProjection: Projection = {
  name: 'feedback',
  version: 1,
  collections: [{ name: feedbackCollectionName, indexes: [['userId']] }],
  handles: ['FeedbackSent'] satisfies FeedbackEvent['type'][],
  apply: async (event, context) => {
    const e = event as RecordedEvent<FeedbackEvent>;
    await evolveDocument(context.collection<FeedbackDocument>(feedbackCollectionName), e.data.feedbackId, event, () => {
      const { feedbackId, ...data } = e.data;
      return { _id: feedbackId, ...data, created: e.metadata.at };
    });
  },
};
