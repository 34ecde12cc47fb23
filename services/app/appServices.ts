import type { EventStore } from '../core/eventStore.ts';
import type { IdempotencyStore } from '../core/idempotencyStore.ts';
import type { JobQueue } from '../core/jobQueue.ts';
import type { OnceStore } from '../core/onceStore.ts';
import type { ReadStore } from '../core/readStore.ts';
import type { MemoryReport } from './memoryReport.ts';
import type { ProjectionRunner } from '../../projections/runner.ts';
import type { NotificationDigests } from '../api/notifications/digest.ts';
import type { ItmClient } from '../integrations/itm/itmClient.ts';
import type { RobotCheck } from '../integrations/robot-check/robotCheck.ts';
import type { CommandDeps } from '../core/commandDeps.ts';
import type { AccountService } from '../api/accounts/accountService.ts';
import type { CommunityAccess } from '../api/communities/access.ts';
import type { CommunityService } from '../api/communities/communityService.ts';
import type { HelpService } from '../api/help/helpService.ts';
import type { AuthorService } from '../api/authors/authorService.ts';
import type { TimeMachineService } from '../api/timemachine/timeMachineService.ts';
import type { ObjectService } from '../api/objects/objectService.ts';
import type { CanvasReader } from '../api/canvas/canvasReader.ts';
import type { CanvasService } from '../api/canvas/canvasService.ts';
import type { ResearchService } from '../api/research/researchService.ts';

/** What route modules receive: use cases and ports, already wired. */
export type AppServices = {
  accounts: AccountService;
  /** The community gate: membership, role, archived and blocked checks. */
  access: CommunityAccess;
  /** Communities, their settings, views, scaffolds and groups; "update all cache". */
  communities: CommunityService;
  /** The help form: stored feedback, e-mailed when SMTP is configured. */
  help: HelpService;
  /** Memberships: join, roles, password resets by managers, blocking writers, CSV imports. */
  authors: AuthorService;
  /** The time machine: a view's history replayed from the event streams, per reader. */
  timeMachine: TimeMachineService;
  /** The contribution page: objects, note and drawing saves, properties, attachments, connections, history. */
  objects: ObjectService;
  /** The view canvas's reads: the one-request load and per-reader refs (also used by live push). */
  canvasReader: CanvasReader;
  /** The view canvas's writes: refs, links, contributions where placed, rise-above, view manager, workspace, reads. */
  canvas: CanvasService;
  /** The research API (issue 24 §5): snapshots as of an instant, reads and events, pseudonymised for researchers. */
  research: ResearchService;
  commandDeps: CommandDeps;
  robotCheck: RobotCheck;
  runner: ProjectionRunner;
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
  /** Keys claimed once within a time (single-use robot-check solutions, Google consent states). */
  onceStore: OnceStore;
  /** Replies kept for retries with the same Idempotency-Key (services/api/plugins/idempotency.ts). */
  idempotency: IdempotencyStore;
  storage: { eventStore: string; readStore: string; jobQueue: string };
  /** What holds the server's memory now (GET /api/admin/memory). */
  memory: () => MemoryReport;
  /** The daily e-mail of unread notifications (issue 18 §5). */
  notificationDigests?: NotificationDigests;
  /** The ITM server's adapter (issue 18 §7) when BUILDON_ITM_URL is set. */
  itm?: ItmClient | null;
};
