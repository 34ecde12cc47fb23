import type { AiEvent } from '../../contracts/events/ai.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';

/** One writing-help request, as managers and admins read the log (/ai-logs). */
export type AiLogDocument = Versioned & {
  _id: string;
  userId: string;
  communityId: string;
  contributionId: string | null;
  mode: string;
  size: number;
  durationMs: number;
  outcome: 'ok' | 'failed';
  status: number | null;
  text: string | null;
  at: string;
};

export const aiLogsCollectionName = 'ailogs';

/** The writing-help log (issue 18 §3): one document per AiHelpRequested. */
export const aiLogsProjection: Projection = {
  name: 'aiLogs',
  version: 1,
  collections: [{ name: aiLogsCollectionName, indexes: [['communityId', 'at'], ['userId']] }],
  handles: ['AiHelpRequested'] satisfies AiEvent['type'][],
  apply: async (event, context) => {
    const e = event as RecordedEvent<AiEvent>;
    await evolveDocument(context.collection<AiLogDocument>(aiLogsCollectionName), e.data.requestId, event, () => {
      const { requestId, ...data } = e.data;
      return { _id: requestId, ...data, at: e.metadata.at };
    });
  },
};
