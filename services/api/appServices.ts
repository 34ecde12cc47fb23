import type { EventStore } from '../core/eventStore.ts';
import type { JobQueue } from '../core/jobQueue.ts';
import type { ReadStore } from '../core/readStore.ts';
import type { ProjectionRunner } from '../../projections/runner.ts';
import type { RobotCheck } from '../integrations/robot-check/robotCheck.ts';
import type { AccountService } from './accounts/accountService.ts';

/** What route modules receive: use cases and ports, already wired. */
export type AppServices = {
  accounts: AccountService;
  robotCheck: RobotCheck;
  runner: ProjectionRunner;
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
  storage: { eventStore: string; readStore: string; jobQueue: string };
};
