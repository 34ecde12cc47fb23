import type { EventStore, Subscription } from '../../core/eventStore.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { SerialSteps } from '../../core/serialSteps.ts';
import { ItmError, type ItmClient } from '../../integrations/itm/itmClient.ts';
import type { AppliedLog } from '../analytics/jobTrigger.ts';
import { docToKf6Html } from '../routes/kf6/html.ts';
import { itmCallFor, itmEventTypes, type ItmCall } from './itmCalls.ts';

export const itmCallJobName = 'itm.call';

type Log = { warn?(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type ItmJobsOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
  runner: AppliedLog;
  client: ItmClient;
  log?: Log;
};

export type ItmJobs = {
  /** Resolves when the calls of the events seen so far are on the queue (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

type ThreadsReply = { id: unknown; threads?: { id: unknown }[] }[];

/** After a note's save: a refresh message to each ITM thread that holds it (failures only logged). */
const broadcastToThreads = async (client: ItmClient, call: ItmCall, log?: Log): Promise<void> => {
  try {
    const noteId = call.fields.note_id;
    // ITM answers `failure` for a note in no thread: nothing to refresh, and nothing to log.
    const projects = await client
      .iius<ThreadsReply>(call.server, '/IIUSs/project/get_by_note_id', call.communityId, { note_id: noteId })
      .catch((error: unknown) => {
        if (error instanceof ItmError && error.refused) return [];
        throw error;
      });
    for (const project of projects ?? []) {
      for (const thread of project.threads ?? []) {
        await client.wsg(call.server, '/ITM3/msg/broadcast', call.communityId, {
          uid: call.fields.kf_user_id,
          project: project.id,
          thread: thread.id,
          note_id: noteId,
          action: 'refresh',
          message: 'A note has been saved',
        });
      }
    }
  } catch (err) {
    log?.warn?.({ err: err instanceof Error ? err.message : String(err), communityId: call.communityId }, 'ITM thread refresh failed');
  }
};

/** Runs one call: what a job of `itm.call` does on each try. */
export const runItmCall = async (client: ItmClient, call: ItmCall, log?: Log): Promise<void> => {
  if (call.kind === 'wsg') return client.wsg(call.server, call.path, call.communityId, call.fields);
  await client.iius(call.server, call.path, call.communityId, call.fields);
  if (call.kind !== 'note') return;
  const noteId = call.fields.note_id;
  for (const viewId of call.placedIn ?? []) {
    await client.wsg(call.server, '/WSG/view_note/add', call.communityId, { viewid: viewId, noteid: noteId });
  }
  for (const parentId of call.buildsOn ?? []) {
    await client.wsg(call.server, '/WSG/note_note/add', call.communityId, { fromnoteid: noteId, tonoteid: parentId, linktype: 'buildson' });
  }
  await broadcastToThreads(client, call, log);
};

/**
 * The ITM integration's jobs (issue 18 §7): where the projections are applied,
 * follows the event log; for a note's save, a build-on, a note placed in a
 * view or a view created in a community whose `itm` plugin is on, adds a job
 * that makes the call with retries and a backoff. A failure is logged (the
 * last try as given up) and never reaches the user, whose save is long done.
 */
export const startItmJobs = (options: ItmJobsOptions): ItmJobs => {
  const { eventStore, queue, runner, client, log } = options;
  const { attempts, backoffMs } = client.settings;
  // A note's body goes as HTML, the form ITM stores: the KF6 dialect's serialiser.
  const deps = { readStore: options.readStore, settings: client.settings, toHtml: docToKf6Html };

  queue.process<ItmCall, void>(
    itmCallJobName,
    async (call, job) => {
      try {
        await runItmCall(client, call, log);
      } catch (err) {
        const last = job.attempt >= attempts;
        const fields = {
          err: err instanceof Error ? err.message : String(err),
          path: call.path,
          communityId: call.communityId,
          attempt: job.attempt,
        };
        log?.warn?.(fields, last ? 'ITM call failed; given up' : 'ITM call failed; tried again later');
        throw err;
      }
    },
    { concurrency: 2 },
  );

  let stopped = false;
  const steps = new SerialSteps();
  const enqueue = (event: Parameters<typeof itmCallFor>[1]): void => {
    steps.add(
      async () => {
        if (stopped) return;
        await runner.waitFor(event.globalPosition, 30_000);
        const call = await itmCallFor(deps, event);
        // One job per event: another node following the same log adds the same id, which the queue keeps once.
        if (call && !stopped) await queue.add(itmCallJobName, call, { jobId: `itm-${event.eventId}`, attempts, backoffMs });
      },
      (err) => log?.error({ err, eventId: event.eventId }, 'an ITM call could not be queued'),
    );
  };

  let subscription: Subscription | null = eventStore.subscribeToAll({
    after: runner.position,
    onEvent: (event) => {
      if (itmEventTypes.has(event.type)) enqueue(event);
    },
    onError: (err) => {
      subscription = null;
      if (!stopped) log?.error({ err }, 'the ITM jobs stopped following the event log');
    },
  });

  return {
    idle: () => steps.idle(),
    stop: async () => {
      stopped = true;
      await subscription?.close();
      subscription = null;
      await steps.idle();
    },
  };
};
