import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';

function memoryIO(): CliIO & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    readStdin: async () => Buffer.alloc(0),
    stdout: (chunk) => {
      out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    },
    stderr: (chunk) => {
      err += chunk;
    },
    out: () => out,
    err: () => err,
  };
}

describe('uxkit', () => {
  it('every command prints its usage for --help and -h with exit status 0', async () => {
    for (const name of ['decode', 'encode', 'sample', 'plot', 'keys', 'serve']) {
      for (const flag of ['--help', '-h']) {
        const io = memoryIO();
        expect(await runCli([name, flag], io)).toBe(0);
        expect(io.out()).toMatch(new RegExp(`^usage: uxkit ${name} `));
        expect(io.err()).toBe('');
      }
    }
  });

  it('an unknown command exits 2 and lists the commands on stderr', async () => {
    const io = memoryIO();
    expect(await runCli(['frobnicate'], io)).toBe(2);
    expect(io.err()).toContain("unknown command 'frobnicate'");
    expect(io.err()).toContain('decode');
  });

  it('no command prints the usage and exits 2; help exits 0', async () => {
    const none = memoryIO();
    expect(await runCli([], none)).toBe(2);
    expect(none.out()).toContain('usage: uxkit <command>');
    const help = memoryIO();
    expect(await runCli(['help'], help)).toBe(0);
  });

  it('an unknown option is a usage error with exit status 2, not a crash', async () => {
    const io = memoryIO();
    expect(await runCli(['decode', '--bogus', 'x'], io)).toBe(2);
    expect(io.err()).toMatch(/^uxkit decode: /);
  });
});
