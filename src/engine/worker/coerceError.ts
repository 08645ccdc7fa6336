/** Anything thrown, as an Error (strings and other values are wrapped, never lost). */
export function coerceError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : `non-error thrown: ${String(thrown)}`);
}
