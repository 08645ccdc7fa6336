import type { CliIO } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';

export interface CliRun {
  status: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs `uxkit <args>` in-process with `stdin` as its input, capturing both streams. */
export async function runInMemory(args: string[], stdin: string | Uint8Array = ''): Promise<CliRun> {
  const out: Buffer[] = [];
  let stderr = '';
  const io: CliIO = {
    readStdin: async () => Buffer.from(stdin),
    stdout: (chunk) => out.push(Buffer.from(chunk)),
    stderr: (chunk) => {
      stderr += chunk;
    },
  };
  const status = await runCli(args, io);
  return { status, stdout: Buffer.concat(out), stderr };
}
