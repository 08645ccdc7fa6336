import { existsSync, lstatSync, readlinkSync } from 'node:fs';

/** A host folder or file made visible inside the sandbox. */
export interface SandboxMount {
  source: string;
  target: string;
  writable?: boolean;
}

/** Where the scratch folder appears inside the sandbox (also the working directory). */
export const SANDBOX_WORKDIR = '/work';

/** The PATH programs and compilers see (inside the sandbox, or on the host with sandbox 'none'). */
export const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

const SYSTEM_DIRS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
// Only what the loader and the compilers need from /etc: no passwd, no network config.
const ETC_FILES = ['/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/alternatives'];

/**
 * bubblewrap arguments: new user (uid 1000, no capabilities), pid, ipc, uts and network
 * namespaces; /usr read-only; a private /tmp; the scratch folder writable at /work; the
 * root remounted read-only last so nothing else is writable; a clean environment.
 */
export function bwrapArgs(
  scratchDir: string,
  mounts: readonly SandboxMount[],
  env: Readonly<Record<string, string>>,
  command: string,
  args: readonly string[],
  chdir: string = SANDBOX_WORKDIR,
): string[] {
  const out = [
    '--unshare-user', '--uid', '1000', '--gid', '1000',
    '--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup-try',
    '--die-with-parent', '--new-session', '--clearenv',
    '--ro-bind', '/usr', '/usr',
  ];
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue;
    if (lstatSync(dir).isSymbolicLink()) out.push('--symlink', readlinkSync(dir), dir);
    else out.push('--ro-bind', dir, dir);
  }
  for (const file of ETC_FILES) if (existsSync(file)) out.push('--ro-bind', file, file);
  out.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  out.push('--bind', scratchDir, SANDBOX_WORKDIR, '--chdir', chdir);
  for (const m of mounts) out.push(m.writable === true ? '--bind' : '--ro-bind', m.source, m.target);
  out.push('--remount-ro', '/');
  out.push('--setenv', 'PATH', SANDBOX_PATH, '--setenv', 'HOME', SANDBOX_WORKDIR);
  out.push('--setenv', 'LANG', 'C', '--setenv', 'TMPDIR', '/tmp');
  for (const [k, v] of Object.entries(env)) out.push('--setenv', k, v);
  out.push('--', command, ...args);
  return out;
}
