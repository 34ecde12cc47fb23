import { randomUUID } from 'node:crypto';
import type { JobContext, JobHandler, JobOptions, JobQueue, JobState, JobStatus } from '../../core/jobQueue.ts';

export type InProcessQueueOptions = {
  /**
   * How many finished (completed or failed) jobs stay known, oldest forgotten
   * first (default 1000). A forgotten job's status is `unknown` and its id may
   * be used again.
   */
  keepFinished?: number;
};

type Worker = {
  handler: JobHandler<unknown, unknown>;
  concurrency: number;
  active: number;
};

type Waiter = {
  resolve: (status: JobStatus) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

type Entry = {
  id: string;
  name: string;
  data: unknown;
  attempts: number;
  backoffMs: number;
  state: JobState;
  progress: number;
  attemptsMade: number;
  result?: unknown;
  failedReason?: string;
  /** The delay or backoff timer while the job is `delayed`. */
  timer?: NodeJS.Timeout;
  waiters: Set<Waiter>;
};

const isFinished = (state: JobState): boolean => state === 'completed' || state === 'failed';

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const nonNegative = (value: number | undefined, fallback: number, what: string): number => {
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result < 0) throw new Error(`${what} must be a non-negative number, got ${result}`);
  return result;
};

/**
 * The embedded job queue: jobs run in this process, in the order they became
 * ready, with per-name concurrency, fixed-backoff retries, delays and `jobId`
 * de-duplication. Nothing survives a restart: jobs waiting or delayed when the
 * process stops are lost (the workers recompute statistics from read models,
 * so a lost job is redone by the next trigger).
 *
 * Jobs added before `process()` registers their handler wait for it. `close()`
 * stops timers, starts nothing new, waits for running jobs and rejects pending
 * `waitForJob` calls.
 */
export class InProcessQueue implements JobQueue {
  private readonly jobs = new Map<string, Entry>();
  /** Ready jobs per name, first in first out. */
  private readonly ready = new Map<string, Entry[]>();
  private readonly workers = new Map<string, Worker>();
  private readonly running = new Set<Promise<void>>();
  /** Finished job ids, oldest first, for `keepFinished`. */
  private readonly finished = new Set<string>();
  private readonly keepFinished: number;
  private closing: Promise<void> | undefined;

  constructor(options: InProcessQueueOptions = {}) {
    this.keepFinished = nonNegative(options.keepFinished, 1000, 'keepFinished');
  }

  process<Data, Result>(name: string, handler: JobHandler<Data, Result>, options: { concurrency?: number } = {}): void {
    this.assertOpen();
    if (this.workers.has(name)) throw new Error(`A handler for jobs called "${name}" is already registered`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
    }
    // The queue stores data as unknown; the handler's caller promised the type when adding.
    this.workers.set(name, { handler: handler as JobHandler<unknown, unknown>, concurrency, active: 0 });
    this.pump(name);
  }

