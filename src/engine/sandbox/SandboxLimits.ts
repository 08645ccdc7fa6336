/** Resource limits of one sandboxed command. */
export interface SandboxLimits {
  /** Whole command, all processes: killed (process group and cgroups) beyond it. */
  wallTimeMs: number;
  /** RLIMIT_CPU per process, in seconds (an ensemble run is a process: each gets this much). */
  cpuTimeSeconds: number;
  /** Memory cgroup limit for all processes together; RLIMIT_AS per process as a guard. */
  memoryBytes: number;
  /** pids cgroup cap on processes and threads together (where cgroups are writable). */
  maxProcesses: number;
  /** RLIMIT_FSIZE: largest file any process may write. */
  fileSizeBytes: number;
  /** Captured stdout + stderr of the command; beyond it the command is killed. */
  outputBytes: number;
  /** RLIMIT_NOFILE (soft and hard) of every process; default 256. */
  openFiles?: number;
}

/** Which limit ended a command. `output` also covers the file-size limit. */
export type LimitName = 'wall-time' | 'cpu-time' | 'memory' | 'output';

/** Floor of RLIMIT_AS so that the C runtime, libc and the dynamic loader always fit. */
export const MIN_ADDRESS_SPACE = 256 * 1024 * 1024;
