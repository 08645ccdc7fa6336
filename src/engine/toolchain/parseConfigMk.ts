import { EngineInputError } from '../errors.js';

/** What a repository's config.mk says about the build. Absent keys are undefined. */
export interface ConfigMk {
  sources?: string[];
  cflags?: string[];
  cxxflags?: string[];
}

const KEYS = { SOURCES: 'sources', CFLAGS: 'cflags', CXXFLAGS: 'cxxflags' } as const;

/**
 * Reads the subset of make syntax config.mk files use: `NAME = words`, `NAME := words`,
 * `NAME += more words`, `#` comments and backslash line continuations. Other variables are
 * ignored. Values are split on whitespace (no quoting, as in make). A line that is neither
 * an assignment, a comment nor blank is an error naming its line, rather than a silent
 * misread.
 */
export function parseConfigMk(text: string): ConfigMk {
  const out: ConfigMk = {};
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*(\+=|:=|::=|\?=|=)\s*(.*)$/.exec(line);
    if (m === null) {
      throw new EngineInputError('UXK_ERR_CONFIG_MK', `config.mk line ${i + 1} is not an assignment: ${line}`);
    }
    const key = KEYS[m[1] as keyof typeof KEYS] as keyof ConfigMk | undefined;
    if (key === undefined) continue;
    const words = m[3]!.split(/\s+/).filter((w) => w !== '');
    const op = m[2]!;
    if (op === '+=') out[key] = [...(out[key] ?? []), ...words];
    else if (op === '?=') out[key] ??= words;
    else out[key] = words;
  }
  return out;
}
