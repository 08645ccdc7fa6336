import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bwrapArgs } from './bwrapArgs.js';

let verdict: string | undefined | null = null;

/**
 * Checks once per process that bubblewrap can build our sandbox here: undefined when it
 * works, else a message saying why not (missing binary, namespaces refused...).
 */
export function sandboxProblem(): string | undefined {
  if (verdict !== null) return verdict;
  const scratch = mkdtempSync(join(tmpdir(), 'uxkit-probe-'));
  try {
    const r = spawnSync('bwrap', bwrapArgs(scratch, [], {}, '/bin/true', []), { encoding: 'utf8', timeout: 10_000 });
    if (r.error !== undefined) verdict = `bubblewrap (bwrap) cannot be started: ${r.error.message}`;
    else if (r.status !== 0) verdict = `bubblewrap (bwrap) cannot build the sandbox: ${r.stderr.trim()}`;
    else verdict = undefined;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return verdict;
}
