import type { BlobStore } from './blobs.js';
import type { DataSource, TraceVariable } from './builds.js';
import type { Db } from './Db.js';
import { newId, unixNow } from './ids.js';
import { type KeyedPage, type ListKey, listPage } from './listKey.js';

/** The editable fields of a repository (the body of POST, the fields PATCH may change). */
export interface RepositoryFields {
  RemoteURL: string;
  Branch: string;
  /** `HEAD` (the branch tip) or a commit hash. */
  Commit: string;
  /** Relative to the repository root; '' is the root. */
  BuildDirectory: string;
  Arguments: string;
  /** CoreID, or null for the default build core. */
  Core: string | null;
  DataSources: DataSource[];
  TraceVariables: TraceVariable[];
}

export interface Repository extends RepositoryFields {
  RepositoryID: string;
  Owner: string;
  CreatedAt: number;
  UpdatedAt: number;
}

interface RepositoryRow {
  repository_id: string;
  owner: string;
  remote_url: string;
  branch: string;
  commit_ref: string;
  build_directory: string;
  arguments: string;
  core_id: string | null;
  data_sources: string;
  trace_variables: string;
  created_at: number;
  updated_at: number;
}

const toRepository = (r: RepositoryRow): Repository => ({
  RepositoryID: r.repository_id,
  Owner: r.owner,
  RemoteURL: r.remote_url,
  Branch: r.branch,
  Commit: r.commit_ref,
  BuildDirectory: r.build_directory,
  Arguments: r.arguments,
  Core: r.core_id,
  DataSources: JSON.parse(r.data_sources) as DataSource[],
  TraceVariables: JSON.parse(r.trace_variables) as TraceVariable[],
  CreatedAt: r.created_at,
  UpdatedAt: r.updated_at,
});

export type CreateResult =
  | { kind: 'created'; repository: Repository }
  | { kind: 'duplicate'; existingId: string }
  | { kind: 'limit' };

export type UpdateResult =
  | { kind: 'updated'; repository: Repository }
  | { kind: 'duplicate'; existingId: string }
  | { kind: 'missing' };

export interface RepositoryPage {
  items: Repository[];
  /** The last RepositoryID of this page when more follow. */
  next?: string;
}

/** Filters and position of a repository's builds, newest first. */
export interface RepositoryBuildsQuery {
  fromMs?: number | undefined;
  toMs?: number | undefined;
  after?: ListKey | undefined;
  limit: number;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Each account's connected repositories, unique by (RemoteURL, Branch). */
export class RepositoryStore {
  readonly #db: Db;

  constructor(db: Db, _blobs: BlobStore) {
    this.#db = db;
  }

