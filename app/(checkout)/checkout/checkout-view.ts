// The checkout's decisions about what to show, kept pure so they are tested without a browser.
import type { TransactionDto } from "./types";

const PAID = new Set(["PAID", "PAID_DEBIT"]);

/**
 * What /checkout shows for an order: paid (nothing to pay), the bank transfer the owner already
 * opened (its amount, reference and QR, not the method picker: a second attempt would hold more
 * points and ask for another amount), the form to pay, or the order alone for anyone else.
 */
export type CheckoutView = "paid" | "transfer" | "pay" | "view";

export function checkoutView(
  order: Pick<TransactionDto, "status" | "is_owner" | "pending_transfer">,
): CheckoutView {
  if (PAID.has(order.status)) return "paid";
  if (!order.is_owner || order.status !== "PENDING") return "view";
  return order.pending_transfer ? "transfer" : "pay";
}

/**
 * The points pay the whole order: there is no method to choose (the server pays it at once), and
 * the button says so ("Pay with points") instead of "Confirm".
 */
export function isCoveredByPoints(pointsUsed: number, dueVnd: number): boolean {
  return pointsUsed > 0 && dueVnd === 0;
}
