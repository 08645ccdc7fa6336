/**
 * `{"Samples":[...],"Count":n[,"ContinuationToken":...]}` as text: non-finite samples as
 * strings ("NaN", "Infinity"), since JSON has no such numbers. Used by GET /samples and the
 * values group's samples route; fastify sends the string as it is.
 */
export function samplesJson(samples: Float64Array, token: string | undefined): string {
  const parts = new Array<string>(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    parts[i] = v - v === 0 ? String(v) : `"${String(v)}"`;
  }
  const tail = token === undefined ? '' : `,"ContinuationToken":${JSON.stringify(token)}`;
  return `{"Samples":[${parts.join(',')}],"Count":${samples.length}${tail}}`;
}
