import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { newReferenceNo } from "@/server/balance/service";
import type { Executor } from "@/server/db/client";
import type { OrderRow } from "@/server/db/tables/commerce";
import { findPackage } from "@/server/package/service";
import { isStoreOfAnother } from "@/server/store/service";
import { insertOrder, type NewOrder, type NewOrderLine } from "../repository";

/** The most months one line may buy. */
export const MAX_LINE_MONTHS = 36;

export type LineInput = { store_id: string; store_name: string; package_code: string; months: number };

/**
 * The lines of a new order priced from the catalog of `appCode`: a line buys whole terms of its
 * package (months a multiple of the package's, at most MAX_LINE_MONTHS), with the package's bonus
 * months per term; discount and commission settings are copied. A store owned by someone else
 * cannot be bought for.
 */
async function priceLines(
  db: Executor,
  options: { appCode: string; orderId: string; lines: LineInput[]; ownerId: string },
): Promise<NewOrderLine[]> {
  const out: NewOrderLine[] = [];
  for (const [index, line] of options.lines.entries()) {
    const pkg = await findPackage(db, options.appCode, line.package_code.toUpperCase());
    if (!pkg?.isActive) {
      throw new AppError("PACKAGE_UNKNOWN", {
        params: { code: line.package_code, app: options.appCode },
        data: { line: index },
      });
    }
    if (line.months < pkg.months || line.months > MAX_LINE_MONTHS || line.months % pkg.months !== 0) {
      throw new AppError("PACKAGE_MONTHS_INVALID", {
        params: { min: pkg.months, max: MAX_LINE_MONTHS, step: pkg.months },
        data: { line: index },
      });
    }
    if (await isStoreOfAnother(db, options.appCode, line.store_id, options.ownerId))
      throw new AppError("STORE_NOT_OWNED", { data: { line: index } });
    const terms = line.months / pkg.months;
    out.push({
      id: newId(),
      orderId: options.orderId,
      appCode: options.appCode,
      storeId: line.store_id,
      storeName: line.store_name,
      packageId: pkg.id,
      packageCode: pkg.code,
      packageName: pkg.name,
      months: line.months,
      bonusMonths: pkg.bonusMonths * terms,
      subtotal: pkg.price * terms,
      partnerDiscount: pkg.partnerDiscount,
      commissionType: pkg.commissionType,
      commissionValue: pkg.commissionValue,
    });
  }
  return out;
}

/**
 * Writes a new PENDING order for `userId` with its lines priced from the catalog, in `db` (the
 * caller's transaction when it has one). Every way an order is made goes through here: a
 * product's, an operator's, a partner's.
 */
export async function placeOrder(
  db: Executor,
  options: {
    userId: string;
    appCode: string;
    lines: LineInput[];
    createdBy: string;
    now: Date;
    note?: string;
    /** A partner's credit paid for it. */
    credit?: number;
    idempotencyKey?: string;
    requestHash?: string;
  },
): Promise<{ order: OrderRow; lines: NewOrderLine[] }> {
  const orderId = newId();
  const lines = await priceLines(db, {
    appCode: options.appCode,
    orderId,
    lines: options.lines,
    ownerId: options.userId,
  });
  const values: NewOrder = {
    id: orderId,
    userId: options.userId,
    appCode: options.appCode,
    referenceNo: newReferenceNo("OD", options.now),
    transactionId: randomBytes(24).toString("base64url"),
    status: "PENDING",
    total: lines.reduce((sum, l) => sum + (l.subtotal ?? 0), 0),
    note: options.note ?? null,
    createdBy: options.createdBy,
    createdAt: options.now,
    updatedAt: options.now,
    credit: (options.credit ?? 0).toFixed(2),
    idempotencyKey: options.idempotencyKey ?? null,
    requestHash: options.requestHash ?? null,
  };
  return { order: await insertOrder(db, values, lines), lines };
}
