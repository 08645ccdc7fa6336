// `npm run bench [suite ...]`: runs the suites, prints a table, then the results as JSON
// (also written to bench/results/latest.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { type BenchResult, type BenchSuite, formatTable } from './lib.js';

const suites: Record<string, () => Promise<{ run: BenchSuite }>> = {
  engine: () => import('./engine.js'),
  sampling: () => import('./sampling.js'),
  decode: () => import('./decode.js'),
  plot: () => import('./plot.js'),
  dist: () => import('./dist.js'),
  server: () => import('./server.js'),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in suites));
if (unknown.length > 0) {
  process.stderr.write(`unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}\n`);
  process.exit(2);
}
const results: BenchResult[] = [];
for (const [name, load] of Object.entries(suites)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  process.stderr.write(`running ${name}...\n`);
  results.push(...(await (await load()).run()));
}
const json = JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/latest.json', import.meta.url), `${json}\n`);
process.stdout.write(`${formatTable(results)}\n\n${json}\n`);
