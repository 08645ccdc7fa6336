import { randomBytes } from 'node:crypto';

export type IdPrefix = 'usr' | 'cor' | 'bld' | 'tsk' | 'key' | 'rep' | 'job';

/** `<prefix>_` + 32 lowercase hex characters from the CSPRNG. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

/** True when `id` has the shape `<prefix>_` + 32 lowercase hex characters. */
export function isId(prefix: IdPrefix, id: string): boolean {
  return id.length === prefix.length + 33 && id.startsWith(`${prefix}_`) && /^[0-9a-f]{32}$/.test(id.slice(prefix.length + 1));
}

/** Unix time in whole seconds, the unit of every CreatedAt/UpdatedAt. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
