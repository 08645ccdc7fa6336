import { type TSchema, Type } from '@sinclair/typebox';

/** The spec's Error object. */
export const ErrorSchema = Type.Object({
  error: Type.String({ description: 'HTTP status name, e.g. "Not Found"' }),
  message: Type.String({ description: 'What went wrong, for people' }),
}, { $id: 'Error', description: 'Error object of every failed request' });

export const MessageSchema = Type.Object({ message: Type.String() }, { description: 'Confirmation of a change' });

/** Response schemas for the listed error statuses (all the Error object). */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) out[status] = Type.Ref('Error');
  return out;
}

/** Auth and quota answers every authenticated route may give, besides its own. */
export const AUTH_ERRORS = [401, 429, 500] as const;
