/** How a number slot was printed: fixed with `decimals`, or exponential with mantissa decimals. */
export interface SlotFormat {
  exponential: boolean;
  decimals: number;
  upper: boolean;
}

/**
 * The format of a slot from every run's text of it: exponential when most runs printed an
 * exponent, with the largest number of decimals any run printed (iostream's %g-like default
 * prints fewer digits for some values). At least one decimal, so the particle always has a
 * point, as the platform's regular expression for Ux values requires.
 */
export function slotFormat(texts: readonly string[]): SlotFormat {
  let exp = 0;
  let decimals = 1;
  let upper = false;
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i]!;
    const e = t.search(/[eE]/);
    if (e >= 0 && !/n/i.test(t)) {
      exp++;
      if (t[e] === 'E') upper = true;
    }
    const dot = t.indexOf('.');
    if (dot >= 0) decimals = Math.max(decimals, (e >= 0 ? e : t.length) - dot - 1);
  }
  return { exponential: exp * 2 > texts.length, decimals: Math.min(decimals, 17), upper };
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
