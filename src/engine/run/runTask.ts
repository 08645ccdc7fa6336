import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { availableParallelism, constants } from 'node:os';
import { join } from 'node:path';
import { aggregateEnsemble } from '../aggregate/aggregateEnsemble.js';
import type { SlotEncoder } from '../aggregate/aggregateStream.js';
import { uxSlotEncoder } from '../aggregate/uxSlotEncoder.js';
import { readEnsembleResults } from '../ensembleResults.js';
import { EngineInputError } from '../errors.js';
import { type EngineLogger, runSandboxed, type SandboxResult } from '../sandbox/runSandboxed.js';
import { type CoreSpec, ensemblePlan } from './ensemblePlan.js';
import type { RunOutcome } from './RunOutcome.js';
import { splitArguments } from './splitArguments.js';
import { perRunOutput, type TaskLimits, taskLimits } from './taskLimits.js';

export interface RunTaskOptions {
  binaryPath: string;
  /** An argv, or a string split like a shell would (never run by one). */
  args: readonly string[] | string;
  core: CoreSpec;
  /** Empty or missing folder for this task: the program's working copy and results go here. */
  workDir: string;
  /** Its contents are copied (writable) into the working directory: inputs open by bare name. */
  inputsDir?: string;
  /** Task seed (uint64); default from a CSPRNG. */
  seed?: bigint;
  /** Ensemble size; default by core (ensemblePlan). */
  runs?: number;
  /** Runs executing at once; default the number of cores. */
  parallelism?: number;
  limits?: Partial<TaskLimits>;
  signal?: AbortSignal;
  sandbox?: 'bwrap' | 'none';
  logger?: EngineLogger;
  /** How varying number slots are printed; default Ux strings (uxSlotEncoder). */
  encode?: SlotEncoder;
}

const BIN = '/uxkit/bin/program';
const OUT = '/uxkit/out';
const { SIGXCPU } = constants.signals;

/**
 * Runs a built program on a core, in the sandbox: one plain run on Bypass cores, an ensemble
 * (the runtime forks the runs at the first UxHw call) aggregated into Ux values otherwise.
 * Bad arguments (shell operators, unknown microarchitecture) reject with EngineInputError;
 * every other ending is a RunOutcome.
 */
