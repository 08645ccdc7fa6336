import { rmSync } from 'node:fs';
import type { BlobStore } from './blobs.js';
import type { Core } from './coreSpec.js';
import type { Db } from './Db.js';
import { newId } from './ids.js';
import { insertJob } from './jobs.js';
import { isTerminal, type Status, type StatusTransition, TERMINAL_STATUSES, toSeconds } from './jobStatus.js';
import { type KeyedPage, listPage, type ListQuery } from './listKey.js';

export type BuildLanguage = 'C' | 'C++' | 'Fortran';

/** What was built: submitted code, or a repository (its fields are the repository group's). */
export type BuildApplication =
  | { Type: 'SourceCode'; SourceCode: { Code: string; Language: BuildLanguage } }
  | { Type: 'Repository'; Repository: Record<string, unknown> };

/** The core a build runs on, copied at creation so later edits of a custom core do not change it. */
export type BuildCoreSpecs = Omit<Core, 'Object' | 'Owner' | 'CreatedAt' | 'UpdatedAt'>;

export interface TraceVariable {
  File: string;
  LineNumber: number;
  Expression: string;
}

export interface DataSource {
  ResourceID: string;
  ResourceType: string;
  Location: string;
}

export interface BuildStats {
  BuildTimeInMilliseconds: number;
  BuildSizeInBytes: number;
}

export interface Build {
  BuildID: string;
  Owner: string;
  Status: Status;
  StatusTransitions: StatusTransition[];
  Application: BuildApplication;
  BuildCoreSpecs: BuildCoreSpecs;
  TraceVariables: TraceVariable[];
  DataSources: DataSource[];
  /** Default arguments of tasks started from the build. */
  Arguments: string;
  IsPublic: boolean;
  /** null until the build completes. */
  Stats: BuildStats | null;
  CreatedAt: number;
  UpdatedAt: number;
}

export interface NewBuild {
  owner: string;
  application: BuildApplication;
  core: BuildCoreSpecs;
  traceVariables: TraceVariable[];
  dataSources: DataSource[];
  arguments: string;
  isPublic: boolean;
}

interface BuildRow {
  build_id: string;
  owner: string;
  status: Status;
  transitions: string;
  application: string;
  core: string;
  trace_variables: string;
  data_sources: string;
  arguments: string;
  is_public: number;
  stats: string | null;
  created_ms: number;
  updated_ms: number;
}

const toBuild = (r: BuildRow): Build => ({
  BuildID: r.build_id,
  Owner: r.owner,
  Status: r.status,
  StatusTransitions: JSON.parse(r.transitions) as StatusTransition[],
  Application: JSON.parse(r.application) as BuildApplication,
  BuildCoreSpecs: JSON.parse(r.core) as BuildCoreSpecs,
  TraceVariables: JSON.parse(r.trace_variables) as TraceVariable[],
  DataSources: JSON.parse(r.data_sources) as DataSource[],
  Arguments: r.arguments,
  IsPublic: r.is_public === 1,
  Stats: r.stats === null ? null : (JSON.parse(r.stats) as BuildStats),
  CreatedAt: toSeconds(r.created_ms),
  UpdatedAt: toSeconds(r.updated_ms),
});

export type DeleteResult = 'deleted' | 'active' | 'missing';

/** One `?` per terminal status, for `status NOT IN (...)`: the set is jobStatus's, not repeated here. */
const TERMINAL_PLACEHOLDERS = TERMINAL_STATUSES.map(() => '?').join(', ');

/** Builds: rows, their queued jobs, their blobs under `builds/<BuildID>/`. */
export class BuildStore {
  readonly #db: Db;
  readonly #blobs: BlobStore;

  constructor(db: Db, blobs: BlobStore) {
    this.#db = db;
    this.#blobs = blobs;
  }

  /** Inserts the build (Accepted) and queues its job in one transaction. */
  async create(input: NewBuild, nowMs: number = Date.now()): Promise<Build> {
    const id = newId('bld');
    const transitions: StatusTransition[] = [{ Status: 'Accepted', Timestamp: toSeconds(nowMs), Message: 'build accepted' }];
    this.#db.transaction(() => {
      this.#db.run(
        `INSERT INTO builds (build_id, owner, status, transitions, application, core, trace_variables, data_sources,
           arguments, is_public, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id, input.owner, 'Accepted', JSON.stringify(transitions), JSON.stringify(input.application), JSON.stringify(input.core),
        JSON.stringify(input.traceVariables), JSON.stringify(input.dataSources), input.arguments, input.isPublic ? 1 : 0,
        nowMs, nowMs);
      insertJob(this.#db, 'build', id, nowMs);
    });
    return (await this.get(id))!;
  }

  async get(buildId: string): Promise<Build | undefined> {
    const row = this.#db.get<BuildRow>('SELECT * FROM builds WHERE build_id = ?', buildId);
    return row && toBuild(row);
  }

  /** One owner's builds, newest first (see listPage). */
  async list(query: ListQuery): Promise<KeyedPage<Build>> {
    const page = listPage<BuildRow>(this.#db, 'builds', 'build_id', query);
    return { items: page.items.map(toBuild), ...(page.next !== undefined && { next: page.next }) };
  }

  /**
   * Deletes a finished build of `owner` with its job and blobs. A build still queued or
   * running, or with a task still active, is `active` and stays.
   */
  async delete(owner: string, buildId: string): Promise<DeleteResult> {
    const result = this.#db.transaction((): DeleteResult => {
      const row = this.#db.get<{ status: Status }>('SELECT status FROM builds WHERE build_id = ? AND owner = ?', buildId, owner);
      if (row === undefined) return 'missing';
      if (!isTerminal(row.status)) return 'active';
      const activeTasks = this.#db.get<{ n: number }>(
        `SELECT count(*) AS n FROM tasks WHERE build_id = ? AND status NOT IN (${TERMINAL_PLACEHOLDERS})`, buildId, ...TERMINAL_STATUSES)!.n;
      if (activeTasks > 0) return 'active';
      this.#db.run('DELETE FROM jobs WHERE target_id = ?', buildId);
      this.#db.run('DELETE FROM builds WHERE build_id = ?', buildId);
      return 'deleted';
    });
    if (result === 'deleted') rmSync(this.#blobs.path(`builds/${buildId}`), { recursive: true, force: true });
    return result;
  }
}
