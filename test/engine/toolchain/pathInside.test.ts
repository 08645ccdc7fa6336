import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { existingInside, relativeInside } from '../../../src/engine/toolchain/pathInside.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'uxkit-inside-')));
const root = join(base, 'root');
mkdirSync(join(root, 'sub'), { recursive: true });
writeFileSync(join(root, 'sub', 'a.c'), 'int a;\n');
writeFileSync(join(base, 'secret.c'), 'int s;\n');
symlinkSync(join(base, 'secret.c'), join(root, 'out.c'));
symlinkSync('sub/a.c', join(root, 'in.c'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('relativeInside', () => {
  it('normalises a relative path and rejects absolute paths and paths that climb out', () => {
    expect(relativeInside('sub/../sub/./a.c')).toBe('sub/a.c');
    expect(relativeInside('/etc/passwd')).toBeUndefined();
    expect(relativeInside('../x.c')).toBeUndefined();
    expect(relativeInside('sub/../../x.c')).toBeUndefined();
  });
});

describe('existingInside', () => {
  it('accepts existing files inside the root, symlinks within it included', () => {
    expect(existingInside(root, './sub/a.c')).toBe('sub/a.c');
    expect(existingInside(root, 'in.c')).toBe('in.c');
  });

  it('rejects missing files and symlinks whose target is outside the root', () => {
    expect(existingInside(root, 'sub/missing.c')).toBeUndefined();
    expect(existingInside(root, 'out.c')).toBeUndefined();
    expect(existingInside(root, '../secret.c')).toBeUndefined();
  });
});
