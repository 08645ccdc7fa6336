import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

/** Paths `npm pack` would publish (dist/ only when it has been built). */
function packedFiles(): Set<string> {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [report] = JSON.parse(out) as [{ files: { path: string }[] }];
  return new Set(report.files.map((f) => f.path));
}

describe('the published package', () => {
  const files = packedFiles();

  it('ships the CLI launcher and everything the engine and store read from disk at run time', () => {
    expect(files).toContain('bin/uxkit');
    expect(files).toContain('src/engine/sandbox/launcher.c');
    for (const name of readdirSync(`${root}src/engine/runtime`)) expect(files).toContain(`src/engine/runtime/${name}`);
    for (const name of readdirSync(`${root}src/store/migrations`)) expect(files).toContain(`src/store/migrations/${name}`);
  });

  it('ships no tests, fixtures, data folders or TypeScript sources of the library', () => {
    for (const path of files) {
      expect(path).not.toMatch(/^(test|fixtures|bench|data|node_modules)\//);
      expect(path).not.toMatch(/^src\/.*\.ts$/);
    }
  });
});
