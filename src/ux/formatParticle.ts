/**
 * A particle's text for a value built by hand (no text remembered): the shortest decimal that
 * reads back as the same double, always with a point so the platform's regular expression
 * finds it (`3.0`, `1.0e-7`), and `nan`/`inf`/`-inf` for the special values.
 */
export function formatParticle(x: number): string {
  if (x !== x) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return 1 / x < 0 ? '-0.0' : '0.0';
  const s = String(x);
  if (s.includes('.')) return s;
  const e = s.indexOf('e');
  return e < 0 ? `${s}.0` : `${s.slice(0, e)}.0${s.slice(e)}`;
}
