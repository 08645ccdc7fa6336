// The engine API the job worker calls: builds, runs, aggregation, sandbox.
export { EngineInputError, EngineSetupError } from './errors.js';
export { compileBuild, DEFAULT_COMPILE_LIMITS, type CompileOptions } from './toolchain/compileBuild.js';
export type { CompileOutcome } from './toolchain/CompileOutcome.js';
export { writeSourceBuild } from './toolchain/writeSourceBuild.js';
export { parseConfigMk, type ConfigMk } from './toolchain/parseConfigMk.js';
export { type Language, languageOf } from './toolchain/languages.js';
export { runTask, type RunTaskOptions } from './run/runTask.js';
export type { RunOutcome, RunStats } from './run/RunOutcome.js';
export { ensemblePlan, type CoreSpec, type EnsemblePlan } from './run/ensemblePlan.js';
export { splitArguments } from './run/splitArguments.js';
export { taskLimits, DEFAULT_TASK_LIMITS, type TaskLimits } from './run/taskLimits.js';
export { aggregateEnsemble, type AggregatedEnsemble, type EnsembleInput, type RunOutput } from './aggregate/aggregateEnsemble.js';
export { aggregateStream, type AggregatedStream, type SlotEncoder } from './aggregate/aggregateStream.js';
export { tokenizeOutput, type TokenizedOutput } from './aggregate/tokenizeOutput.js';
export { uxSlotEncoder } from './aggregate/uxSlotEncoder.js';
export { runSandboxed, type EngineLogger, type SandboxOptions, type SandboxResult } from './sandbox/runSandboxed.js';
export type { LimitName, SandboxLimits } from './sandbox/SandboxLimits.js';
export { sandboxProblem } from './sandbox/sandboxProbe.js';
