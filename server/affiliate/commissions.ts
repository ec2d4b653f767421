import "server-only";
import type { Env } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import type { OrderLineRow, OrderRow } from "@/server/db/tables/commerce";
import { retotalInvoices } from "@/server/invoice/service";
import { findChainLink, insertCommissions, voidOrderCommissions } from "./repository";
import { commissionAmount, rateFor, walkChain } from "./rules";

/**
 * Issue 11: when an order is paid (called by the order state module inside the payment's
 * transaction), each line earns commission for the buyer's affiliate and up the referral chain,
 * at most 4 levels, at the rate of each affiliate's level and depth. The unique (line,
 * affiliate, level) index makes a replay write nothing. An order a partner paid with credit for
 * a customer earns none (the partner already bought at a discount).
 */
export async function recordCommissions(
  tx: Executor,
  env: Env,
  order: OrderRow,
  lines: OrderLineRow[],
  now: Date,
): Promise<number> {
  if (order.createdBy.startsWith("partner:")) return 0;
  const chain = await walkChain(order.userId, (id) => findChainLink(tx, id));
  if (!chain.length) return 0;
  const rows = lines.flatMap((line) =>
    chain.flatMap((affiliate, index) => {
      const depth = index + 1;
      const rate = rateFor(env.AFFILIATE_LEVEL_RATES, affiliate.level, depth);
      const amount = commissionAmount(
        {
          subtotal: line.subtotal,
          commissionType: line.commissionType,
          commissionValue: Number(line.commissionValue),
        },
        rate,
      );
      if (amount <= 0) return [];
      return [
        {
          id: newId(),
          affiliateId: affiliate.id,
          customerId: order.userId,
          orderId: order.id,
          orderLineId: line.id,
          level: depth,
          type: affiliate.isPartner ? "partner" : "affiliate",
          program: "Affiliate",
          orderAmount: line.subtotal,
          rate: rate.toFixed(2),
          amount,
          status: "UNPAID",
          createdAt: now,
        },
      ];
    }),
  );
  return insertCommissions(tx, rows);
}

/** A cancelled or written-off order: its commissions not yet paid out end; invoices holding them are re-totalled. */
export async function voidCommissions(tx: Executor, orderId: string, _now: Date): Promise<void> {
  await retotalInvoices(tx, await voidOrderCommissions(tx, orderId));
}
