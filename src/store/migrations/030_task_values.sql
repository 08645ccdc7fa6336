-- Values of Reference-core tasks: every varying output number and every traced expression.
-- Their samples live in one value store file per task (blob tasks/<TaskID>/values.bin,
-- removed with the task's blobs); a row's slot is its index in that file.
CREATE TABLE task_values (
  value_id     TEXT PRIMARY KEY,
  task_id      TEXT NOT NULL REFERENCES tasks (task_id) ON DELETE CASCADE,
  slot         INTEGER NOT NULL,
  source       TEXT NOT NULL CHECK (source IN ('output', 'trace')),
  file         TEXT,
  line         INTEGER,
  expression   TEXT,
  sample_count INTEGER NOT NULL,
  mean         REAL
);
CREATE INDEX task_values_by_task ON task_values (task_id, slot);

-- Variable discovery (DiscoverVariables=true): requested at submission, filled by the build.
CREATE TABLE build_variables (
  build_id  TEXT PRIMARY KEY REFERENCES builds (build_id) ON DELETE CASCADE,
  variables TEXT
);
