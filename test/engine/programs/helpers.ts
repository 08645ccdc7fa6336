import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Distribution } from '../../../src/dist/Distribution.js';
import type { CoreSpec } from '../../../src/engine/run/ensemblePlan.js';
import { runTask, type RunTaskOptions } from '../../../src/engine/run/runTask.js';
import type { RunOutcome } from '../../../src/engine/run/RunOutcome.js';
import { compileBuild } from '../../../src/engine/toolchain/compileBuild.js';
import type { Language } from '../../../src/engine/toolchain/languages.js';
import { parseUx } from '../../../src/ux/parseUx.js';

export const FIXTURES = new URL('../../../fixtures/programs/', import.meta.url).pathname;
export const root = mkdtempSync(join(tmpdir(), 'uxkit-programs-test-'));
export const cleanup = () => rmSync(root, { recursive: true, force: true });
export const athens = (Precision = 128): CoreSpec => ({ Microarchitecture: 'Athens', Precision, MemorySize: 256 << 20 });

const built = new Map<string, Promise<string>>();

/** Builds a fixture program once per test file and returns its binary. */
export function buildFixture(name: string, language: Language = 'C'): Promise<string> {
  let p = built.get(name);
  if (p === undefined) {
    p = compileBuild({ language, sourceDir: join(FIXTURES, name), workDir: mkdtempSync(join(root, `build-${name}-`)) }).then((b) => {
      if (b.kind !== 'built') throw new Error(`fixture ${name} did not build: ${JSON.stringify(b)}`);
      return b.binaryPath;
    });
    built.set(name, p);
  }
  return p;
}

export async function runFixture(name: string, o: Partial<RunTaskOptions> & { language?: Language } = {}): Promise<RunOutcome> {
  const binaryPath = await buildFixture(name, o.language ?? 'C');
  return runTask({
    binaryPath, args: [], core: athens(), workDir: mkdtempSync(join(root, `run-${name}-`)),
    runs: 1024, parallelism: 2, seed: 12345n, ...o,
  });
}

/** Every Ux value in a text, decoded, in order of appearance. */
export function uxValues(text: string): Distribution[] {
  const found = text.match(/[-+]?(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?Ux[0-9a-fA-F]{40,}/g) ?? [];
  return found.map((s) => Distribution.fromUx(parseUx(s)));
}
