import type { AiLogEntry, AiLogQuery } from '../../../contracts/api/ai.ts';
import { aiLogsCollectionName, type AiLogDocument } from '../../../projections/aiLogs/index.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { csvCell } from '../audit/auditQuery.ts';
import type { CommunityAccess } from '../communities/access.ts';

/** The most entries one page or CSV holds (newest first). */
export const aiLogMaxRows = 5_000;

const csvColumns = ['at', 'userName', 'userId', 'mode', 'size', 'durationMs', 'outcome', 'contributionId', 'text'] as const;

/** `to` given as a day covers that whole day. */
const upperBound = (to: string): string => (to.length === 10 ? `${to}T23:59:59.999Z` : to);

/**
 * The writing-help log of one community (issue 18 §3; /ai-logs): for its managers and admins,
 * filtered by user, mode and period, newest first, as JSON or CSV (UTF-8 with a BOM).
 */
export class AiLogs {
  constructor(private readonly deps: { readStore: ReadStore; access: CommunityAccess }) {}

  async list(user: UserDocument, communityId: string, query: AiLogQuery): Promise<AiLogEntry[]> {
    await this.deps.access.manager(user, communityId);
    const docs = await this.deps.readStore
      .collection<AiLogDocument>(aiLogsCollectionName)
      .find({ communityId }, { sort: { at: -1, _id: -1 } });
    const kept = docs
      .filter((doc) => !query.userId || doc.userId === query.userId)
      .filter((doc) => !query.mode || doc.mode === query.mode)
      .filter((doc) => !query.from || doc.at >= query.from)
      .filter((doc) => !query.to || doc.at <= upperBound(query.to))
      .slice(0, aiLogMaxRows);
    const users = await this.deps.readStore
      .collection<UserDocument>(usersCollectionName)
      .find({ _id: { $in: [...new Set(kept.map((doc) => doc.userId))] } });
    const names = new Map(users.map((u) => [u._id, u.userName]));
    return kept.map((doc) => ({
      _id: doc._id,
      userId: doc.userId,
      userName: names.get(doc.userId) ?? '',
      communityId: doc.communityId,
      contributionId: doc.contributionId,
      mode: doc.mode,
      size: doc.size,
      durationMs: doc.durationMs,
      outcome: doc.outcome,
      text: doc.text,
      at: doc.at,
    }));
  }

  async csv(user: UserDocument, communityId: string, query: AiLogQuery): Promise<string> {
    const entries = await this.list(user, communityId, query);
    const lines = [csvColumns.join(',')];
    for (const entry of entries) {
      lines.push(csvColumns.map((column) => csvCell(String(entry[column] ?? ''))).join(','));
    }
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }
}