  async add<Data>(name: string, data: Data, options: JobOptions = {}): Promise<string> {
    this.assertOpen();
    const attempts = options.attempts ?? 1;
    if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`attempts must be a positive integer, got ${attempts}`);
    const backoffMs = nonNegative(options.backoffMs, 0, 'backoffMs');
    const delayMs = nonNegative(options.delayMs, 0, 'delayMs');
    const id = options.jobId ?? randomUUID();
    if (this.jobs.has(id)) return id;
    const entry: Entry = {
      id,
      name,
      data,
      attempts,
      backoffMs,
      state: 'waiting',
      progress: 0,
      attemptsMade: 0,
      waiters: new Set(),
    };
    this.jobs.set(id, entry);
    if (delayMs > 0) this.delay(entry, delayMs);
    else this.enqueue(entry);
    return id;
  }

  async status(jobId: string): Promise<JobStatus> {
    const entry = this.jobs.get(jobId);
    if (!entry) return { id: jobId, name: '', state: 'unknown', progress: 0, attemptsMade: 0 };
    return snapshot(entry);
  }

  waitForJob(jobId: string, timeoutMs?: number): Promise<JobStatus> {
    const entry = this.jobs.get(jobId);
    if (!entry) return Promise.reject(new Error(`Unknown job ${jobId}`));
    if (isFinished(entry.state)) return Promise.resolve(snapshot(entry));
    if (this.closing) return Promise.reject(new Error('The job queue is closed'));
    return new Promise<JobStatus>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      if (timeoutMs !== undefined) {
        waiter.timer = setTimeout(() => {
          entry.waiters.delete(waiter);
          reject(new Error(`Job ${jobId} did not finish within ${timeoutMs} ms (state: ${entry.state})`));
        }, timeoutMs);
      }
      entry.waiters.add(waiter);
    });
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    for (const entry of this.jobs.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    for (const entry of this.jobs.values()) {
      for (const waiter of entry.waiters) {
        if (waiter.timer) clearTimeout(waiter.timer);
        waiter.reject(new Error('The job queue is closed'));
      }
      entry.waiters.clear();
    }
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('The job queue is closed');
  }

  private delay(entry: Entry, ms: number): void {
    entry.state = 'delayed';
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      this.enqueue(entry);
    }, ms);
  }

  private enqueue(entry: Entry): void {
    entry.state = 'waiting';
    let list = this.ready.get(entry.name);
    if (!list) {
      list = [];
      this.ready.set(entry.name, list);
    }
    list.push(entry);
    this.pump(entry.name);
  }

  /** Starts as many ready jobs called `name` as the concurrency allows. */
  private pump(name: string): void {
    const worker = this.workers.get(name);
    const list = this.ready.get(name);
    if (!worker || !list || this.closing) return;
    while (worker.active < worker.concurrency) {
      const entry = list.shift();
      if (!entry) break;
      const run = this.run(worker, entry);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
  }

  private async run(worker: Worker, entry: Entry): Promise<void> {
    worker.active += 1;
    entry.state = 'active';
    const context: JobContext = {
      id: entry.id,
      name: entry.name,
      attempt: entry.attemptsMade + 1,
      progress: async (value: number) => {
        entry.progress = value;
      },
    };
    try {
      // Through a promise, so that a handler throwing synchronously counts as a failed try.
      const result = await Promise.resolve().then(() => worker.handler(entry.data, context));
      entry.attemptsMade += 1;
      entry.result = result;
      this.finish(entry, 'completed');
    } catch (error) {
      entry.attemptsMade += 1;
      if (entry.attemptsMade < entry.attempts) {
        if (this.closing) entry.state = 'waiting';
        else if (entry.backoffMs > 0) this.delay(entry, entry.backoffMs);
        else this.enqueue(entry);
      } else {
        entry.failedReason = reasonOf(error);
        this.finish(entry, 'failed');
      }
    } finally {
      worker.active -= 1;
      this.pump(entry.name);
    }
  }

  private finish(entry: Entry, state: 'completed' | 'failed'): void {
    entry.state = state;
    const status = snapshot(entry);
    for (const waiter of entry.waiters) {
      if (waiter.timer) clearTimeout(waiter.timer);
      waiter.resolve(status);
    }
    entry.waiters.clear();
    this.finished.add(entry.id);
    for (const id of this.finished) {
      if (this.finished.size <= this.keepFinished) break;
      this.finished.delete(id);
      this.jobs.delete(id);
    }
  }
}

const snapshot = (entry: Entry): JobStatus => {
  const status: JobStatus = {
    id: entry.id,
    name: entry.name,
    state: entry.state,
    progress: entry.progress,
    attemptsMade: entry.attemptsMade,
  };
  if (entry.state === 'completed') status.result = entry.result;
  if (entry.state === 'failed') status.failedReason = entry.failedReason;
  return status;
};
