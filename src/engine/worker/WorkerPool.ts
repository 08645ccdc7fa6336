import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Job, JobStore } from '../../store/jobs.js';
import type { Store } from '../../store/Store.js';
import { coerceError } from './coerceError.js';
import type { JobContext } from './JobContext.js';
import { internalEnding, type JobEnding } from './JobEnding.js';
import { runBuildJob } from './runBuildJob.js';
import { runTaskJob } from './runTaskJob.js';
import { WorkerEvents } from './WorkerEvents.js';
import { type ResolvedWorkerOptions, resolveWorkerOptions, type WorkerOptions } from './WorkerOptions.js';

/** Abort reason of jobs interrupted by stop(): they are rescheduled, not cancelled. */
const SHUTDOWN = 'uxkit worker pool shutdown';
const CANCEL = 'cancelled by the user';

interface Running {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The in-process worker pool: claims jobs from the store's queue (at most `concurrency` at
 * once), runs builds and tasks through the engine, and records every ending. Defensive by
 * construction: a runner's failure becomes an internal-error ending, every job is finished,
 * rescheduled or deferred, and a failure to record that is fatal (the pool stops claiming).
 */
export class WorkerPool {
  readonly events = new WorkerEvents();
  /** Names the claims of this pool (`locked_by`). */
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #store: Store;
  readonly #jobs: JobStore;
  readonly #options: ResolvedWorkerOptions;
  readonly #running = new Map<string, Running>();
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;
  #again = false;
  #stopping = true;

  constructor(store: Store, options: WorkerOptions) {
    this.#store = store;
    this.#jobs = store.module(JobStore);
    this.#options = resolveWorkerOptions(options);
  }

  /** Jobs running now. */
  get active(): number {
    return this.#running.size;
  }

  /**
   * Reschedules jobs a dead worker left running (this pool is the only worker of its data
   * folder: every running job at start is stale), then starts claiming.
   */
  async start(): Promise<void> {
    if (!this.#stopping) return;
    for (const job of await this.#jobs.recover(Number.MAX_SAFE_INTEGER, this.#options.maxAttempts)) {
      this.events.emit('job:rescheduled', { job, reason: 'its worker stopped before it finished' });
    }
    this.#stopping = false;
    this.notify();
  }

  /** Looks for work now (after a submission), instead of at the next poll. */
  notify(): void {
    if (this.#stopping) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), 0);
  }

  /**
   * Stops claiming; running jobs get `shutdownGraceMs` to finish, then are aborted and
   * rescheduled, to run again on the next start.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const all = Promise.all([...this.#running.values()].map((r) => r.done));
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => { grace = setTimeout(resolve, this.#options.shutdownGraceMs); })]);
    clearTimeout(grace);
    for (const r of this.#running.values()) r.controller.abort(SHUTDOWN);
    await all;
    this.events.emit('stopped', {});
  }

  async #tick(): Promise<void> {
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = true;
    try {
      await this.#abortCancelled();
      while (!this.#stopping && this.#running.size < this.#options.concurrency) {
        const job = await this.#jobs.claim(this.workerId);
        if (job === undefined) break;
        this.#launch(job);
      }
    } catch (error) {
      this.events.emit('error', { error: coerceError(error) });
    } finally {
      this.#ticking = false;
      if (!this.#stopping) {
        const delay = this.#again ? 0 : this.#options.pollMs;
        this.#again = false;
        this.#timer = setTimeout(() => void this.#tick(), delay);
      }
    }
  }

  async #abortCancelled(): Promise<void> {
    const ids = await this.#jobs.cancelRequested([...this.#running.keys()]);
    for (const id of ids) this.#running.get(id)?.controller.abort(CANCEL);
  }

  #launch(job: Job): void {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve() };
    this.#running.set(job.jobId, entry);
    entry.done = this.#execute(job, controller.signal).finally(() => {
      this.#running.delete(job.jobId);
      this.notify();
    });
  }

  async #execute(job: Job, signal: AbortSignal): Promise<void> {
    this.events.emit('job:start', { job });
    const ctx: JobContext = {
      job, signal, store: this.#store, options: this.#options,
      transition: (status, message, fields) => this.#jobs.transition(job, this.workerId, status, message, fields),
    };
    let ending: JobEnding;
    try {
      ending = await (job.kind === 'build' ? runBuildJob(ctx) : runTaskJob(ctx));
    } catch (error) {
      ending = internalEnding(coerceError(error).message, job.kind === 'task' ? { finished_ms: Date.now() } : {});
    }
    try {
      await this.#record(job, signal, ending);
    } catch (error) {
      // The job stays `running` in the store and is rescheduled at the next start.
      this.#stopping = true;
      this.events.emit('fatal', { error: coerceError(error), job });
    }
  }

  async #record(job: Job, signal: AbortSignal, ending: JobEnding): Promise<void> {
    if (signal.aborted && signal.reason === SHUTDOWN && !(ending.kind === 'finish' && ending.status === 'Completed')) {
      const reason = 'rescheduled: the server shut down while it ran; it will run again';
      if (await this.#jobs.reschedule(job, this.workerId, reason)) this.events.emit('job:rescheduled', { job, reason });
      return;
    }
    if (ending.kind === 'defer') {
      await this.#jobs.defer(job, this.workerId, ending.delayMs);
      this.events.emit('job:deferred', { job, delayMs: ending.delayMs });
      return;
    }
    if (await this.#jobs.finish(job, this.workerId, ending.status, ending.message, ending.fields)) {
      this.events.emit('job:end', { job, status: ending.status, message: ending.message });
    }
  }
}
