import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
    return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  }
  const secrets: Secrets = { linkKey: randomBytes(32).toString('hex'), tokenKey: randomBytes(32).toString('hex') };
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  }
  return secrets;
}
