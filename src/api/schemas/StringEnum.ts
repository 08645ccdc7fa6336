import { type TUnsafe, Type } from '@sinclair/typebox';

/** A string enum as JSON Schema `enum` (clear validation messages listing the values). */
export function StringEnum<T extends readonly string[]>(values: T, options: { description?: string } = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
