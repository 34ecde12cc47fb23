/**
 * The job queue port: named jobs with JSON data, run by registered handlers
 * with retries. Adapters: an in-process runner (embedded) and BullMQ on Redis
 * (scale); both pass tests/contract/jobQueue.features.ts.
 */

export type JobOptions = {
  /** A job with the id of a job still known to the queue is not added twice. */
  jobId?: string;
  /** Total tries including the first (default 1). */
  attempts?: number;
  /** Fixed delay between tries, in ms (default 0). */
  backoffMs?: number;
  /** Wait this long before the first try, in ms. */
  delayMs?: number;
};

export type JobContext = {
  id: string;
  name: string;
  /** 1 on the first try. */
  attempt: number;
  /** Reports progress (0–100) to whoever watches the job. */
  progress(value: number): Promise<void>;
};

export type JobHandler<Data = unknown, Result = unknown> = (data: Data, context: JobContext) => Promise<Result>;

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';

export type JobStatus<Result = unknown> = {
  id: string;
  name: string;
  state: JobState;
  progress: number;
  attemptsMade: number;
  result?: Result;
  failedReason?: string;
};

export interface JobQueue {
  /** Registers the handler for jobs called `name`; start processing them. */
  process<Data, Result>(name: string, handler: JobHandler<Data, Result>, options?: { concurrency?: number }): void;
  /** Adds a job; resolves with its id. */
  add<Data>(name: string, data: Data, options?: JobOptions): Promise<string>;
  status(jobId: string): Promise<JobStatus>;
  /** Resolves when the job completed or failed for good (rejects on timeout). */
  waitForJob(jobId: string, timeoutMs?: number): Promise<JobStatus>;
  close(): Promise<void>;
}
