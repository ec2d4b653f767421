import "server-only";
import { z } from "zod";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Db, Executor } from "@/server/db/client";
import type { BankTransferRow, OrderRow } from "@/server/db/tables/commerce";
import { findOrderByReferenceNo, lockOrderIn } from "@/server/order/service/get-order";
import { transitionOrder, transitionOrderIn } from "@/server/order/state";
import { findPendingAttemptsOf } from "@/server/payment/attempts";
import { forgetCachedSessions } from "@/server/session/service";
import type { Deps } from "./apply";
import {
  claimBankTransfer,
  findBankTransfers,
  findBankTransfersPage,
  lockBankTransfer,
  recordBankTransfer,
  settleBankTransfer,
} from "./repository";
import { isApplicableTransfer } from "./schema";

/** SePay's bank-notification body (the fields we use; the rest is kept raw). */
export const bankNotifySchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(100)),
  gateway: z.string().max(100).optional(),
  transactionDate: z.string().max(40).optional(),
  accountNumber: z.string().max(40).optional(),
  content: z.string().max(1000).default(""),
  transferType: z.enum(["in", "out"]),
  transferAmount: z.coerce.number().int().min(0).max(100_000_000_000),
  referenceCode: z.string().max(100).optional(),
});
export type BankNotifyInput = z.output<typeof bankNotifySchema>;

/** Our order references inside a bank's content: banks add their own words, spaces or dashes. */
const REFERENCE = /OD\d{6}[A-Z0-9]{6}/;

export function findReference(content: string): string | undefined {
  const squeezed = content.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return REFERENCE.exec(squeezed)?.[0];
}

/**
 * What a transfer of `amount` pays of a pending order. The person opened transfer attempts (points
 * already taken): the one whose due is exactly the amount, else the largest one it covers; without
 * any attempt, the order's total.
 */
async function transferDue(db: Executor, order: OrderRow, amount: number) {
  const attempts = await findPendingAttemptsOf(db, order.id, "CASH");
  const attempt =
    attempts.find((a) => a.amount === amount) ??
    attempts.filter((a) => a.amount <= amount).sort((a, b) => b.amount - a.amount)[0];
  const due = attempt?.amount ?? (attempts.length ? Math.min(...attempts.map((a) => a.amount)) : order.total);
  return { attempt, due };
}

export type TransferOutcome = "matched" | "partial" | "unmatched" | "late" | "duplicate" | "ignored";

/**
 * One incoming transfer, applied once per bank transaction id: the reference in its content
 * finds the order; an amount that covers the due pays it (through the order state module), a
 * smaller one or an unknown reference is recorded for the operator. A replay changes nothing.
 */
export async function applyBankTransfer(
  deps: Deps,
  transfer: { id: string; amount: number; content: string; raw: unknown; actor: string },
): Promise<TransferOutcome> {
  const now = deps.now ?? new Date();
  const { row, isNew } = await recordBankTransfer(deps.db, {
    id: transfer.id,
    amount: transfer.amount,
    content: transfer.content.slice(0, 1000),
    status: "received",
    raw: transfer.raw as object,
    actor: transfer.actor,
    createdAt: now,
    updatedAt: now,
  });
  // One caller applies it; a concurrent replay answers "duplicate". A crash after recording but
  // before applying leaves a stale claim that a later replay takes over.
  if (!isNew && row.status !== "received" && row.status !== "applying") return "duplicate";
  if (!(await claimBankTransfer(deps.db, transfer.id, now))) return "duplicate";

  const reference = findReference(transfer.content);
  const order = reference ? await findOrderByReferenceNo(deps.db, reference) : undefined;
  let status: TransferOutcome;
  if (!order) {
    status = "unmatched";
  } else if (order.status !== "PENDING") {
    status = "late";
  } else {
    const { attempt, due } = await transferDue(deps.db, order, transfer.amount);
    if (transfer.amount < due) {
      status = "partial";
    } else {
      const moved = await transitionOrder(
        { db: deps.db, env: deps.env, now },
        {
          orderId: order.id,
          to: "PAID",
          actor: transfer.actor,
          note: `bank transfer ${transfer.id}`,
          payment: attempt
            ? { id: attempt.id, gatewayTxn: transfer.id, rawCallback: transfer.raw }
            : undefined,
        },
      );
      status = moved.changed ? "matched" : "late";
    }
  }
  await settleBankTransfer(deps.db, transfer.id, {
    status,
    orderId: order?.id ?? null,
    referenceNo: reference ?? null,
    now,
  });
  if (status !== "matched")
    deps.log.warn({ transfer: transfer.id, status, reference }, "bank transfer needs the operator");
  return status;
}

/** The transfers recorded, newest first, in one status or all (the operator settles partial and unmatched ones). */
export const listBankTransfers = (db: Executor, status: string | undefined, limit: number) =>
  findBankTransfers(db, status, limit);

/** A page of transfers with the order each went to (the operator console's list). */
export const findBankTransfersWithOrders = findBankTransfersPage;

export type TransferApplication = { before: BankTransferRow; after: BankTransferRow; order: OrderRow };

/**
 * The operator applies a transfer that paid nothing to the order `reference`, in one transaction:
 * the transfer is locked and must still be applicable, the order is locked and must be pending,
 * the amount must cover its due (the attempt chosen as for a notification); the order is paid
 * through the state module and the transfer becomes "applied". `within` runs in the same
 * transaction (the audit row). A second or concurrent apply finds it applied and pays nothing.
 */
export async function applyTransferToOrder<T>(
  deps: { db: Db; env: Env; now: Date },
  input: { id: string; reference: string; actor: string },
  within: (tx: Executor, applied: TransferApplication) => Promise<T>,
): Promise<T> {
  const { now } = deps;
  let userId: string | undefined;
  const result = await deps.db.transaction(async (tx) => {
    const before = await lockBankTransfer(tx, input.id);
    if (!before) throw new AppError("TRANSFER_NOT_FOUND");
    if (!isApplicableTransfer(before.status)) throw new AppError("TRANSFER_NOT_APPLICABLE");
    const found = await findOrderByReferenceNo(tx, input.reference.trim().toUpperCase());
    if (!found) throw new AppError("ORDER_NOT_FOUND");
    const order = await lockOrderIn(tx, found.id);
    if (order?.status !== "PENDING") throw new AppError("TRANSFER_ORDER_SETTLED");
    const { attempt, due } = await transferDue(tx, order, before.amount);
    if (before.amount < due) throw new AppError("TRANSFER_AMOUNT_SHORT", { params: { due } });
    const moved = await transitionOrderIn(
      tx,
      { env: deps.env, now },
      {
        orderId: order.id,
        to: "PAID",
        actor: input.actor,
        note: `bank transfer ${before.id}`,
        payment: attempt ? { id: attempt.id, gatewayTxn: before.id, rawCallback: before.raw } : undefined,
      },
    );
    if (!moved.changed) throw new AppError("TRANSFER_ORDER_SETTLED");
    await settleBankTransfer(tx, before.id, {
      status: "applied",
      orderId: order.id,
      referenceNo: order.referenceNo,
      now,
    });
    const after: BankTransferRow = {
      ...before,
      status: "applied",
      orderId: order.id,
      referenceNo: order.referenceNo,
      updatedAt: now,
    };
    userId = order.userId;
    return within(tx, { before, after, order: moved.order });
  });
  if (userId) void forgetCachedSessions({ userId });
  return result;
}
