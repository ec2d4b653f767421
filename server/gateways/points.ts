// The money rules of DESIGN §10 for a checkout attempt: how many loyalty points pay part of an
// order (1 point = 1,000 VND, whole points only) and when an unpaid gateway attempt lapses.

export const VND_PER_POINT = 1_000;
export const ATTEMPT_MINUTES = 15;

/**
 * Points spent and the VND still due. Balances carry two decimals, but only whole points can be
 * spent, and never more than the order's whole thousands; the remainder is paid in money.
 */
export function pointsToUse(
  points: number,
  totalVnd: number,
  usePoints: boolean,
): { pointsUsed: number; dueVnd: number } {
  if (!Number.isSafeInteger(totalVnd) || totalVnd < 0) {
    throw new RangeError("total must be a whole VND amount ≥ 0");
  }
  if (!Number.isFinite(points)) throw new RangeError("points must be a finite number");
  if (!usePoints || points <= 0) return { pointsUsed: 0, dueVnd: totalVnd };
  // Counted in hundredths first: 2.99 + 0.01 stored as 2.9999999999999996 is still 3 points.
  const wholePoints = Math.floor(Math.round(points * 100) / 100);
  const pointsUsed = Math.min(wholePoints, Math.floor(totalVnd / VND_PER_POINT));
  return { pointsUsed, dueVnd: totalVnd - VND_PER_POINT * pointsUsed };
}

export function attemptExpiresAt(createdAt: Date, minutes = ATTEMPT_MINUTES): Date {
  if (!Number.isFinite(minutes) || minutes <= 0) throw new RangeError("minutes must be positive");
  return new Date(createdAt.getTime() + minutes * 60_000);
}

/** Expired from the expiry instant itself on, so "expires at 10:15" is already over at 10:15:00. */
export function isAttemptExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** What became of the points an attempt took (the result page says it in words). */
export type PointsOutcome = "none" | "held" | "spent" | "returned";

/**
 * Points follow the attempt in the same transaction as its status: a paid attempt spent them, an
 * ended one (cancelled, failed, expired, invalid) gave them back, a pending one still holds them.
 */
export function pointsOutcome(status: string, pointsUsed: number): PointsOutcome {
  if (!(pointsUsed > 0)) return "none";
  if (status === "PAID" || status === "PAID_DEBIT") return "spent";
  if (status === "PENDING") return "held";
  return "returned";
}
