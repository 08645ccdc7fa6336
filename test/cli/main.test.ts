import { describe, expect, it } from 'vitest';
import { runInMemory } from './runInMemory.js';

describe('uxkit', () => {
  it('every command prints its usage for --help and -h with exit status 0', async () => {
    for (const name of ['decode', 'encode', 'sample', 'plot', 'keys', 'serve']) {
      for (const flag of ['--help', '-h']) {
        const r = await runInMemory([name, flag]);
        expect(r.status).toBe(0);
        expect(r.stdout.toString()).toMatch(new RegExp(`^usage: uxkit ${name} `));
        expect(r.stderr).toBe('');
      }
    }
  });

  it('an unknown command exits 2 and lists the commands on stderr', async () => {
    const r = await runInMemory(['frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown command 'frobnicate'");
    expect(r.stderr).toContain('decode');
  });

  it('no command prints the usage and exits 2; help exits 0', async () => {
    const none = await runInMemory([]);
    expect(none.status).toBe(2);
    expect(none.stdout.toString()).toContain('usage: uxkit <command>');
    expect((await runInMemory(['help'])).status).toBe(0);
  });

  it('an unknown option is a usage error with exit status 2, not a crash', async () => {
    const r = await runInMemory(['decode', '--bogus', 'x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^uxkit decode: /);
  });
});
