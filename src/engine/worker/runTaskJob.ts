import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BuildStore } from '../../store/builds.js';
import { isTerminal } from '../../store/jobStatus.js';
import { TaskStore } from '../../store/tasks.js';
import { EngineInputError } from '../errors.js';
import { runTask } from '../run/runTask.js';
import { recordTaskValues } from '../trace/recordTaskValues.js';
import { referenceEncoder } from '../trace/referenceEncoder.js';
import type { JobContext } from './JobContext.js';
import { finishWith, internalEnding, type JobEnding, taskEnding } from './JobEnding.js';
import { buildBinaryRef, buildWorkDir, taskStreamRef, taskWorkDir } from './workPaths.js';

/**
 * A task job: waits for its build, runs the program on the build's core (In Progress),
 * stores stdout and stderr as blobs; the run outcome decides the final status.
 */
export async function runTaskJob(ctx: JobContext): Promise<JobEnding> {
  const { store, options } = ctx;
  const task = await store.module(TaskStore).get(ctx.job.targetId);
  if (task === undefined) return internalEnding('the task no longer exists');
  const ended = { finished_ms: Date.now() };
  const build = await store.module(BuildStore).get(task.BuildID);
  if (build === undefined) return finishWith('Stopped', `build ${task.BuildID} was deleted before the task ran`, ended);
  if (!isTerminal(build.Status)) return { kind: 'defer', delayMs: options.buildWaitMs };
  if (build.Status !== 'Completed') {
    return finishWith('Stopped', `build ${build.BuildID} ended ${build.Status}: there is no program to run`, ended);
  }
  const workDir = taskWorkDir(store.dataDir, task.TaskID);
  rmSync(workDir, { recursive: true, force: true });
  await ctx.transition('In Progress', `running on ${build.BuildCoreSpecs.Name} (${build.BuildCoreSpecs.Microarchitecture})`, {
    started_ms: Date.now(),
  });
  const inputsDir = join(buildWorkDir(store.dataDir, build.BuildID), 'inputs');
  // Reference cores print ValueIDs and keep every varying number's samples (value stores).
  const reference = build.BuildCoreSpecs.Microarchitecture === 'Reference' ? referenceEncoder() : undefined;
  try {
    const outcome = await runTask({
      binaryPath: store.blobs.path(buildBinaryRef(build.BuildID)),
      args: task.Arguments,
      core: build.BuildCoreSpecs,
      workDir,
      signal: ctx.signal,
      sandbox: options.sandbox,
      limits: options.taskLimits,
      ...(existsSync(inputsDir) && { inputsDir }),
      ...(options.ensembleRuns !== undefined && { runs: options.ensembleRuns }),
      ...(options.parallelism !== undefined && { parallelism: options.parallelism }),
      ...(options.logger !== undefined && { logger: options.logger }),
      ...(reference !== undefined && { encode: reference.encode }),
    });
    if (outcome.kind === 'completed' && reference !== undefined) {
      const note = await recordTaskValues(store, task.TaskID, reference.values, build.TraceVariables, join(workDir, 'out'));
      outcome.stderr = Buffer.concat([outcome.stderr, Buffer.from(note)]);
    }
    if (outcome.kind === 'completed' || outcome.kind === 'limit-exceeded') {
      await store.blobs.put(taskStreamRef(task.TaskID, 'Stdout'), outcome.stdout);
      await store.blobs.put(taskStreamRef(task.TaskID, 'Stderr'), outcome.stderr);
    }
    return taskEnding(outcome, Date.now());
  } catch (error) {
    if (error instanceof EngineInputError) return finishWith('Stopped', error.message, { finished_ms: Date.now() });
    throw error;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
