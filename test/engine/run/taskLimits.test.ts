import { describe, expect, it } from 'vitest';
import { MIN_TASK_MEMORY, perRunOutput, taskLimits } from '../../../src/engine/run/taskLimits.js';

describe('taskLimits', () => {
  it('gives each executing run and the supervisor the core memory, plus 1 MiB per waiting run', () => {
    expect(taskLimits(1 << 30, 2, 1024).memoryBytes).toBe(3 * (1 << 30) + 1024 * (1 << 20));
  });

  it('floors a tiny or missing MemorySize so the runtime always fits', () => {
    expect(taskLimits(1000, 1, 1).memoryBytes).toBe(2 * MIN_TASK_MEMORY);
    expect(taskLimits(NaN, 1, 1).memoryBytes).toBe(2 * MIN_TASK_MEMORY);
  });

  it('allows every run of an ensemble to be alive at once (processes and descriptors)', () => {
    const l = taskLimits(0, 2, 4096);
    expect(l.maxProcesses).toBeGreaterThanOrEqual(4096 + 16);
    expect(l.openFiles).toBeGreaterThanOrEqual(3 * 4096 + 64);
  });

  it('lets given limits win over the defaults', () => {
    expect(taskLimits(0, 1, 1, { wallTimeMs: 5 }).wallTimeMs).toBe(5);
  });
});

describe('perRunOutput', () => {
  it('shares the ensemble output budget between runs, at least 64 KiB each, at most the plain cap', () => {
    const l = taskLimits(0, 1, 1024);
    expect(perRunOutput(l, 1024)).toBe(256 * 1024);
    expect(perRunOutput(l, 1_000_000)).toBe(64 * 1024);
    expect(perRunOutput(l, 1)).toBe(64 << 20);
  });
});
