import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSandboxed } from '../../../src/engine/sandbox/runSandboxed.js';
import type { SandboxLimits } from '../../../src/engine/sandbox/SandboxLimits.js';

const root = mkdtempSync(join(tmpdir(), 'uxkit-sandbox-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const limits: SandboxLimits = {
  wallTimeMs: 5000, cpuTimeSeconds: 2, memoryBytes: 256 << 20, maxProcesses: 32,
  fileSizeBytes: 1 << 20, outputBytes: 1 << 20,
};
const scratch = () => mkdtempSync(join(root, 's-'));
const sh = (script: string, extra: Partial<SandboxLimits> = {}, dir = scratch()) =>
  runSandboxed({ command: '/bin/bash', args: ['-c', script], scratchDir: dir, limits: { ...limits, ...extra } });

describe('runSandboxed', () => {
  it('runs in the scratch folder as working directory and keeps files written there', async () => {
    const dir = scratch();
    const r = await sh('echo hello > out.txt; pwd', {}, dir);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toBe('/work\n');
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('hello\n');
  });

  it("caps an open-files limit above what the host allows at the host's hard limit instead of failing", async () => {
    const r = await sh('ulimit -n', { openFiles: 100_000_000 });
    expect(r.exitCode).toBe(0);
    const granted = Number(r.stdout.toString());
    expect(granted).toBeGreaterThan(256);
    expect(granted).toBeLessThan(100_000_000);
  });

  it('applies an open-files limit the host allows exactly', async () => {
    const r = await sh('ulimit -n', { openFiles: 300 });
    expect(r.stdout.toString()).toBe('300\n');
  });

  it('denies network access', async () => {
    const r = await sh('exec 3<>/dev/tcp/127.0.0.1/22 && echo connected || echo refused');
    expect(r.stdout.toString()).toContain('refused');
    expect(r.stdout.toString()).not.toContain('connected\n');
  });

  it('denies writes outside the scratch folder and hides the host file system', async () => {
    const host = join(root, 'host-secret.txt');
    writeFileSync(host, 'secret');
    const r = await sh(`echo x > /usr/evil; echo y > ${host}; cat ${host}; echo z > /etc/evil; echo done`);
    expect(r.stdout.toString()).toBe('done\n');
    expect(r.stderr.toString()).toContain('Read-only file system');
    expect(readFileSync(host, 'utf8')).toBe('secret');
    expect(existsSync('/usr/evil')).toBe(false);
  });

  it('keeps the exit status and stderr of a failing command', async () => {
    const r = await sh('echo oops >&2; exit 7');
    expect(r).toMatchObject({ exitCode: 7, signal: 0 });
    expect(r.stderr.toString()).toBe('oops\n');
    expect(r.limit).toBeUndefined();
  });

  it('reports a command killed by a signal with that signal', async () => {
    const r = await sh('kill -SEGV $$');
    expect(r.exitCode).toBeNull();
    expect(r.signal).toBe(11);
  });

  it('ends a command that outlives the wall-time limit as wall-time', async () => {
    const r = await sh('sleep 30', { wallTimeMs: 500 });
    expect(r.limit).toBe('wall-time');
  });

  it('ends a command that spins past the CPU limit as cpu-time', async () => {
    // A generous wall limit: on a loaded machine 1 s of CPU can take many seconds.
    const r = await sh('while :; do :; done', { cpuTimeSeconds: 1, wallTimeMs: 50_000 });
    expect(r.limit).toBe('cpu-time');
    // cpuacct and the tick-based RLIMIT_CPU accounting differ under virtualisation: loosely.
    expect(r.cpuMs).toBeGreaterThan(500);
  });

  it('stops reading and kills a command that prints beyond the output cap', async () => {
    const r = await sh('yes', { outputBytes: 100_000 });
    expect(r.limit).toBe('output');
    expect(r.stdout.length).toBe(100_000);
  });

  it('output that fills the cap exactly is kept whole; one more byte in a later write is over the limit', async () => {
    const exact = await sh('head -c 65536 /dev/zero', { outputBytes: 65_536 });
    expect(exact.limit).toBeUndefined();
    expect(exact.exitCode).toBe(0);
    expect(exact.stdout.length).toBe(65_536);
    const over = await sh('head -c 65536 /dev/zero; sleep 0.3; echo x', { outputBytes: 65_536 });
    expect(over.limit).toBe('output');
    expect(over.stdout.length).toBe(65_536);
  });

  it('ends a command that writes a file beyond the file-size limit as output', async () => {
    const r = await sh('head -c 5000000 /dev/zero > big.bin', { fileSizeBytes: 1 << 20 });
    expect(r.limit).toBe('output');
  });

  it('ends a command that cancels via its abort signal as cancelled', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const r = await runSandboxed({ command: '/bin/sleep', args: ['30'], scratchDir: scratch(), limits, signal: ac.signal });
    expect(r.cancelled).toBe(true);
  });

  it('caps the number of processes when a pids cgroup is available', async (ctx) => {
    const r = await sh('for i in $(seq 40); do sleep 1 & done; wait', { maxProcesses: 10, wallTimeMs: 2000 });
    if (!r.enforced.processes) ctx.skip();
    expect(r.stderr.toString()).toContain('fork: retry: Resource temporarily unavailable');
  });

  it('ends a command that exceeds the memory limit as memory when a memory cgroup is available', async (ctx) => {
    const r = await sh('a=x; while :; do a=$a$a; done', { memoryBytes: 64 << 20 });
    if (!r.enforced.memory) ctx.skip();
    expect(r.limit).toBe('memory');
  });
});
