// Which package the partner's upgrade dialog starts on, kept pure so it is tested without a browser.

type Offered = { code: string; priority: number };

/**
 * The upgrade dialog preselects an upgrade: the first package above the store's current one
 * (lowest priority above it, catalog order on a tie). The store's own package is chosen only when
 * nothing is above it (a renewal); a package the list does not hold (none, or one no longer sold)
 * starts on the first offered.
 */
export function preselectPackage<P extends Offered>(
  offered: readonly P[],
  currentCode: string | null | undefined,
): P | undefined {
  const sorted = [...offered].sort((a, b) => a.priority - b.priority);
  const code = currentCode?.toUpperCase();
  const current = code ? sorted.find((p) => p.code.toUpperCase() === code) : undefined;
  if (!current) return sorted[0];
  return sorted.find((p) => p.priority > current.priority) ?? current;
}
