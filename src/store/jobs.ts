import type { BlobStore } from './blobs.js';
import type { Db } from './Db.js';
import { newId } from './ids.js';
import { type Status, type StatusTransition, toSeconds } from './jobStatus.js';

export type JobKind = 'build' | 'task';
export type JobState = 'queued' | 'running' | 'done';

export interface Job {
  jobId: string;
  kind: JobKind;
  /** The BuildID or TaskID the job works on. */
  targetId: string;
  state: JobState;
  /** Times the job was claimed (a reschedule counts; waiting for a build does not). */
  attempts: number;
  lockedBy: string | null;
}

interface JobRow {
  job_id: string;
  kind: JobKind;
  target_id: string;
  state: JobState;
  attempts: number;
  locked_by: string | null;
  cancel_requested: number;
}

const toJob = (r: JobRow): Job => ({
  jobId: r.job_id, kind: r.kind, targetId: r.target_id, state: r.state, attempts: r.attempts, lockedBy: r.locked_by,
});

/** Table and key column of each kind's target; only these names ever reach SQL text. */
const TARGET = { build: ['builds', 'build_id'], task: ['tasks', 'task_id'] } as const;

/** Extra columns a status change writes on its target row (names from code, never from users). */
export type TargetFields = Record<string, string | number | null>;

/** Queues a job for a new build or task; call inside the transaction that inserts the target. */
export function insertJob(db: Db, kind: JobKind, targetId: string, nowMs: number): string {
  const jobId = newId('job');
  db.run('INSERT INTO jobs (job_id, kind, target_id, state, run_after, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
    jobId, kind, targetId, 'queued', nowMs, nowMs);
  return jobId;
}

/**
 * Sets a target's Status, appends the transition and writes `fields`, all inside the
 * caller's transaction. False when the target no longer exists.
 */
function appendTransition(
  db: Db, kind: JobKind, targetId: string, status: Status, message: string, nowMs: number, fields: TargetFields = {},
): boolean {
  const [table, idColumn] = TARGET[kind];
  const row = db.get<{ transitions: string }>(`SELECT transitions FROM ${table} WHERE ${idColumn} = ?`, targetId);
  if (row === undefined) return false;
  const transitions = JSON.parse(row.transitions) as StatusTransition[];
  transitions.push({ Status: status, Timestamp: toSeconds(nowMs), Message: message });
  const names = Object.keys(fields);
  const sets = ['status = ?', 'transitions = ?', 'updated_ms = ?', ...names.map((n) => `${n} = ?`)].join(', ');
  db.run(`UPDATE ${table} SET ${sets} WHERE ${idColumn} = ?`,
    status, JSON.stringify(transitions), nowMs, ...names.map((n) => fields[n]), targetId);
  return true;
}

/** What a cancel request found. */
export type CancelResult = 'cancelled' | 'requested' | 'finished' | 'missing';

/**
 * The persistent job queue. A job is claimed atomically (one UPDATE of the oldest ready
 * row), and every change of its state happens in the same transaction as the matching
 * Status transition of its build or task, guarded by `locked_by`: a worker that lost its
 * job (rescheduled by recovery) can no longer complete it, so nothing completes twice.
 */
export class JobStore {
  readonly #db: Db;

  constructor(db: Db, _blobs?: BlobStore) {
    this.#db = db;
  }