export async function runTask(o: RunTaskOptions): Promise<RunOutcome> {
  const argv = splitArguments(o.args);
  const plan = ensemblePlan(o.core, o.runs);
  const parallelism = o.parallelism ?? availableParallelism();
  if (!(Number.isInteger(parallelism) && parallelism >= 1)) {
    throw new EngineInputError('UXK_ERR_PARALLELISM', `parallelism must be a positive integer, got ${parallelism}`);
  }
  const seed = o.seed ?? randomBytes(8).readBigUInt64LE();
  const limits = taskLimits(o.core.MemorySize, plan.mode === 'bypass' ? 1 : parallelism, plan.runs, o.limits);
  try {
    if (!existsSync(o.binaryPath)) return { kind: 'internal-error', message: `the build's binary is missing: ${o.binaryPath}` };
    const cwd = join(o.workDir, 'cwd');
    const outDir = join(o.workDir, 'out');
    mkdirSync(cwd, { recursive: true });
    mkdirSync(outDir, { recursive: true });
    if (o.inputsDir !== undefined) cpSync(o.inputsDir, cwd, { recursive: true, verbatimSymlinks: true });
    const env: Record<string, string> = { UXKIT_MODE: plan.mode, UXKIT_SEED: seed.toString() };
    if (plan.mode === 'ensemble') {
      Object.assign(env, {
        UXKIT_RUNS: String(plan.runs), UXKIT_PARALLEL: String(parallelism), UXKIT_OUT_DIR: OUT,
        UXKIT_MAX_OUTPUT: String(perRunOutput(limits, plan.runs)),
        // A dynamically linked program (one the static link refused, or a binary built
        // elsewhere) resolves every symbol once before the fork: lazily, each run would look
        // up (and fault in the pages of) printf and the rest again.
        LD_BIND_NOW: '1',
      });
    }
    const r = await runSandboxed({
      command: BIN, args: argv, scratchDir: cwd, env, limits,
      mounts: [{ source: o.binaryPath, target: BIN }, { source: outDir, target: OUT, writable: true }],
      ...(o.signal !== undefined && { signal: o.signal }), ...(o.sandbox !== undefined && { sandbox: o.sandbox }),
      ...(o.logger !== undefined && { logger: o.logger }),
    });
    if (r.cancelled) return { kind: 'cancelled' };
    const finished = plan.mode === 'ensemble' && existsSync(join(outDir, 'runs.index'));
    if (!finished) {
      const failure = plan.mode === 'ensemble' && r.limit === undefined ? runtimeFailure(r) : undefined;
      return failure !== undefined ? { kind: 'internal-error', message: failure } : plainOutcome(r, limits, seed);
    }
    return await ensembleOutcome(r, outDir, plan.runs, o.core.Precision, limits, seed, o.encode ?? uxSlotEncoder);
  } catch (e) {
    return { kind: 'internal-error', message: `the engine failed to run the task: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * The runtime's own failure (CONTRACT.md: exit 70 for a bad configuration, 71 for an OS
 * failure in the supervisor, each with a `uxhw: ` line on stderr and no results): the
 * engine's fault, not the program's.
 */
function runtimeFailure(r: SandboxResult): string | undefined {
  if (r.exitCode !== 70 && r.exitCode !== 71) return undefined;
  const line = r.stderr.toString().split('\n').reverse().find((l) => l.startsWith('uxhw: '));
  return line === undefined ? undefined : `the UxHw runtime failed to run the ensemble: ${line.slice(6)}`;
}

function limitMessage(limit: string, limits: TaskLimits, what: string): string {
  const detail =
    limit === 'wall-time' ? `${limits.wallTimeMs} ms of wall time`
    : limit === 'cpu-time' ? `${limits.cpuTimeSeconds} s of CPU time per process`
    : limit === 'memory' ? `${limits.memoryBytes} bytes of memory`
    : `${limits.outputBytes} bytes of output (or ${limits.fileSizeBytes} bytes per file)`;
  return `${what} stopped: ${limit} limit exceeded (${detail})`;
}

/** A plain run: bypass mode, a program that never called UxHw, or an ensemble that died. */
function plainOutcome(r: SandboxResult, limits: TaskLimits, seed: bigint): RunOutcome {
  if (r.limit !== undefined) {
    return { kind: 'limit-exceeded', limit: r.limit, message: limitMessage(r.limit, limits, 'the program'), stdout: r.stdout, stderr: r.stderr };
  }
  return {
    kind: 'completed', stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, signal: r.signal, seed: seed.toString(),
    stats: { ExecutionTimeInMilliseconds: r.wallMs, ProcessorTime: r.cpuMs / 1000, Runs: 1, DivergentRuns: 0 },
  };
}

async function ensembleOutcome(
  r: SandboxResult, outDir: string, runs: number, precision: number, limits: TaskLimits, seed: bigint, encode: SlotEncoder,
): Promise<RunOutcome> {
  const results = await readEnsembleResults(outDir);
  const truncated = results.records.find((x) => x.truncated);
  const cpuKilled = results.records.find((x) => x.signal === SIGXCPU);
  const limit = r.limit ?? (truncated !== undefined ? 'output' : cpuKilled !== undefined ? 'cpu-time' : undefined);
  if (limit !== undefined) {
    const run = truncated ?? cpuKilled ?? results.records[0];
    const what = run !== undefined ? `run ${run.index} of ${runs}` : 'the ensemble';
    const stdout = Buffer.concat([r.stdout, run?.stdout ?? Buffer.alloc(0)]);
    const stderr = Buffer.concat([r.stderr, run?.stderr ?? Buffer.alloc(0)]);
    const message = limit === 'output'
      ? `${what} stopped: output limit exceeded (${perRunOutput(limits, runs)} bytes per run)`
      : limitMessage(limit, limits, what);
    return { kind: 'limit-exceeded', limit, message, stdout, stderr };
  }
  const agg = aggregateEnsemble({ runs: results.records, prefixStdout: r.stdout, prefixStderr: r.stderr, precision, encode });
  let cpuMicros = 0;
  for (const x of results.records) cpuMicros += x.cpuMicros;
  return {
    kind: 'completed', stdout: agg.stdout, stderr: agg.stderr, exitCode: agg.exitCode, signal: agg.signal, seed: seed.toString(),
    stats: {
      ExecutionTimeInMilliseconds: r.wallMs,
      ProcessorTime: Math.max(r.cpuMs / 1000, cpuMicros / 1e6),
      Runs: results.runs,
      DivergentRuns: agg.divergentRuns,
    },
  };
}
