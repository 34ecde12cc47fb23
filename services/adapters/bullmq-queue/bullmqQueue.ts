import { randomUUID } from 'node:crypto';
import { Queue, Worker, type JobState as BullJobState, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../../core/errors.ts';
import type { JobContext, JobHandler, JobOptions, JobQueue, JobState, JobStatus } from '../../core/jobQueue.ts';
import { connectRedis, redisCommandTimeoutMs } from '../redis/connectRedis.ts';

export type BullmqQueueOptions = {
  /**
   * Prefix of every Redis key (default `buildon`). Queues sharing a Redis
   * server but not a prefix never see each other's jobs; tests use a unique
   * prefix per run.
   */
  prefix?: string;
  /**
   * How many completed and how many failed jobs each job name keeps in Redis
   * (default 1000 each, oldest removed first). A removed job's status is
   * `unknown` and its id may be used again.
   */
  keepFinished?: number;
  /** How often `waitForJob` polls the job's state, in ms (default 50). */
  pollIntervalMs?: number;
  /**
   * Receives connection and worker errors that have no caller to reject
   * (default: `console.error`).
   */
  onError?: (error: Error) => void;
  /** How long `connect` waits for Redis before failing, in ms (default 5000). */
  connectTimeoutMs?: number;
};

/** Maps BullMQ's states onto the port's. */
const stateOf = (state: BullJobState | 'unknown'): JobState => {
  switch (state) {
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    default:
      return state;
  }
};

/**
 * BullMQ refuses custom ids that look like integers or contain `:`, so every
 * port id is stored as `j_` plus its URI encoding. Callers only ever see the
 * port id.
 */
const bullId = (jobId: string): string => `j_${encodeURIComponent(jobId)}`;

const nonNegative = (value: number | undefined, fallback: number, what: string): number => {
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result < 0) throw new Error(`${what} must be a non-negative number, got ${result}`);
  return result;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * The scale job queue: BullMQ on Redis, so jobs survive restarts and any
 * process connected to the same Redis and prefix can add, run or watch them.
 *
 * Layout: one BullMQ queue per job name (the queue is named after the job), so
 * `process()` starts one BullMQ `Worker` per name with its own concurrency.
 * Because `status()` and `waitForJob()` receive only an id, the names in use
 * are kept in the Redis set `<prefix>:buildon-job-names` and a job is looked up
 * in each of those queues. Ids are therefore unique across names: a job id
 * still known under any name is not added again.
 *
 * `waitForJob` polls the job state (every `pollIntervalMs`) rather than
 * listening to `QueueEvents`: polling needs no extra blocking connection per
 * queue and cannot miss an event that fired before the listener was ready.
 *
 * Connections: every queue shares one ioredis connection that fails fast
 * (connectRedis: no offline queue, a command timeout), and every call of
 * `add()`, `status()` and `waitForJob()` has a deadline, so with Redis down
 * they reject within about two seconds with a ServiceUnavailableError (a 503)
 * instead of waiting for BullMQ's reconnection; the workers share a second one with
 * `maxRetriesPerRequest: null` (as BullMQ requires for workers), and each
 * worker duplicates it for its blocking reads. `close()` waits for running
 * jobs, then closes workers, queues and both connections.
 */
export class BullmqQueue implements JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  /** Job names of ids added or seen by this instance, to skip the lookup. */
  private readonly names = new Map<string, string>();
  private readonly prefix: string;
  private readonly namesKey: string;
  private readonly keepFinished: number;
  private readonly pollIntervalMs: number;
  private readonly onError: (error: Error) => void;
  private readonly pollers = new Set<() => void>();
  /** Workers' connection, opened by the first `process()`; see the class comment. */
  private workerRedis: Redis | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly redis: Redis,
    options: BullmqQueueOptions,
  ) {
    this.prefix = options.prefix ?? 'buildon';
    if (this.prefix.length === 0) throw new Error('prefix must not be empty');
    this.namesKey = `${this.prefix}:buildon-job-names`;
    this.keepFinished = nonNegative(options.keepFinished, 1000, 'keepFinished');
    this.pollIntervalMs = nonNegative(options.pollIntervalMs, 50, 'pollIntervalMs');
    this.onError = options.onError ?? ((error) => console.error('[bullmq-queue]', error));
  }

  /**
   * Connects to Redis and resolves once the connection is ready; rejects (and
   * leaves nothing open) when Redis cannot be reached.
   * @param redisUrl e.g. `redis://127.0.0.1:6379/0`
   * @returns the queue, owning its connection until `close()`
   */
  static async connect(redisUrl: string, options: BullmqQueueOptions = {}): Promise<BullmqQueue> {
    const onError = options.onError ?? ((error: Error) => console.error('[bullmq-queue]', error));
    const redis = await connectRedis(redisUrl, { connectTimeoutMs: options.connectTimeoutMs, onError });
    return new BullmqQueue(redis, options);
  }

  process<Data, Result>(name: string, handler: JobHandler<Data, Result>, options: { concurrency?: number } = {}): void {
    this.assertOpen();
    if (this.workers.has(name)) throw new Error(`A handler for jobs called "${name}" is already registered`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
    }
    assertName(name);
    const worker = new Worker<Data, Result>(
      name,
      async (job) => {
        const context: JobContext = {
          id: this.portId(job.id ?? ''),
          name: job.name,
          attempt: job.attemptsMade + 1,
          progress: (value: number) => job.updateProgress(value),
        };
        return handler(job.data, context);
      },
      { connection: this.workerConnection(), prefix: this.prefix, concurrency, autorun: true },
    );
    worker.on('error', (error) => this.onError(error));
    this.workers.set(name, worker);
    this.redis.sadd(this.namesKey, name).catch((error: unknown) => this.onError(asError(error)));
  }

  async add<Data>(name: string, data: Data, options: JobOptions = {}): Promise<string> {
    this.assertOpen();
    assertName(name);
    const attempts = options.attempts ?? 1;
    if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`attempts must be a positive integer, got ${attempts}`);
    const backoffMs = nonNegative(options.backoffMs, 0, 'backoffMs');
    const delayMs = nonNegative(options.delayMs, 0, 'delayMs');
    const id = options.jobId ?? randomUUID();
    if (options.jobId !== undefined) {
      // Same-name duplicates are refused by BullMQ itself; this catches an id used under another name.
      const existing = await this.guard(() => this.findJob(id));
      if (existing) return id;
    }
    const queue = await this.guard(() => this.queueFor(name));
    const jobOptions: JobsOptions = {
      jobId: bullId(id),
      attempts,
      removeOnComplete: { count: this.keepFinished },
      removeOnFail: { count: this.keepFinished },
    };
    if (backoffMs > 0) jobOptions.backoff = { type: 'fixed', delay: backoffMs };
    if (delayMs > 0) jobOptions.delay = delayMs;
    await this.guard(() => queue.add(name, data, jobOptions));
    this.names.set(id, name);
    return id;
  }

  async status(jobId: string): Promise<JobStatus> {
    this.assertOpen();
    return (await this.guard(() => this.findJob(jobId))) ?? { id: jobId, name: '', state: 'unknown', progress: 0, attemptsMade: 0 };
  }

  async waitForJob(jobId: string, timeoutMs?: number): Promise<JobStatus> {
    this.assertOpen();
    const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    let stopped = false;
    const stop = (): void => {
      stopped = true;
    };
    this.pollers.add(stop);
    try {
      for (;;) {
        const status = await this.guard(() => this.findJob(jobId));
        if (!status) throw new Error(`Unknown job ${jobId}`);
        if (status.state === 'completed' || status.state === 'failed') return status;
        if (stopped) throw new Error('The job queue is closed');
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`Job ${jobId} did not finish within ${timeoutMs} ms (state: ${status.state})`);
        }
        await sleep(Math.min(this.pollIntervalMs, left));
        if (stopped) throw new Error('The job queue is closed');
      }
    } finally {
      this.pollers.delete(stop);
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    for (const stop of this.pollers) stop();
    const errors: unknown[] = [];
    const settle = async (closes: Promise<void>[]): Promise<void> => {
      for (const result of await Promise.allSettled(closes)) {
        if (result.status === 'rejected') errors.push(result.reason);
      }
    };
    // With Redis away, a graceful close would wait for it to come back: close at once instead
    // (a running job is then retried by another worker, as after a crash).
    const away = this.redis.status !== 'ready';
    // Workers first: each waits for its running jobs, which may still add jobs or report progress.
    await settle([...this.workers.values()].map((worker) => worker.close(away)));
    if (away) {
      for (const redis of [this.workerRedis, this.redis]) redis?.disconnect();
    }
    await settle([...this.queues.values()].map((queue) => queue.close()));
    for (const redis of [this.workerRedis, this.redis]) {
      if (!redis || redis.status === 'end') continue;
      try {
        await redis.quit();
      } catch (error) {
        errors.push(error);
        redis.disconnect();
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'Closing the BullMQ job queue failed');
  }

  /**
   * Runs Redis work with a deadline: refused at once while Redis is away,
   * a ServiceUnavailableError after `redisCommandTimeoutMs` + 500 ms otherwise.
   * (BullMQ waits for a reconnecting connection to be ready, however long.)
   */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') throw new ServiceUnavailableError('Redis', 5);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ServiceUnavailableError('Redis', 5)), redisCommandTimeoutMs + 500);
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      if (this.redis.status !== 'ready') throw new ServiceUnavailableError('Redis', 5, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private workerConnection(): Redis {
    if (!this.workerRedis) {
      // Workers must wait out a Redis outage rather than fail their commands: they queue
      // while disconnected and their blocking reads have no command timeout.
      this.workerRedis = this.redis.duplicate({
        maxRetriesPerRequest: null,
        lazyConnect: false,
        enableOfflineQueue: true,
        commandTimeout: undefined,
      });
      this.workerRedis.on('error', (error: Error) => this.onError(error));
    }
    return this.workerRedis;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('The job queue is closed');
  }

  private async queueFor(name: string): Promise<Queue> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix });
      queue.on('error', (error) => this.onError(error));
      this.queues.set(name, queue);
      await this.redis.sadd(this.namesKey, name);
    }
    return queue;
  }

  /** The job's status, looked up under the name it was added with, else under every known name. */
  private async findJob(jobId: string): Promise<JobStatus | undefined> {
    const known = this.names.get(jobId);
    if (known !== undefined) {
      const status = await this.statusIn(known, jobId);
      if (status) return status;
      this.names.delete(jobId);
    }
    const names = await this.redis.smembers(this.namesKey);
    for (const name of names) {
      if (name === known) continue;
      const status = await this.statusIn(name, jobId);
      if (status) {
        this.names.set(jobId, name);
        return status;
      }
    }
    return undefined;
  }

  private async statusIn(name: string, jobId: string): Promise<JobStatus | undefined> {
    const queue = await this.queueFor(name);
    // State first: the job read after it is at least as far along, so a
    // `completed` state always comes with its return value.
    const state = stateOf(await queue.getJobState(bullId(jobId)));
    if (state === 'unknown') return undefined;
    const job = await queue.getJob(bullId(jobId));
    if (!job) return undefined;
    const status: JobStatus = {
      id: jobId,
      name: job.name,
      state,
      progress: typeof job.progress === 'number' ? job.progress : 0,
      attemptsMade: job.attemptsMade,
    };
    if (state === 'completed') status.result = job.returnvalue;
    if (state === 'failed') status.failedReason = job.failedReason;
    return status;
  }

  private portId(storedId: string): string {
    return storedId.startsWith('j_') ? decodeURIComponent(storedId.slice(2)) : storedId;
  }
}

/** BullMQ queue names (our job names) may not contain `:`. */
const assertName = (name: string): void => {
  if (name.length === 0 || name.includes(':')) throw new Error(`Invalid job name "${name}": non-empty, without ":"`);
};
