import { constants } from 'node:os';

// Built once: number -> name (SIGKILL...), for messages about how a program ended.
const names = new Map<number, string>(Object.entries(constants.signals).map(([name, n]) => [n, name]));

/** The name of a signal number (`SIGKILL` for 9), undefined for a number the OS does not define. */
export function signalName(signal: number): string | undefined {
  return names.get(signal);
}
