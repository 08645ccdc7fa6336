import type { Job } from '../../store/jobs.js';
import type { Status } from '../../store/jobStatus.js';

/** Lifecycle events of the worker pool. */
export interface WorkerEventMap {
  'job:start': { job: Job };
  'job:end': { job: Job; status: Status; message: string };
  'job:rescheduled': { job: Job; reason: string };
  'job:deferred': { job: Job; delayMs: number };
  /** A failure the pool survived (a claim or cancel check that threw). */
  'error': { error: Error };
  /** A job whose ending could not be recorded; the pool stops claiming. */
  'fatal': { error: Error; job: Job };
  'stopped': Record<string, never>;
}

type Listener<K extends keyof WorkerEventMap> = (event: WorkerEventMap[K]) => void;

/**
 * A typed emitter whose `emit` never throws: a listener that fails is skipped, so that
 * observing the pool can never break a job's bookkeeping.
 */
export class WorkerEvents {
  readonly #listeners = new Map<keyof WorkerEventMap, Set<(event: never) => void>>();

  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof WorkerEventMap>(name: K, listener: Listener<K>): () => void {
    let set = this.#listeners.get(name);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(name, set);
    }
    set.add(listener as (event: never) => void);
    return () => set.delete(listener as (event: never) => void);
  }

  emit<K extends keyof WorkerEventMap>(name: K, event: WorkerEventMap[K]): void {
    const set = this.#listeners.get(name);
    if (set === undefined) return;
    for (const listener of set) {
      try {
        (listener as Listener<K>)(event);
      } catch {
        // A broken observer must not affect the job it observes.
      }
    }
  }
}
