import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskValuesRef } from '../../src/store/values.js';
import { scanUx } from '../../src/ux/scanUx.js';
import { buildProgram, runBuild } from './buildsHelpers.js';
import { startServer, type TestServer } from './helper.js';
import { allSamples, defaultCore, mean, referenceCore } from './valuesHelpers.js';

/*
 * Known answers (U = uniform(0,1), G = Gauss(2,3), M = 0.3 N(-5,1) + 0.7 N(5,1)):
 * Quantile(U, 0.25) = 0.25; second central moment of G = 9; P(G > 2) = 0.5; G truncated to
 * [0, 10] has support min >= 0; an independent copy of U has correlation 0 with U;
 * P(M > 0) = 0.7. Bypass runs once with every constructor at its mean.
 */
const QUERIES = `#include <math.h>
#include <stdio.h>
#include "uxhw.h"
int main(void) {
  double u = UxHwDoubleUniformDist(0.0, 1.0);
  double g = UxHwDoubleGaussDist(2.0, 3.0);
  double q = UxHwDoubleQuantile(u, 0.25);
  double m2 = UxHwDoubleNthMoment(g, 2);
  double p = UxHwDoubleProbabilityGT(g, 2.0);
  double t = UxHwDoubleLimitDistributionSupport(g, 0.0, 10.0);
  double tmin = UxHwDoubleSupportMin(t);
  double c = UxHwDoubleGetIndependentCopy(u);
  double cov = UxHwDoubleNthMoment(u * c, 1) - UxHwDoubleNthMoment(u, 1) * UxHwDoubleNthMoment(c, 1);
  double corr = cov / sqrt(UxHwDoubleNthMoment(u, 2) * UxHwDoubleNthMoment(c, 2));
  double mix = UxHwDoubleMixture(UxHwDoubleGaussDist(-5.0, 1.0), UxHwDoubleGaussDist(5.0, 1.0), 0.3);
  double pm = UxHwDoubleProbabilityGT(mix, 0.0);
  printf("q %.6f m2 %.6f p %.6f tmin %.6f corr %.6f pm %.6f\\n", q, m2, p, tmin, corr, pm);
  printf("u %lf g %lf\\n", u, g);
  return 0;
}
`;

function answers(stdout: string): Record<string, number> {
  const line = stdout.split('\n')[0]!.split(' ');
  const out: Record<string, number> = {};
  for (let i = 0; i + 1 < line.length; i += 2) out[line[i]!] = Number(line[i + 1]);
  return out;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { workers: 1 } });
});
afterAll(async () => server.close());

describe('queries with known answers through the HTTP API', () => {
  it('a Reference core of 1024 runs answers every query and prints each varying number with a ValueID whose samples are stored', async () => {
    const core = await referenceCore(server, 1024);
    const build = await buildProgram(server, { Code: QUERIES, Language: 'C', CoreID: core });
    expect(build.Status).toBe('Completed');
    const { task, stdout } = await runBuild(server, build.BuildID);
    expect(task.Status).toBe('Completed');
    expect(task.Stats.Runs).toBe(1024);
    const a = answers(stdout);
    // About 4.5 standard errors each at 1024 runs (a random task seed: the test must not flake).
    expect(Math.abs(a.q! - 0.25)).toBeLessThan(0.06);
    expect(Math.abs(a.m2! - 9)).toBeLessThan(2);
    expect(Math.abs(a.p! - 0.5)).toBeLessThan(0.07);
    expect(a.tmin).toBeGreaterThanOrEqual(0);
    expect(Math.abs(a.corr!)).toBeLessThan(0.15);
    expect(Math.abs(a.pm! - 0.7)).toBeLessThan(0.07);
    const refs = scanUx(stdout).valueIds;
    expect(refs.map((r) => r.valueId)).toHaveLength(2);
    expect(stdout).not.toMatch(/Ux[0-9A-F]{40}/);

    const list = await server.request('GET', `/tasks/${task.TaskID}/values`);
    expect(list.status).toBe(200);
    expect(list.body.Count).toBe(2);
    const [u, g] = list.body.Values;
    expect(u).toMatchObject({ ValueID: refs[0]!.valueId, Source: 'output', SampleCount: 1024, File: null });
    expect(g.ValueID).toBe(refs[1]!.valueId);
    const us = (await allSamples(server, task.TaskID, u.ValueID, 100)).samples;
    expect(us).toHaveLength(1024);
    // Samples are the printed numbers (6 decimals): a draw within 5e-7 of an end prints as 0 or 1.
    expect(us.every((x) => x >= 0 && x <= 1)).toBe(true);
    expect(mean(us)).toBeCloseTo(u.Mean, 12);
    // The printed particle is the samples' mean at the program's 6 decimals.
    expect(refs[0]!.particle).toBeCloseTo(mean(us), 5);
    const gs = (await allSamples(server, task.TaskID, g.ValueID, 10000)).samples;
    expect(Math.abs(mean(gs) - 2)).toBeLessThan(0.45);

    const plot = await server.request('POST', `/tasks/${task.TaskID}/values/${u.ValueID}/plot`, { headers: { 'content-type': 'application/json' }, body: '' });
    expect(plot.status).toBe(200);
    const png = await fetch(plot.body.presignedURL);
    expect(png.status).toBe(200);
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');

    // Deleting the task deletes its value store and its values.
    const file = server.app.store.blobs.path(taskValuesRef(task.TaskID));
    expect(existsSync(file)).toBe(true);
    expect((await server.request('DELETE', `/tasks/${task.TaskID}`)).status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await server.request('GET', `/tasks/${task.TaskID}/values/${u.ValueID}/samples?count=1`)).status).toBe(404);
  });

  it('an Athens core prints Ux values with the same known answers and records no values', async () => {
    const build = await buildProgram(server, { Code: QUERIES, Language: 'C', CoreID: await defaultCore(server, 'Athens') });
    const { task, stdout } = await runBuild(server, build.BuildID);
    const a = answers(stdout);
    expect(a.q).toBeCloseTo(0.25, 1);
    expect(Math.abs(a.m2! - 9)).toBeLessThan(1.2);
    expect(Math.abs(a.p! - 0.5)).toBeLessThan(0.06);
    expect(Math.abs(a.corr!)).toBeLessThan(0.1);
    expect(Math.abs(a.pm! - 0.7)).toBeLessThan(0.06);
    expect(scanUx(stdout).values).toHaveLength(2);
    expect((await server.request('GET', `/tasks/${task.TaskID}/values`)).body.Count).toBe(0);
  });

  it('a Bypass core runs once with every constructor at its mean', async () => {
    const build = await buildProgram(server, { Code: QUERIES, Language: 'C', CoreID: await defaultCore(server, 'Bypass') });
    const { stdout } = await runBuild(server, build.BuildID);
    expect(answers(stdout)).toEqual({ q: 0.5, m2: 0, p: 0, tmin: 2, corr: Number.NaN, pm: 1 });
    expect(stdout.split('\n')[1]).toBe('u 0.500000 g 2.000000');
  });
});