  /**
   * Registers a repository unless the account has one with the same (RemoteURL, Branch)
   * (`duplicate`, with its id) or already has `max` (`limit`). The checks and the insert
   * share one write transaction and the UNIQUE index backs them, so of two concurrent
   * registrations of one pair exactly one is created.
   */
  async create(owner: string, fields: RepositoryFields, max: number): Promise<CreateResult> {
    try {
      return this.#db.transaction((): CreateResult => {
        const existing = this.#findId(owner, fields.RemoteURL, fields.Branch);
        if (existing !== undefined) return { kind: 'duplicate', existingId: existing };
        if (this.#db.get<{ n: number }>('SELECT count(*) AS n FROM repositories WHERE owner = ?', owner)!.n >= max) {
          return { kind: 'limit' };
        }
        const now = unixNow();
        const id = newId('rep');
        this.#db.run(
          `INSERT INTO repositories (repository_id, owner, remote_url, branch, commit_ref, build_directory, arguments,
             core_id, data_sources, trace_variables, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id, owner, fields.RemoteURL, fields.Branch, fields.Commit, fields.BuildDirectory, fields.Arguments, fields.Core,
          JSON.stringify(fields.DataSources), JSON.stringify(fields.TraceVariables), now, now);
        return { kind: 'created', repository: { RepositoryID: id, Owner: owner, ...fields, CreatedAt: now, UpdatedAt: now } };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = this.#findId(owner, fields.RemoteURL, fields.Branch);
      if (existing === undefined) throw error;
      return { kind: 'duplicate', existingId: existing };
    }
  }

  async get(owner: string, repositoryId: string): Promise<Repository | undefined> {
    const row = this.#db.get<RepositoryRow>('SELECT * FROM repositories WHERE repository_id = ? AND owner = ?', repositoryId, owner);
    return row && toRepository(row);
  }

  /** The account's repositories ordered by RepositoryID, after `startKey`. */
  async list(owner: string, startKey: string | undefined, limit: number): Promise<RepositoryPage> {
    const rows = this.#db.all<RepositoryRow>(
      'SELECT * FROM repositories WHERE owner = ? AND repository_id > ? ORDER BY repository_id LIMIT ?', owner, startKey ?? '', limit + 1);
    const items = rows.slice(0, limit).map(toRepository);
    return rows.length > limit ? { items, next: items[items.length - 1]!.RepositoryID } : { items };
  }

  async lookup(owner: string, remoteUrl: string, branch: string): Promise<string | undefined> {
    return this.#findId(owner, remoteUrl, branch);
  }

  /**
   * Replaces the editable fields with what `change(current)` returns (it may throw to abort),
   * in one transaction. A new (RemoteURL, Branch) that another repository of the account
   * has is `duplicate`.
   */
  async update(owner: string, repositoryId: string, change: (current: Repository) => RepositoryFields): Promise<UpdateResult> {
    try {
      return this.#db.transaction((): UpdateResult => {
        const row = this.#db.get<RepositoryRow>('SELECT * FROM repositories WHERE repository_id = ? AND owner = ?', repositoryId, owner);
        if (row === undefined) return { kind: 'missing' };
        const current = toRepository(row);
        const next = change(current);
        const other = this.#findId(owner, next.RemoteURL, next.Branch);
        if (other !== undefined && other !== repositoryId) return { kind: 'duplicate', existingId: other };
        const now = Math.max(unixNow(), row.updated_at);
        this.#db.run(
          `UPDATE repositories SET remote_url = ?, branch = ?, commit_ref = ?, build_directory = ?, arguments = ?, core_id = ?,
             data_sources = ?, trace_variables = ?, updated_at = ? WHERE repository_id = ?`,
          next.RemoteURL, next.Branch, next.Commit, next.BuildDirectory, next.Arguments, next.Core,
          JSON.stringify(next.DataSources), JSON.stringify(next.TraceVariables), now, repositoryId);
        return { kind: 'updated', repository: { ...current, ...next, UpdatedAt: now } };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return { kind: 'duplicate', existingId: '(another repository)' };
    }
  }

  async delete(owner: string, repositoryId: string): Promise<boolean> {
    return this.#db.run('DELETE FROM repositories WHERE repository_id = ? AND owner = ?', repositoryId, owner) === 1;
  }

  /**
   * BuildIDs of the owner's builds of a repository, newest first by (creation ms, BuildID),
   * with inclusive time bounds; `next` continues after the last one when more follow.
   */
  async listBuildIds(owner: string, repositoryId: string, q: RepositoryBuildsQuery): Promise<KeyedPage<string>> {
    const filter = { sql: `json_extract(application, '$.Repository.RepositoryID') = ?`, params: [repositoryId] };
    const page = listPage<{ build_id: string; created_ms: number }>(
      this.#db, 'builds', 'build_id', { owner, ...q }, filter, 'build_id, created_ms');
    return { items: page.items.map((r) => r.build_id), ...(page.next !== undefined && { next: page.next }) };
  }

  #findId(owner: string, remoteUrl: string, branch: string): string | undefined {
    return this.#db.get<{ repository_id: string }>(
      'SELECT repository_id FROM repositories WHERE owner = ? AND remote_url = ? AND branch = ?', owner, remoteUrl, branch)?.repository_id;
  }
}
