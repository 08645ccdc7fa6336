import fc from 'fast-check';
import { Distribution } from '../../src/dist/Distribution.js';

/** Integer-weighted samples: the distribution and the same thing expanded to plain samples. */
export interface Weighted {
  dist: Distribution;
  expanded: number[];
}

/** Positions on a 1/8 grid (exact arithmetic in brute force), integer weights 1..5. */
export const gridWeighted: fc.Arbitrary<Weighted> = fc
  .array(fc.tuple(fc.integer({ min: -8000, max: 8000 }), fc.integer({ min: 1, max: 5 })), {
    minLength: 1,
    maxLength: 40,
  })
  .map((pairs) => {
    const xs = pairs.map(([x]) => x / 8);
    const ws = pairs.map(([, w]) => w);
    const expanded: number[] = [];
    for (let i = 0; i < xs.length; i++) for (let k = 0; k < ws[i]!; k++) expanded.push(xs[i]!);
    return { dist: Distribution.fromParticles(xs, ws), expanded };
  });

/** Arbitrary finite doubles over many magnitudes with arbitrary positive masses. */
export const anyFinite: fc.Arbitrary<Distribution> = fc
  .array(
    fc.tuple(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: 1e-6, max: 1, noNaN: true }),
    ),
    { minLength: 1, maxLength: 40 },
  )
  .map((pairs) => Distribution.fromParticles(pairs.map((p) => p[0]), pairs.map((p) => p[1])));

/** The public decoder's two-delta example: 21.25 and 21.75 with mass 0.5 each. */
export const twoDelta: Distribution = Distribution.fromParticles([21.25, 21.75], [0.5, 0.5]);

/** anyFinite plus random NaN, -Infinity and +Infinity masses (each possibly zero). */
export const withSpecials: fc.Arbitrary<Distribution> = fc
  .tuple(anyFinite, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }))
  .map(([d, sp]) =>
    Distribution.fromParticles([...d.positions, NaN, -Infinity, Infinity], [...d.masses, ...sp]),
  );
