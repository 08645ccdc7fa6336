import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractExamples } from './docExamples.js';

const root = resolve(import.meta.dirname, '../..');
const indexTs = join(root, 'src', 'index.ts');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const work = mkdtempSync(join(tmpdir(), 'uxkit-doc-examples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs one program in the scratch folder (files it writes land there); returns what each line produced. */
function runProgram(name: string, program: string): { status: number | null; stderr: string; seen: Record<string, string> } {
  const file = join(work, `${name}.mts`);
  const seenFile = join(work, `${name}.seen.json`);
  writeFileSync(file, program);
  const result = spawnSync(tsx, [file], {
    cwd: work,
    env: { ...process.env, UXKIT_DOC_SEEN: seenFile },
    encoding: 'utf8',
    timeout: 60_000,
  });
  let seen: Record<string, string> = {};
  try {
    seen = JSON.parse(readFileSync(seenFile, 'utf8')) as Record<string, string>;
  } catch {
    // No record: the program died before exit; the status and stderr say why.
  }
  return { status: result.status, stderr: result.stderr, seen };
}

describe.each(['README.md', 'docs/guide/library.md'])('the code examples of %s', (doc) => {
  const examples = extractExamples(readFileSync(join(root, doc), 'utf8'), indexTs);

  it('exist and each state at least one expected output', () => {
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(example.expectations.length, `block at line ${example.startLine}`).toBeGreaterThan(0);
  });

  it.each(examples.map((e) => [e.startLine, e] as const))('block at line %i runs and prints what its comments say', (startLine, example) => {
    const name = `${doc.replace(/\W/g, '_')}_${startLine}`;
    const { status, stderr, seen } = runProgram(name, example.program);
    expect(stderr, `block at ${doc}:${startLine} wrote to stderr`).toBe('');
    expect(status, `block at ${doc}:${startLine} exited with ${status}`).toBe(0);
    for (const { line, expected } of example.expectations) {
      const where = `${doc}:${startLine + 1 + line}`;
      expect(seen[line], `${where} never ran`).toBeDefined();
      expect(seen[line], where).toBe(expected);
    }
  });
});

describe('the code examples', () => {
  it('type-check against the library under the project\'s strict settings', () => {
    // Inside node_modules so that the project's tsconfig finds @types/node from there.
    const dir = join(root, 'node_modules', '.cache', 'uxkit-doc-examples');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const uxkit = JSON.stringify(join(root, 'src', 'index.js'));
    const names: string[] = [];
    for (const doc of ['README.md', 'docs/guide/library.md']) {
      for (const example of extractExamples(readFileSync(join(root, doc), 'utf8'), indexTs)) {
        const name = `${doc.replace(/\W/g, '_')}_${example.startLine}.mts`;
        writeFileSync(join(dir, name), example.code.replace(/from 'uxkit'/g, `from ${uxkit}`));
        names.push(name);
      }
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(root, 'tsconfig.json'), include: names }));
    const tsc = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', dir], { encoding: 'utf8', timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the example checker', () => {
  it('fails a block whose comment states a wrong value', () => {
    const [example] = extractExamples("```ts\nimport { mean, Distribution } from 'uxkit';\nmean(Distribution.fromParticles([1, 3], [1, 1])); // => 3\n```\n", indexTs);
    const { status, seen } = runProgram('wrong', example!.program);
    expect(status).toBe(0);
    expect(seen[1]).toBe('2');
    expect(seen[1]).not.toBe(example!.expectations[0]!.expected);
  });

  it('records console.log lines as printed and declarations by their value', () => {
    const [example] = extractExamples("```ts\nconst x = [1, 2].length; // => 2\nconsole.log('a', 1 + 1); // a 2\n```\n", indexTs);
    expect(example!.expectations).toEqual([
      { line: 0, kind: 'value', expected: '2' },
      { line: 1, kind: 'log', expected: 'a 2' },
    ]);
    expect(runProgram('forms', example!.program).seen).toEqual({ 0: '2', 1: 'a 2' });
  });
});

describe('the guide', () => {
  it('README.md starts with the two commands that set up a fresh machine', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.startsWith('# uxkit\n\n```sh\n./scripts/setup && ./bin/uxkit serve')).toBe(true);
  });

  it('docs/README.md links every guide section', () => {
    const index = readFileSync(join(root, 'docs', 'README.md'), 'utf8');
    for (const file of readdirSync(join(root, 'docs', 'guide')).filter((f) => f.endsWith('.md'))) {
      expect(index, `docs/README.md does not link guide/${file}`).toContain(`(guide/${file})`);
    }
  });
});
