import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UxkitError } from '../errors.js';

/** A blob reference that is not a safe relative path. */
export class BlobRefError extends UxkitError {}

/** Lowercase path segments joined by '/', no dot-segments: safe to join under the root. */
const REF = /^[a-z0-9][a-z0-9_-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isBlobRef(ref: string): boolean {
  return ref.length <= 512 && REF.test(ref) && !ref.split('/').some((s) => s === '.' || s === '..');
}

/**
 * Files under <data>/blobs, addressed by a reference: `<kind>/<name>` chosen by the caller
 * (e.g. `builds/bld_.../stdout`) or derived from the content hash by `putContent`.
 * Writes go to a temporary file renamed into place, so a reader never sees half a blob.
 */
export class BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
    mkdirSync(root, { recursive: true });
  }

  /** The file path of `ref`; throws BlobRefError for a reference that could escape the root. */
  path(ref: string): string {
    if (!isBlobRef(ref)) throw new BlobRefError('UXK_ERR_BLOB_REF', `invalid blob reference '${ref}'`);
    return join(this.root, ref);
  }

  has(ref: string): boolean {
    return existsSync(this.path(ref));
  }

  async put(ref: string, bytes: Uint8Array | string): Promise<void> {
    const file = this.path(ref);
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }

  /** Stores bytes under `<kind>/<sha256>.<ext>` and returns that reference. */
  async putContent(kind: string, bytes: Uint8Array, ext: string): Promise<string> {
    const ref = `${kind}/${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    if (!this.has(ref)) await this.put(ref, bytes);
    return ref;
  }

  async read(ref: string): Promise<Buffer> {
    return readFile(this.path(ref));
  }
}
