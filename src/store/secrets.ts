import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UxkitError } from '../errors.js';

/** Server secrets, generated on first start and kept in <data>/secrets.json (mode 0600). */
export interface Secrets {
  /** HMAC key of presigned download links. */
  linkKey: string;
  /** HMAC key of sampling continuation tokens. */
  tokenKey: string;
}

export function loadSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return readSecrets(file);
  }
  const secrets: Secrets = { linkKey: randomBytes(32).toString('hex'), tokenKey: randomBytes(32).toString('hex') };
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecrets(file);
  }
  return secrets;
}

/** Reads and checks secrets.json: a damaged file is an operator's problem to fix, named as such. */
function readSecrets(file: string): Secrets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UxkitError('bad-secrets', `${file} is not valid JSON (${(error as Error).message}); restore it from a backup, or delete it to make new keys (issued links and tokens then stop working)`);
  }
  const secrets = parsed as Partial<Secrets> | null;
  for (const name of ['linkKey', 'tokenKey'] as const) {
    const value = secrets?.[name];
    if (typeof value !== 'string' || !/^[0-9a-f]{64}$/.test(value)) {
      throw new UxkitError('bad-secrets', `${file}: ${name} must be 64 hex characters; restore the file, or delete it to make new keys`);
    }
  }
  return secrets as Secrets;
}
