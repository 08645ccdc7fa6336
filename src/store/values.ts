import type { BlobStore } from './blobs.js';
import type { Db } from './Db.js';

/** One value of a Reference-core task, as GET /tasks/{TaskID}/values lists it. */
export interface TaskValue {
  ValueID: string;
  /** `output`: a number the program printed; `trace`: a TraceVariables expression. */
  Source: 'output' | 'trace';
  File: string | null;
  LineNumber: number | null;
  Expression: string | null;
  SampleCount: number;
  /** Mean of the samples; null when it is not a finite number. */
  Mean: number | null;
}

/** A value to record: its samples go to the task's value store file at `slot`. */
export interface NewTaskValue extends Omit<TaskValue, 'Mean'> {
  slot: number;
  mean: number;
}

/** A variable of the program, from its compiler's debug information. */
export interface ProgramVariable {
  Name: string;
  Type: string;
  File: string;
  Line: number;
  /** Enclosing function; null for a global. */
  Function: string | null;
}

interface ValueRow {
  value_id: string;
  slot: number;
  source: 'output' | 'trace';
  file: string | null;
  line: number | null;
  expression: string | null;
  sample_count: number;
  mean: number | null;
}

const toValue = (r: ValueRow): TaskValue => ({
  ValueID: r.value_id, Source: r.source, File: r.file, LineNumber: r.line, Expression: r.expression,
  SampleCount: r.sample_count, Mean: r.mean,
});

/** The blob of a task's value store file (under the task's blobs: deleted with it). */
export const taskValuesRef = (taskId: string): string => `tasks/${taskId}/values.bin`;

/**
 * Values of Reference-core tasks (rows; the samples are in taskValuesRef) and the variables
 * discovered in builds. Rows go with their task or build (ON DELETE CASCADE).
 */
export class ValueStore {
  readonly #db: Db;

  constructor(db: Db, _blobs: BlobStore) {
    this.#db = db;
  }

  /** Replaces the task's values (a rescheduled task records them again). */
  record(taskId: string, values: readonly NewTaskValue[]): void {
    this.#db.transaction(() => {
      this.#db.run('DELETE FROM task_values WHERE task_id = ?', taskId);
      for (const v of values) {
        this.#db.run(
          `INSERT INTO task_values (value_id, task_id, slot, source, file, line, expression, sample_count, mean)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          v.ValueID, taskId, v.slot, v.Source, v.File, v.LineNumber, v.Expression, v.SampleCount,
          Number.isFinite(v.mean) ? v.mean : null);
      }
    });
  }

  list(taskId: string): TaskValue[] {
    return this.#db.all<ValueRow>('SELECT * FROM task_values WHERE task_id = ? ORDER BY slot', taskId).map(toValue);
  }

  /** The value and its slot in the task's store file, or undefined. */
  get(taskId: string, valueId: string): (TaskValue & { slot: number }) | undefined {
    const r = this.#db.get<ValueRow>('SELECT * FROM task_values WHERE task_id = ? AND value_id = ?', taskId, valueId);
    return r && { ...toValue(r), slot: r.slot };
  }

  /** Marks a build for variable discovery (call right after creating it). */
  requestDiscovery(buildId: string): void {
    this.#db.run('INSERT OR IGNORE INTO build_variables (build_id, variables) VALUES (?, NULL)', buildId);
  }

  discoveryRequested(buildId: string): boolean {
    return this.#db.get('SELECT 1 AS x FROM build_variables WHERE build_id = ?', buildId) !== undefined;
  }

  setVariables(buildId: string, variables: readonly ProgramVariable[]): void {
    this.#db.run('INSERT OR REPLACE INTO build_variables (build_id, variables) VALUES (?, ?)', buildId, JSON.stringify(variables));
  }

  /** 'not-requested', 'pending' (the build has not produced them), or the variables. */
  variables(buildId: string): ProgramVariable[] | 'not-requested' | 'pending' {
    const r = this.#db.get<{ variables: string | null }>('SELECT variables FROM build_variables WHERE build_id = ?', buildId);
    if (r === undefined) return 'not-requested';
    return r.variables === null ? 'pending' : (JSON.parse(r.variables) as ProgramVariable[]);
  }
}
