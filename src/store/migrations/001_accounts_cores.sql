-- Accounts, API keys (SHA-256 of the key only) and custom cores.
CREATE TABLE users (
  user_id    TEXT PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  tier       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE api_keys (
  key_id     TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users (user_id),
  key_hash   TEXT NOT NULL UNIQUE,
  prefix     TEXT NOT NULL,
  name       TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX api_keys_by_user ON api_keys (user_id, created_at);

CREATE TABLE cores (
  core_id              TEXT PRIMARY KEY,
  owner                TEXT NOT NULL REFERENCES users (user_id),
  name                 TEXT NOT NULL,
  class                TEXT NOT NULL,
  microarchitecture    TEXT NOT NULL,
  correlation_tracking TEXT NOT NULL,
  memory_size          INTEGER NOT NULL,
  precision            INTEGER NOT NULL,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL
);
CREATE INDEX cores_by_owner ON cores (owner, core_id);
