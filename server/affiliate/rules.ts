// Issue 11 commission rules, pure: who in the referral chain earns, at what rate, how much.

export const MAX_DEPTH = 4;

/** AFFILIATE_LEVEL_RATES[level − 1][depth − 1]: the percent an affiliate of `level` earns at `depth`. */
export function rateFor(rates: readonly (readonly number[])[], level: number, depth: number): number {
  const row = rates[Math.min(Math.max(level, 1), rates.length) - 1];
  return row?.[depth - 1] ?? 0;
}

/**
 * One line's commission at `rate` percent: of the line's subtotal for a `percent` package, of the
 * package's fixed commission value for a `fixed` one; whole đồng, half up.
 */
export function commissionAmount(
  line: { subtotal: number; commissionType: string; commissionValue: number },
  rate: number,
): number {
  const base = line.commissionType === "fixed" ? line.commissionValue : line.subtotal;
  if (base <= 0 || rate <= 0) return 0;
  return Math.round((base * rate) / 100);
}

/**
 * Walks who referred whom from the buyer up: the buyer's affiliate is depth 1, that affiliate's
 * referrer depth 2, … at most MAX_DEPTH; the chain stops at a person who is not an affiliate, and
 * a loop in the referrals (A brought B, B brought A) ends it instead of hanging.
 */
export async function walkChain<T extends { id: string; isAffiliate: boolean }>(
  buyerId: string,
  referrerOf: (userId: string) => Promise<T | undefined>,
  maxDepth = MAX_DEPTH,
): Promise<T[]> {
  const chain: T[] = [];
  const seen = new Set([buyerId]);
  let current = buyerId;
  while (chain.length < maxDepth) {
    const next = await referrerOf(current);
    if (!next?.isAffiliate || seen.has(next.id)) break;
    seen.add(next.id);
    chain.push(next);
    current = next.id;
  }
  return chain;
}

/** SPEC §9 partner credit for a package: floor(price × discount% / 100 / 1000), or price / 1000 without a discount. */
export function partnerCredit(price: number, discountPercent: number): number {
  if (discountPercent > 0) return Math.floor((price * discountPercent) / 100 / 1000);
  return price / 1000;
}

/**
 * SPEC §4 packages a partner may upgrade a store to: priority at or above the store's current
 * package, or every one when the store has expired (or has none); best first is not implied —
 * the catalog order (priority ascending) is kept and the first is preselected.
 */
export function offeredPackages<P extends { priority: number }>(
  packages: readonly P[],
  current: { priority: number | null; expiresAt: Date | null },
  now: Date,
): P[] {
  const expired = !current.expiresAt || current.expiresAt <= now || current.priority === null;
  const sorted = [...packages].sort((a, b) => a.priority - b.priority);
  if (expired) return sorted;
  return sorted.filter((p) => p.priority >= (current.priority ?? 0));
}
