import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Bytes of every file under `dir` (symlinks count as themselves, never followed). Stops
 * early once the total passes `stopAbove`: the caller only needs to know it is too big.
 * A file that vanishes while git writes is skipped.
 */
export async function directorySize(dir: string, stopAbove = Number.POSITIVE_INFINITY): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0 && total <= stopAbove) {
    const current = pending.pop()!;
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        pending.push(path);
        continue;
      }
      try {
        total += (await lstat(path)).size;
      } catch {
        // Removed between readdir and lstat (git's temporary files).
      }
    }
  }
  return total;
}