  /** Claims the oldest ready job for `workerId` and marks its target Initialising. */
  async claim(workerId: string, nowMs: number = Date.now()): Promise<Job | undefined> {
    return this.#db.transaction(() => {
      const row = this.#db.get<JobRow>(
        `UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ?, locked_at = ?
         WHERE job_id = (SELECT job_id FROM jobs WHERE state = 'queued' AND run_after <= ?
                         ORDER BY run_after, created_ms, job_id LIMIT 1)
         RETURNING *`, workerId, nowMs, nowMs);
      if (row === undefined) return undefined;
      const [table, idColumn] = TARGET[row.kind];
      const current = this.#db.get<{ status: Status }>(`SELECT status FROM ${table} WHERE ${idColumn} = ?`, row.target_id);
      if (current !== undefined && current.status !== 'Initialising') {
        appendTransition(this.#db, row.kind, row.target_id, 'Initialising', `picked up by a worker (attempt ${row.attempts})`, nowMs);
      }
      return toJob(row);
    });
  }

  /** A non-terminal status change by the job's worker; false when the job is no longer its own. */
  async transition(job: Job, workerId: string, status: Status, message: string, fields: TargetFields = {}, nowMs = Date.now()): Promise<boolean> {
    return this.#db.transaction(() => {
      if (!this.#owns(job.jobId, workerId)) return false;
      return appendTransition(this.#db, job.kind, job.targetId, status, message, nowMs, fields);
    });
  }

  /** Completes the job and writes its final status in one transaction; false when it was not ours any more. */
  async finish(job: Job, workerId: string, status: Status, message: string, fields: TargetFields = {}, nowMs = Date.now()): Promise<boolean> {
    return this.#db.transaction(() => {
      const changed = this.#db.run(
        `UPDATE jobs SET state = 'done', finished_ms = ?, locked_by = NULL WHERE job_id = ? AND state = 'running' AND locked_by = ?`,
        nowMs, job.jobId, workerId);
      if (changed === 0) return false;
      appendTransition(this.#db, job.kind, job.targetId, status, message, nowMs, fields);
      return true;
    });
  }

  /** Puts a running job back in the queue with a Rescheduled transition (shutdown, dead worker). */
  async reschedule(job: Job, workerId: string, message: string, nowMs = Date.now()): Promise<boolean> {
    return this.#db.transaction(() => {
      const changed = this.#db.run(
        `UPDATE jobs SET state = 'queued', locked_by = NULL, locked_at = NULL, run_after = ?
         WHERE job_id = ? AND state = 'running' AND locked_by = ?`, nowMs, job.jobId, workerId);
      if (changed === 0) return false;
      appendTransition(this.#db, job.kind, job.targetId, 'Rescheduled', message, nowMs);
      return true;
    });
  }

  /** Puts a job back to wait `delayMs` without counting an attempt (a task waiting for its build). */
  async defer(job: Job, workerId: string, delayMs: number, nowMs = Date.now()): Promise<boolean> {
    return this.#db.run(
      `UPDATE jobs SET state = 'queued', attempts = attempts - 1, locked_by = NULL, locked_at = NULL, run_after = ?
       WHERE job_id = ? AND state = 'running' AND locked_by = ?`, nowMs + delayMs, job.jobId, workerId) === 1;
  }

  /**
   * Jobs left running by a worker that died (claimed before `staleBeforeMs`) go back to the
   * queue with a Rescheduled transition; one that has already been claimed `maxAttempts`
   * times ends Stopped instead, so a program that kills its worker cannot loop forever.
   */
  async recover(staleBeforeMs: number, maxAttempts: number, nowMs = Date.now()): Promise<Job[]> {
    return this.#db.transaction(() => {
      const rows = this.#db.all<JobRow>(`SELECT * FROM jobs WHERE state = 'running' AND locked_at < ?`, staleBeforeMs);
      for (const r of rows) {
        if (r.attempts >= maxAttempts) {
          this.#db.run(`UPDATE jobs SET state = 'done', finished_ms = ?, locked_by = NULL WHERE job_id = ?`, nowMs, r.job_id);
          appendTransition(this.#db, r.kind, r.target_id, 'Stopped',
            `stopped: its worker died ${r.attempts} times while running it`, nowMs, finishedField(r.kind, nowMs));
        } else {
          this.#db.run(`UPDATE jobs SET state = 'queued', locked_by = NULL, locked_at = NULL, run_after = ? WHERE job_id = ?`,
            nowMs, r.job_id);
          appendTransition(this.#db, r.kind, r.target_id, 'Rescheduled',
            'rescheduled: the worker running it stopped before it finished; it will run again', nowMs);
        }
      }
      return rows.map(toJob);
    });
  }

  /**
   * Cancels the job of a build or task: a queued job ends Cancelled at once; a running one
   * is flagged for its worker, which aborts it and writes Cancelled.
   */
  async cancel(targetId: string, message: string, nowMs = Date.now()): Promise<CancelResult> {
    return this.#db.transaction(() => {
      const row = this.#db.get<JobRow>('SELECT * FROM jobs WHERE target_id = ?', targetId);
      if (row === undefined) return 'missing';
      if (row.state === 'done') return 'finished';
      if (row.state === 'running') {
        this.#db.run('UPDATE jobs SET cancel_requested = 1 WHERE job_id = ?', row.job_id);
        return 'requested';
      }
      this.#db.run(`UPDATE jobs SET state = 'done', finished_ms = ? WHERE job_id = ?`, nowMs, row.job_id);
      appendTransition(this.#db, row.kind, row.target_id, 'Cancelled', message, nowMs, finishedField(row.kind, nowMs));
      return 'cancelled';
    });
  }

  /** Of these running jobs, the ids whose cancellation was requested. */
  async cancelRequested(jobIds: readonly string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    return this.#db.all<{ job_id: string }>(
      `SELECT job_id FROM jobs WHERE cancel_requested = 1 AND job_id IN (${jobIds.map(() => '?').join(', ')})`, ...jobIds,
    ).map((r) => r.job_id);
  }

  async byTarget(targetId: string): Promise<Job | undefined> {
    const row = this.#db.get<JobRow>('SELECT * FROM jobs WHERE target_id = ?', targetId);
    return row && toJob(row);
  }

  #owns(jobId: string, workerId: string): boolean {
    return this.#db.get<{ n: number }>(
      `SELECT count(*) AS n FROM jobs WHERE job_id = ? AND state = 'running' AND locked_by = ?`, jobId, workerId)!.n === 1;
  }
}

/** Terminal fields a task records besides its status (builds have none). */
function finishedField(kind: JobKind, nowMs: number): TargetFields {
  return kind === 'task' ? { finished_ms: nowMs } : {};
}
