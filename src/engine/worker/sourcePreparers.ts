import type { Build } from '../../store/builds.js';
import type { CompileOptions } from '../toolchain/compileBuild.js';
import type { JobContext } from './JobContext.js';

/** What a preparer hands the compiler: everything of CompileOptions but the per-job parts. */
export type PreparedSources = Omit<CompileOptions, 'workDir' | 'signal' | 'sandbox' | 'logger' | 'limits'>;

/**
 * Fills `workDir` with the sources of a build whose Application.Type is not SourceCode
 * (repositories: clone, config.mk) and says how to compile them. Throwing an
 * EngineInputError ends the build Stopped with its message. `ctx` lets it record progress
 * (a transition with fields, e.g. the resolved commit of a clone).
 */
export type SourcePreparer = (build: Build, workDir: string, signal: AbortSignal, ctx: JobContext) => Promise<PreparedSources>;

const preparers = new Map<string, SourcePreparer>();

/** Lets another resource group (repositories) supply sources for its Application.Type. */
export function registerSourcePreparer(type: string, preparer: SourcePreparer): void {
  preparers.set(type, preparer);
}

export function sourcePreparer(type: string): SourcePreparer | undefined {
  return preparers.get(type);
}
