import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Per-task control groups (cgroup v1 `pids`, `memory`, `cpuacct`), where the host lets us make them. */
export interface TaskCgroups {
  /** cgroup.procs files the launcher joins before it forks the sandbox. */
  procsFiles: string[];
  /** CPU time of every process of the task in ms (cpuacct), or undefined without that group. */
  cpuMs(): number | undefined;
  /** Which limits the kernel enforces for this task. */
  enforced: { processes: boolean; memory: boolean };
  /** True when the kernel OOM-killed a process of the task at the memory limit. */
  memoryLimitHit(): boolean;
  /** Kills every process still in the groups (belt and braces after the wall-time kill). */
  killAll(): void;
  /** Removes the groups; retries briefly because killed processes take a moment to go. */
  remove(): Promise<void>;
}

const V1_ROOT = '/sys/fs/cgroup';

/** Our own cgroup path for a v1 controller, from /proc/self/cgroup; undefined when absent. */
function ownPath(controller: string): string | undefined {
  let text: string;
  try {
    text = readFileSync('/proc/self/cgroup', 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const [, controllers, path] = line.split(':');
    if (controllers !== undefined && path !== undefined && controllers.split(',').includes(controller)) {
      const dir = join(V1_ROOT, controller, path);
      return existsSync(join(dir, 'cgroup.procs')) ? dir : undefined;
    }
  }
  return undefined;
}

function makeGroup(controller: string, name: string, settings: [string, string][]): string | undefined {
  const parent = ownPath(controller);
  if (parent === undefined) return undefined;
  const dir = join(parent, name);
  try {
    mkdirSync(dir);
    for (const [file, value] of settings) writeFileSync(join(dir, file), value);
    return dir;
  } catch {
    try {
      rmdirSync(dir);
    } catch {
      // Nothing was created, or it cannot be removed: either way we do not use it.
    }
    return undefined;
  }
}

function readNumber(file: string, key: string): number {
  try {
    const text = readFileSync(file, 'utf8');
    const line = text.split('\n').find((l) => l.startsWith(`${key} `));
    return line === undefined ? 0 : Number(line.slice(key.length + 1));
  } catch {
    return 0;
  }
}

/**
 * Creates a `pids` group capped at `maxProcesses` and a `memory` group capped at
 * `memoryBytes` below the engine's own cgroups (nested, so the host's accounting still
 * sees everything). Returns the groups that could be made; none on hosts without writable
 * cgroup v1 hierarchies (the sandbox then falls back to RLIMIT_AS only).
 */
export function createTaskCgroups(maxProcesses: number, memoryBytes: number): TaskCgroups {
  const name = `uxkit-${process.pid}-${randomBytes(6).toString('hex')}`;
  const pids = makeGroup('pids', name, [['pids.max', String(maxProcesses)]]);
  const memory = makeGroup('memory', name, [['memory.limit_in_bytes', String(memoryBytes)]]);
  const cpuacct = makeGroup('cpuacct', name, []);
  const dirs = [pids, memory, cpuacct].filter((d): d is string => d !== undefined);
  return {
    procsFiles: dirs.map((d) => join(d, 'cgroup.procs')),
    cpuMs: () => {
      if (cpuacct === undefined) return undefined;
      try {
        return Number(readFileSync(join(cpuacct, 'cpuacct.usage'), 'utf8').trim()) / 1e6;
      } catch {
        return undefined;
      }
    },
    enforced: { processes: pids !== undefined, memory: memory !== undefined },
    memoryLimitHit: () =>
      // failcnt also counts reclaimed page cache, so only a real OOM kill counts as a hit.
      memory !== undefined && readNumber(join(memory, 'memory.oom_control'), 'oom_kill') > 0,
    killAll: () => {
      for (const dir of dirs) {
        let procs: string[] = [];
        try {
          procs = readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
        } catch {
          continue;
        }
        for (const pid of procs) {
          try {
            process.kill(Number(pid), 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      }
    },
    remove: async () => {
      for (const dir of dirs) {
        for (let attempt = 0; attempt < 50; attempt++) {
          try {
            rmdirSync(dir);
            break;
          } catch {
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      }
    },
  };
}
