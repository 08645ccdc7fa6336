import { join } from 'node:path';
import type { Build } from '../../store/builds.js';
import type { Store } from '../../store/Store.js';
import { ValueStore } from '../../store/values.js';
import type { CompileOutcome } from '../toolchain/CompileOutcome.js';
import { SANDBOX_SOURCES } from '../toolchain/compileBuild.js';
import type { PreparedSources } from '../worker/sourcePreparers.js';
import { discoverVariables } from './discoverVariables.js';
import { instrumentSources } from './instrumentSources.js';
import type { TracePoint } from './TracePoint.js';

export interface TracedBuild {
  sources: PreparedSources;
  points: TracePoint[];
  /** Variable discovery was asked for: compiled with -g, variables read after the build. */
  discover: boolean;
}

/**
 * The build's sources with its TraceVariables instrumented (into `<dir>/traced`) and -g added
 * when variable discovery was requested. Throws EngineInputError (the build stops with its
 * message) for a missing File or line.
 */
export function prepareTracedBuild(store: Store, build: Build, dir: string, sources: PreparedSources): TracedBuild {
  // Source builds ask through ValueStore.requestDiscovery, repository builds in their Application.
  const application = build.Application as { Repository?: { DiscoverVariables?: unknown } };
  const values = store.module(ValueStore);
  const discover = application.Repository?.DiscoverVariables === true || values.discoveryRequested(build.BuildID);
  if (discover) values.requestDiscovery(build.BuildID);
  let out: PreparedSources = sources;
  let points: TracePoint[] = [];
  if (build.TraceVariables.length > 0) {
    const traced = instrumentSources(sources.sourceDir, join(dir, 'traced'), build.TraceVariables, sources.sources);
    points = traced.points;
    out = { ...sources, sourceDir: traced.sourceDir, ...(traced.sources !== undefined && { sources: traced.sources }) };
  }
  if (discover) {
    out = {
      ...out, cflags: [...(out.cflags ?? []), '-g'], cxxflags: [...(out.cxxflags ?? []), '-g'], fflags: [...(out.fflags ?? []), '-g'],
    };
  }
  return { sources: out, points, discover };
}

/** The compiler's first diagnostic on a traced line, as a message naming the expression. */
function traceDiagnostic(log: string, points: readonly TracePoint[]): string | undefined {
  const prefix = `${SANDBOX_SOURCES}/`;
  for (const line of log.split('\n')) {
    const text = line.startsWith(prefix) ? line.slice(prefix.length) : line;
    const m = /^([^:\n]+):(\d+):(?:\d+:)?\s*(?:fatal )?(error|Error)\b:?\s*(.*)$/.exec(text);
    if (m === null) continue;
    const p = points.find((x) => x.File === m[1] && x.LineNumber === Number(m[2]));
    if (p !== undefined) return `TraceVariables: the expression '${p.Expression}' at ${p.File}:${p.LineNumber} does not compile: ${m[4]}`;
  }
  return undefined;
}

/**
 * After the compile: a compile error on a traced line becomes a message naming the traced
 * expression (returned: the build stops with it); a built program with discovery requested
 * gets its variables stored.
 */
export async function finishTracedBuild(
  store: Store, build: Build, outcome: CompileOutcome, traced: TracedBuild, signal?: AbortSignal,
): Promise<string | undefined> {
  if (outcome.kind === 'compile-error' && traced.points.length > 0) return traceDiagnostic(outcome.log, traced.points);
  if (outcome.kind === 'built' && traced.discover) {
    store.module(ValueStore).setVariables(build.BuildID, await discoverVariables(outcome.binaryPath, SANDBOX_SOURCES, signal));
  }
  return undefined;
}
