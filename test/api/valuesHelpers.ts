import type { TestServer } from './helper.js';

/** A custom Reference core of `precision` runs; returns its CoreID. */
export async function referenceCore(server: TestServer, precision: number): Promise<string> {
  const res = await server.request('POST', '/cores', {
    json: { Name: `ref-${precision}`, Class: 'C0', Microarchitecture: 'Reference', CorrelationTracking: 'Disable', MemorySize: 256 << 20, Precision: precision },
  });
  if (res.status !== 201) throw new Error(`core: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.CoreID;
}

/** The default core of a microarchitecture (lowest precision). */
export async function defaultCore(server: TestServer, arch: string): Promise<string> {
  const res = await server.request('GET', '/cores?default=true');
  const cores = (res.body.Cores as { CoreID: string; Microarchitecture: string; Precision: number }[])
    .filter((c) => c.Microarchitecture === arch).sort((a, b) => a.Precision - b.Precision);
  if (cores[0] === undefined) throw new Error(`no default ${arch} core`);
  return cores[0].CoreID;
}

/** Every sample of a value, paged through the API with batches of `count`. */
export async function allSamples(server: TestServer, taskId: string, valueId: string, count: number): Promise<{ samples: number[]; calls: number }> {
  const samples: number[] = [];
  let token: string | undefined;
  let calls = 0;
  for (;;) {
    const q = `count=${count}${token === undefined ? '' : `&continuationToken=${encodeURIComponent(token)}`}`;
    const res = await server.request('GET', `/tasks/${taskId}/values/${valueId}/samples?${q}`);
    calls++;
    if (res.status !== 200) throw new Error(`samples: ${res.status} ${JSON.stringify(res.body)}`);
    samples.push(...(res.body.Samples as number[]));
    token = res.body.ContinuationToken;
    if (token === undefined) return { samples, calls };
  }
}

export function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
