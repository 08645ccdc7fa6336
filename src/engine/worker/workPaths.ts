import { join } from 'node:path';

/**
 * Where builds and tasks keep files. Work folders live under `<data>/work` (scratch: sources,
 * objects, a task's working copy); results go to the blob store under these references.
 */
export function buildWorkDir(dataDir: string, buildId: string): string {
  return join(dataDir, 'work', 'builds', buildId);
}

export function taskWorkDir(dataDir: string, taskId: string): string {
  return join(dataDir, 'work', 'tasks', taskId);
}

/** The linked program of a completed build. */
export const buildBinaryRef = (buildId: string): string => `builds/${buildId}/program`;
/** The compiler's log (commands and diagnostics): the build output. */
export const buildOutputRef = (buildId: string): string => `builds/${buildId}/output`;
/** A task's aggregated stdout or stderr. */
export const taskStreamRef = (taskId: string, stream: 'Stdout' | 'Stderr'): string => `tasks/${taskId}/${stream.toLowerCase()}`;
