/** How a number slot was printed (readSlot): fixed with `decimals`, or exponential with mantissa decimals. */
export interface SlotFormat {
  exponential: boolean;
  decimals: number;
  upper: boolean;
}

/** Prints a particle in a slot's format, C style (`1.500000e+00`, `nan`, `-inf`). */
export function formatSlotParticle(x: number, f: SlotFormat): string {
  if (x !== x) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (!f.exponential) return x.toFixed(f.decimals);
  const s = x.toExponential(f.decimals);
  const m = /^(-?[\d.]+)e([-+])(\d+)$/.exec(s)!;
  // C writes at least two exponent digits.
  return `${m[1]}${f.upper ? 'E' : 'e'}${m[2]}${m[3]!.padStart(2, '0')}`;
}
