-- Builds, tasks and the persistent job queue that runs them.
-- Times are Unix milliseconds (the API shows seconds; listing keys need milliseconds).
-- JSON columns hold arrays/objects the API returns as they are.
CREATE TABLE builds (
  build_id        TEXT PRIMARY KEY,
  owner           TEXT NOT NULL,
  status          TEXT NOT NULL,
  transitions     TEXT NOT NULL,
  application     TEXT NOT NULL,
  core            TEXT NOT NULL,
  trace_variables TEXT NOT NULL,
  data_sources    TEXT NOT NULL,
  arguments       TEXT NOT NULL,
  is_public       INTEGER NOT NULL,
  stats           TEXT,
  created_ms      INTEGER NOT NULL,
  updated_ms      INTEGER NOT NULL
);
CREATE INDEX builds_by_owner ON builds (owner, created_ms DESC, build_id DESC);

CREATE TABLE tasks (
  task_id      TEXT PRIMARY KEY,
  build_id     TEXT NOT NULL,
  owner        TEXT NOT NULL,
  status       TEXT NOT NULL,
  transitions  TEXT NOT NULL,
  arguments    TEXT NOT NULL,
  data_sources TEXT NOT NULL,
  stats        TEXT,
  exit_code    INTEGER,
  signal       INTEGER,
  seed         TEXT,
  created_ms   INTEGER NOT NULL,
  started_ms   INTEGER,
  updated_ms   INTEGER NOT NULL,
  finished_ms  INTEGER
);
CREATE INDEX tasks_by_owner ON tasks (owner, created_ms DESC, task_id DESC);
CREATE INDEX tasks_by_build ON tasks (build_id);

-- One job per build or task. state: queued -> running -> done (or back to queued when
-- rescheduled). Claimed with one UPDATE ... WHERE job_id = (SELECT ... LIMIT 1), the shape
-- a PostgreSQL dialect turns into SELECT ... FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  job_id           TEXT PRIMARY KEY,
  kind             TEXT NOT NULL CHECK (kind IN ('build', 'task')),
  target_id        TEXT NOT NULL UNIQUE,
  state            TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  locked_by        TEXT,
  locked_at        INTEGER,
  run_after        INTEGER NOT NULL,
  cancel_requested INTEGER NOT NULL DEFAULT 0,
  created_ms       INTEGER NOT NULL,
  finished_ms      INTEGER
);
CREATE INDEX jobs_ready ON jobs (state, run_after, created_ms);
