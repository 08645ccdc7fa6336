import { UxkitError } from '../errors.js';
import { type CliCommand, type CliIO, processIO } from './io.js';

/** Commands load lazily so that `uxkit decode` never pays for the server's imports. */
interface CommandModule {
  run: CliCommand;
  /** Printed by `uxkit <command> --help`. */
  usage: string;
}
const commands: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {};

/** Registers a command; each command module lives beside this file. */
function command(name: string, summary: string, load: () => Promise<CommandModule>): void {
  commands[name] = { summary, load };
}
command('sample', 'draw reproducible samples from a Ux value, resumable by token', () => import('./sample.js'));
command('serve', 'run the compute engine API server', () => import('./serve.js'));
command('keys', 'create, list and revoke API keys in a data folder', () => import('./keys.js'));
command('plot', 'draw a Ux value\'s density to PNG, SVG or a Vega spec', () => import('./plot.js'));
command('decode', 'summarise a Ux value, or print all its fields as JSON', () => import('./decode.js'));
command('encode', 'turn the JSON of decode --json back into the Ux string', () => import('./encode.js'));

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `usage: uxkit <command> [options]\n\ncommands:\n${lines.join('\n')}\n`;
}

/** Runs the CLI in-process; returns the exit status. */
export async function runCli(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name === undefined ? 2 : 0;
  }
  const entry = commands[name];
  if (entry === undefined) {
    io.stderr(`uxkit: unknown command '${name}'\n${usage()}`);
    return 2;
  }
  try {
    const module = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${module.usage}\n`);
      return 0;
    }
    return await module.run(rest, io);
  } catch (error) {
    if (error instanceof UxkitError || isParseArgsError(error)) {
      io.stderr(`uxkit ${name}: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** The process entry point used by bin/uxkit. */
export function main(): void {
  runCli(process.argv.slice(2)).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      process.stderr.write(`uxkit: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
