/**
 * Labels for evenly spaced tick values, all with the same number of digits: plain decimals
 * when the magnitudes are moderate, otherwise scientific notation (`2.5e-300`), with just
 * enough digits to tell neighbouring ticks apart.
 */
export function formatTicks(values: ArrayLike<number>, step: number): string[] {
  const n = values.length;
  let maxAbs = 0;
  for (let i = 0; i < n; i++) maxAbs = Math.max(maxAbs, Math.abs(values[i]!));
  const stepExp = Math.floor(Math.log10(Math.abs(step)));
  const out = new Array<string>(n);
  if (!Number.isFinite(stepExp)) {
    for (let i = 0; i < n; i++) out[i] = shortest(values[i]!);
    return out;
  }
  const decimals = Math.max(0, -stepExp + mantissaDecimals(step, stepExp));
  if (maxAbs === 0 || (maxAbs >= 1e-3 && maxAbs < 1e7 && decimals <= 10)) {
    for (let i = 0; i < n; i++) out[i] = clean(values[i]!.toFixed(Math.min(decimals, 100)));
    return out;
  }
  const maxExp = Math.floor(Math.log10(maxAbs));
  let digits = Math.min(16, Math.max(0, maxExp - stepExp + mantissaDecimals(step, stepExp)));
  // Drop mantissa digits that are zero on every label (2.0e6 -> 2e6), keeping labels uniform.
  while (digits > 0 && everyMantissaEndsInZero(values, digits)) digits--;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    out[i] = v === 0 ? '0' : v.toExponential(digits).replace('e+', 'e');
  }
  return out;
}

function everyMantissaEndsInZero(values: ArrayLike<number>, digits: number): boolean {
  for (let i = 0; i < values.length; i++) {
    const text = values[i]!.toExponential(digits);
    if (text[text.indexOf('e') - 1] !== '0') return false;
  }
  return true;
}

/** Extra decimals a step like 2.5 x 10^k needs beyond 10^k (1 for 2.5, 0 for 2 or 5). */
function mantissaDecimals(step: number, stepExp: number): number {
  const mantissa = Math.abs(step) / 10 ** stepExp;
  return Math.abs(mantissa - Math.round(mantissa)) > 1e-6 ? 1 : 0;
}

/** "-0" reads oddly on an axis. */
function clean(text: string): string {
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

function shortest(v: number): string {
  return Math.abs(v) >= 1e7 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential().replace('e+', 'e') : String(v);
}
