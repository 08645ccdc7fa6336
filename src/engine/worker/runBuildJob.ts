import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BuildStore } from '../../store/builds.js';
import { EngineInputError } from '../errors.js';
import { compileBuild } from '../toolchain/compileBuild.js';
import { finishTracedBuild, prepareTracedBuild, type TracedBuild } from '../trace/traceBuild.js';
import { writeSourceBuild } from '../toolchain/writeSourceBuild.js';
import type { JobContext } from './JobContext.js';
import { buildEnding, finishWith, internalEnding, type JobEnding } from './JobEnding.js';
import { type PreparedSources, sourcePreparer } from './sourcePreparers.js';
import { buildBinaryRef, buildOutputRef, buildWorkDir } from './workPaths.js';

/**
 * A build job: sources into the work folder (Initialising), compile (Building), then the
 * binary and the compiler log to the blob store; the outcome decides the final status.
 */
export async function runBuildJob(ctx: JobContext): Promise<JobEnding> {
  const build = await ctx.store.module(BuildStore).get(ctx.job.targetId);
  if (build === undefined) return internalEnding('the build no longer exists');
  const dir = buildWorkDir(ctx.store.dataDir, build.BuildID);
  const workDir = join(dir, 'build');
  rmSync(workDir, { recursive: true, force: true });
  let sources: PreparedSources;
  let traced: TracedBuild;
  try {
    if (build.Application.Type === 'SourceCode') {
      const { Code, Language } = build.Application.SourceCode;
      const sourceDir = join(dir, 'src');
      writeSourceBuild(Code, Language, sourceDir);
      sources = { language: Language, sourceDir };
    } else {
      const prepare = sourcePreparer(build.Application.Type);
      if (prepare === undefined) return internalEnding(`no source preparer for ${build.Application.Type} builds`);
      sources = await prepare(build, dir, ctx.signal, ctx);
    }
    traced = prepareTracedBuild(ctx.store, build, dir, sources);
  } catch (error) {
    // A preparer interrupted by a cancel (a clone killed mid-way) ends Cancelled, not Stopped.
    if (ctx.signal.aborted) return buildEnding({ kind: 'cancelled' });
    if (error instanceof EngineInputError) return finishWith('Stopped', error.message);
    throw error;
  }
  if (ctx.signal.aborted) return buildEnding({ kind: 'cancelled' });
  await ctx.transition('Building', `compiling ${sources.language} for ${build.BuildCoreSpecs.Name}`);
  const { options, store } = ctx;
  const outcome = await compileBuild({
    ...traced.sources, workDir, signal: ctx.signal, sandbox: options.sandbox, limits: options.compileLimits,
    ...(options.logger !== undefined && { logger: options.logger }),
  });
  if ('log' in outcome) await store.blobs.put(buildOutputRef(build.BuildID), outcome.log);
  if (outcome.kind === 'built') {
    const ref = buildBinaryRef(build.BuildID);
    await store.blobs.put(ref, readFileSync(outcome.binaryPath));
    chmodSync(store.blobs.path(ref), 0o755);
  }
  const traceFailure = await finishTracedBuild(store, build, outcome, traced, ctx.signal);
  // Objects and the linked copy are scratch once the binary is in the blob store.
  rmSync(workDir, { recursive: true, force: true });
  return traceFailure !== undefined ? finishWith('Stopped', traceFailure) : buildEnding(outcome);
}
