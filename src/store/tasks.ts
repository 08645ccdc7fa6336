import { rmSync } from 'node:fs';
import type { BlobStore } from './blobs.js';
import type { DataSource, DeleteResult } from './builds.js';
import type { Db } from './Db.js';
import { newId } from './ids.js';
import { insertJob } from './jobs.js';
import { isTerminal, type Status, type StatusTransition, toSeconds, toSecondsOrNull } from './jobStatus.js';
import { type KeyedPage, listPage, type ListQuery } from './listKey.js';

/**
 * Owner of tasks started without credentials from a public build. Such a task is readable
 * by whoever holds its TaskID (128 random bits), since no account can claim it.
 */
export const ANONYMOUS_OWNER = `usr_${'f'.repeat(32)}`;

export interface TaskStats {
  ExecutionTimeInMilliseconds: number;
  /** CPU seconds (user + system) of every process of the task. */
  ProcessorTime: number;
  /** Ensemble size (1 on Bypass cores). */
  Runs: number;
  /** Runs whose output took another shape than the majority's. */
  DivergentRuns: number;
}

export interface Task {
  TaskID: string;
  BuildID: string;
  Owner: string;
  Status: Status;
  StatusTransitions: StatusTransition[];
  Arguments: string;
  DataSources: DataSource[];
  CreatedAt: number;
  /** Unix seconds; null until the program starts. */
  StartedAt: number | null;
  UpdatedAt: number;
  /** Unix seconds; null until the task ends. */
  FinishedAt: number | null;
  /** null until the program has run to an end. */
  Stats: TaskStats | null;
  /** The program's exit status; null when a signal ended it or it has not ended. */
  ExitCode: number | null;
  /** Number of the signal that ended the program (0: none); null until it has ended. */
  Signal: number | null;
  /** Seed of the ensemble's draws (decimal uint64), to reproduce a run. */
  Seed: string | null;
}

/** The unexpanded list entry (`noexpand=true`). */
export interface TaskListItem {
  TaskID: string;
  Owner: string;
  CreatedAt: number;
}

export interface NewTask {
  buildId: string;
  owner: string;
  arguments: string;
  dataSources: DataSource[];
}

interface TaskRow {
  task_id: string;
  build_id: string;
  owner: string;
  status: Status;
  transitions: string;
  arguments: string;
  data_sources: string;
  stats: string | null;
  exit_code: number | null;
  signal: number | null;
  seed: string | null;
  created_ms: number;
  started_ms: number | null;
  updated_ms: number;
  finished_ms: number | null;
}

const toTask = (r: TaskRow): Task => ({
  TaskID: r.task_id,
  BuildID: r.build_id,
  Owner: r.owner,
  Status: r.status,
  StatusTransitions: JSON.parse(r.transitions) as StatusTransition[],
  Arguments: r.arguments,
  DataSources: JSON.parse(r.data_sources) as DataSource[],
  CreatedAt: toSeconds(r.created_ms),
  StartedAt: toSecondsOrNull(r.started_ms),
  UpdatedAt: toSeconds(r.updated_ms),
  FinishedAt: toSecondsOrNull(r.finished_ms),
  Stats: r.stats === null ? null : (JSON.parse(r.stats) as TaskStats),
  ExitCode: r.exit_code,
  Signal: r.signal,
  Seed: r.seed,
});

const toItem = (r: TaskRow): TaskListItem => ({ TaskID: r.task_id, Owner: r.owner, CreatedAt: toSeconds(r.created_ms) });

/** Tasks: rows, their queued jobs, their outputs under blobs `tasks/<TaskID>/`. */
export class TaskStore {
  readonly #db: Db;
  readonly #blobs: BlobStore;

  constructor(db: Db, blobs: BlobStore) {
    this.#db = db;
    this.#blobs = blobs;
  }

  /** Inserts the task (Accepted) and queues its job in one transaction. */
  async create(input: NewTask, nowMs: number = Date.now()): Promise<Task> {
    const id = newId('tsk');
    const transitions: StatusTransition[] = [{ Status: 'Accepted', Timestamp: toSeconds(nowMs), Message: 'task accepted' }];
    this.#db.transaction(() => {
      this.#db.run(
        `INSERT INTO tasks (task_id, build_id, owner, status, transitions, arguments, data_sources, created_ms, updated_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id, input.buildId, input.owner, 'Accepted', JSON.stringify(transitions), input.arguments,
        JSON.stringify(input.dataSources), nowMs, nowMs);
      insertJob(this.#db, 'task', id, nowMs);
    });
    return (await this.get(id))!;
  }

  async get(taskId: string): Promise<Task | undefined> {
    const row = this.#db.get<TaskRow>('SELECT * FROM tasks WHERE task_id = ?', taskId);
    return row && toTask(row);
  }

  /** One owner's tasks, newest first, expanded. */
  async list(query: ListQuery): Promise<KeyedPage<Task>> {
    const page = listPage<TaskRow>(this.#db, 'tasks', 'task_id', query);
    return { items: page.items.map(toTask), ...(page.next !== undefined && { next: page.next }) };
  }

  /** The same listing as TaskListItem entries. */
  async listItems(query: ListQuery): Promise<KeyedPage<TaskListItem>> {
    const page = listPage<TaskRow>(this.#db, 'tasks', 'task_id', query);
    return { items: page.items.map(toItem), ...(page.next !== undefined && { next: page.next }) };
  }

  /** Deletes a finished task of `owner` with its job and outputs; an active task stays. */
  async delete(owner: string, taskId: string): Promise<DeleteResult> {
    const result = this.#db.transaction((): DeleteResult => {
      const row = this.#db.get<{ status: Status }>('SELECT status FROM tasks WHERE task_id = ? AND owner = ?', taskId, owner);
      if (row === undefined) return 'missing';
      if (!isTerminal(row.status)) return 'active';
      this.#db.run('DELETE FROM jobs WHERE target_id = ?', taskId);
      this.#db.run('DELETE FROM tasks WHERE task_id = ?', taskId);
      return 'deleted';
    });
    if (result === 'deleted') rmSync(this.#blobs.path(`tasks/${taskId}`), { recursive: true, force: true });
    return result;
  }
}
