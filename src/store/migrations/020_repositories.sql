-- Connected git repositories (defaults for builds) and the index that lists a repository's builds.
-- core_id NULL means the default build core; data_sources and trace_variables are JSON arrays.
CREATE TABLE repositories (
  repository_id   TEXT PRIMARY KEY,
  owner           TEXT NOT NULL REFERENCES users (user_id),
  remote_url      TEXT NOT NULL,
  branch          TEXT NOT NULL,
  commit_ref      TEXT NOT NULL,
  build_directory TEXT NOT NULL,
  arguments       TEXT NOT NULL,
  core_id         TEXT,
  data_sources    TEXT NOT NULL,
  trace_variables TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
);
-- One registration per (account, remote URL, branch): concurrent duplicates give exactly one row.
CREATE UNIQUE INDEX repositories_by_remote ON repositories (owner, remote_url, branch);
CREATE INDEX repositories_by_owner ON repositories (owner, repository_id);

-- Builds of a repository, newest first (Application.Repository.RepositoryID of the builds table).
CREATE INDEX builds_by_repository ON builds (json_extract(application, '$.Repository.RepositoryID'), created_ms DESC, build_id DESC);
