import { UxkitError } from '../errors.js';

/** What a CLI command may touch, so that tests can run commands in-process. */
export interface CliIO {
  readStdin(): Promise<Buffer>;
  stdout(chunk: string | Uint8Array): void;
  stderr(chunk: string): void;
}

/** A command's entry point: returns the process exit status. */
export type CliCommand = (args: string[], io: CliIO) => Promise<number>;

/** Bad command-line usage or input: exit status 2 with the message on stderr. */
export class CliUsageError extends UxkitError {}

export const processIO: CliIO = {
  async readStdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
  stdout(chunk) {
    process.stdout.write(chunk);
  },
  stderr(chunk) {
    process.stderr.write(chunk);
  },
};

/** Reads a positional argument that is either the value itself or `-` for stdin. */
export async function argOrStdin(arg: string | undefined, io: CliIO, what: string): Promise<string> {
  if (arg === undefined) throw new CliUsageError('missing-argument', `missing ${what} (give it, or - to read stdin)`);
  if (arg === '-') return (await io.readStdin()).toString('utf8').trim();
  return arg;
}
