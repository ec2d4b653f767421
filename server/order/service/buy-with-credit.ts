import "server-only";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { adjustBalanceIn } from "@/server/balance/service";
import type { Executor } from "@/server/db/client";
import type { OrderRow } from "@/server/db/tables/commerce";
import { findPackage } from "@/server/package/service";
import { transitionOrderIn } from "../state";
import { placeOrder } from "./place-order";

/** What a partner buys for a customer's store: one term of a package, for `credit`. */
export type CreditPurchase = {
  partnerId: string;
  customerId: string;
  appCode: string;
  storeId: string;
  storeName: string;
  packageCode: string;
  credit: number;
  now: Date;
};

/**
 * A partner buys a package for a customer's store with partner credit (SPEC §4 activation and
 * upgrade), all in the caller's transaction: the order (created by the partner, credit noted),
 * the credit taken with a USER_BUY_ORDER log row naming the customer, and the order paid through
 * the state module (store extended by months + bonus months, product event). Not enough credit
 * throws INSUFFICIENT_CREDIT and nothing is written.
 */
export async function buyWithCredit(
  tx: Executor,
  env: Env,
  options: CreditPurchase,
): Promise<{ order: OrderRow; expiresAt: Date | null }> {
  const pkg = await findPackage(tx, options.appCode, options.packageCode);
  if (!pkg?.isActive)
    throw new AppError("PACKAGE_UNKNOWN", { params: { code: options.packageCode, app: options.appCode } });
  const { order, lines } = await placeOrder(tx, {
    userId: options.customerId,
    appCode: options.appCode,
    lines: [
      {
        store_id: options.storeId,
        store_name: options.storeName,
        package_code: pkg.code,
        months: pkg.months,
      },
    ],
    credit: options.credit,
    createdBy: `partner:${options.partnerId}`,
    now: options.now,
  });
  try {
    await adjustBalanceIn(tx, {
      userId: options.partnerId,
      balance: "credit",
      amount: -options.credit,
      type: "USER_BUY_ORDER",
      reason: {
        key: "partnerOrder",
        params: { package: pkg.code, months: pkg.months, store: options.storeName },
      },
      appCode: options.appCode,
      customerId: options.customerId,
      referenceNo: order.referenceNo,
      now: options.now,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "INSUFFICIENT_BALANCE")
      throw new AppError("INSUFFICIENT_CREDIT");
    throw error;
  }
  const paid = await transitionOrderIn(
    tx,
    { env, now: options.now },
    {
      orderId: order.id,
      to: "PAID",
      actor: `partner:${options.partnerId}`,
      note: "partner credit",
      paidWithCredit: true,
    },
  );
  if (!paid.changed) throw new Error("a new credit order could not be paid");
  const lineId = lines[0]?.id ?? "";
  return { order: paid.order, expiresAt: paid.expiries.get(lineId) ?? null };
}
