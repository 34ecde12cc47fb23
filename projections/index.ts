import type { Projection } from '../services/core/projection.ts';
import { aiLogsProjection } from './aiLogs/index.ts';
import { auditProjection } from './audit/index.ts';
import { analyticsProjection } from './analytics/index.ts';
import { authorsProjection } from './authors/index.ts';
import { communitiesProjection } from './communities/index.ts';
import { contributionsProjection } from './contributions/index.ts';
import { feedbackProjection } from './feedback/index.ts';
import { historyProjection } from './history/index.ts';
import { notificationsProjection } from './notifications/index.ts';
import { promisingIdeasProjection } from './promisingIdeas/index.ts';
import { readsProjection } from './reads/index.ts';
import { searchIndexProjection } from './search/index.ts';
import { sessionsProjection } from './sessions/index.ts';
import { storageProjection } from './storage/index.ts';
import { usersProjection } from './users/index.ts';

/** Every read model, in the order the runner applies them. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  communitiesProjection,
  authorsProjection,
  contributionsProjection,
  feedbackProjection,
  historyProjection,
  readsProjection,
  analyticsProjection,
  searchIndexProjection,
  promisingIdeasProjection,
  sessionsProjection,
  auditProjection,
  storageProjection,
  notificationsProjection,
  aiLogsProjection,
];
