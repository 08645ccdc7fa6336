import type { Job, TargetFields } from '../../store/jobs.js';
import type { Status } from '../../store/jobStatus.js';
import type { Store } from '../../store/Store.js';
import type { ResolvedWorkerOptions } from './WorkerOptions.js';

/** What a job runner gets from the pool. */
export interface JobContext {
  job: Job;
  store: Store;
  /** Aborted on a user's cancel or on shutdown. */
  signal: AbortSignal;
  options: ResolvedWorkerOptions;
  /** Writes a non-terminal status of the job's target; false when the job is no longer this worker's. */
  transition(status: Status, message: string, fields?: TargetFields): Promise<boolean>;
}
