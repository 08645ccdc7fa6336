import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, normalize, relative } from 'node:path';

/** `rel` normalised when it stays inside its folder by name (not absolute, no leading `..`), else undefined. */
export function relativeInside(rel: string): string | undefined {
  if (isAbsolute(rel)) return undefined;
  const n = normalize(rel);
  return n.startsWith('..') ? undefined : n;
}

/**
 * `rel` normalised when it names an existing path under `root` (a real path) that stays
 * inside it after symlinks are followed, else undefined: user-named sources cannot reach out.
 */
export function existingInside(root: string, rel: string): string | undefined {
  const n = relativeInside(rel);
  if (n === undefined) return undefined;
  const path = join(root, n);
  return existsSync(path) && !relative(root, realpathSync(path)).startsWith('..') ? n : undefined;
}
