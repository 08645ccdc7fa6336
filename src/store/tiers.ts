/** Account tiers, from the spec's Authentication section. */
export const TIERS = ['Free', 'Developer', 'Developer+API', 'Enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}
