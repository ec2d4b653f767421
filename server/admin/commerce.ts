import "server-only";
import { readFile } from "node:fs/promises";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { findCustomerPage, findUnpaidCommissionsOf } from "@/server/affiliate/service";
import { reconcileDeps, sweepExpiredAttempts } from "@/server/checkout/apply";
import { applyBankTransfer, listBankTransfers } from "@/server/checkout/bank";
import type { Db } from "@/server/db/client";
import type { OrderRow } from "@/server/db/tables/commerce";
import type { OutboxRow } from "@/server/db/tables/outbox";
import { issueInvoices, settleInvoice } from "@/server/invoice/service";
import type { OrderStatus } from "@/server/order/schema";
import { createOrderAsOperator } from "@/server/order/service/create-order";
import { findOrderByReferenceNo, findOrdersInStatus } from "@/server/order/service/get-order";
import { transitionOrder } from "@/server/order/state";
import { findOutboxRows } from "@/server/outbox/service";
import { exportCatalog, importCatalog } from "@/server/package/service";
import { findUserByEmail } from "@/server/user/service";
import { asOperator, type OperatorCtx } from "./audit";
import { dropOutbox, retryOutbox } from "./outbox";

function describeOrder(order: OrderRow) {
  return {
    id: order.id,
    reference_no: order.referenceNo,
    app_code: order.appCode,
    status: order.status,
    total: order.total,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    created_by: order.createdBy,
    status_by: order.statusBy,
    status_note: order.statusNote,
  };
}

async function personByEmail(db: Db, email: string) {
  const user = await findUserByEmail({ db }, email.trim());
  if (!user) throw new AppError("USER_NOT_FOUND", { params: { email } });
  return user;
}

export const packagesExport = (db: Db) => exportCatalog(db);

/** Reads a catalog file and writes it whole, or explains every problem and writes nothing. */
export async function packagesImport(db: Db, file: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  const result = await importCatalog(db, raw, new Date());
  if (!result.ok)
    throw new Error(`${file} is not a valid catalog (nothing written):\n  ${result.errors.join("\n  ")}`);
  return `imported ${result.count} packages`;
}

/** A support case: an order for a person, priced from the catalog like a product's. */
export async function ordersCreate(
  db: Db,
  options: {
    email: string;
    app: string;
    storeId: string;
    storeName: string;
    packageCode: string;
    months: number;
    note?: string;
    by: string;
  },
) {
  const user = await personByEmail(db, options.email);
  const order = await createOrderAsOperator(db, {
    userId: user.id,
    appCode: options.app.toLowerCase(),
    lines: [
      {
        store_id: options.storeId,
        store_name: options.storeName,
        package_code: options.packageCode,
        months: options.months,
      },
    ],
    note: options.note,
    operator: `operator:${options.by}`,
    now: new Date(),
  });
  return describeOrder(order);
}

const MARKABLE = ["PAID", "PAID_DEBIT", "INVALID", "CANCEL"] as const;

/** Moves an order through the state module, recording who did it and why. */
export async function ordersMark(
  db: Db,
  options: { reference: string; status: string; note?: string; by: string },
) {
  const status = options.status.toUpperCase() as Exclude<OrderStatus, "PENDING">;
  if (!(MARKABLE as readonly string[]).includes(status)) {
    throw new Error(`status must be one of ${MARKABLE.join(", ")}`);
  }
  const order = await findOrderByReferenceNo(db, options.reference.trim().toUpperCase());
  if (!order) throw new AppError("ORDER_NOT_FOUND");
  const result = await transitionOrder(
    { db, env: env(), now: new Date() },
    { orderId: order.id, to: status, actor: `operator:${options.by}`, note: options.note },
  );
  if (!result.changed)
    throw new Error(`order ${order.referenceNo} is ${order.status}: it cannot become ${status}`);
  return describeOrder(result.order);
}

export async function ordersPending(db: Db, limit: number) {
  return (await findOrdersInStatus(db, "PENDING", limit)).map(describeOrder);
}

function describeOutbox(row: OutboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    attempts: `${row.attempts}/${row.maxAttempts}`,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    done_at: row.doneAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function outboxList(db: Db, filter: "pending" | "failed" | "done" | "all", limit: number) {
  return (await findOutboxRows(db, filter, limit)).map(describeOutbox);
}

/** `outbox retry <id>`: the console's retry (server/admin/outbox.ts), audited under the CLI's name. */
export async function outboxRetry(by: Db | OperatorCtx, id: string) {
  await retryOutbox(asOperator(by), { id });
  return `${id} will be sent on the next pass`;
}

/** `outbox drop <id>`: the console's drop, audited under the CLI's name. */
export async function outboxDrop(by: Db | OperatorCtx, id: string) {
  await dropOutbox(asOperator(by), { id });
  return `${id} dropped`;
}

/**
 * `orders confirm-transfer <reference> --amount N`: the operator saw the money arrive; it goes
 * through the same path as a bank notification (once per confirmation id).
 */
export async function ordersConfirmTransfer(
  db: Db,
  options: { reference: string; amount: number; by: string; id?: string },
) {
  const reference = options.reference.trim().toUpperCase();
  const outcome = await applyBankTransfer(reconcileDeps(db, env(), logger), {
    id: options.id ?? `manual-${reference}-${Date.now()}`,
    amount: options.amount,
    content: reference,
    raw: { confirmed_by: options.by, reference, amount: options.amount },
    actor: `operator:${options.by}`,
  });
  if (outcome === "matched") return `order ${reference} is paid`;
  if (outcome === "partial")
    throw new Error(`the amount is less than what order ${reference} owes: recorded, not paid`);
  if (outcome === "late") throw new Error(`order ${reference} is no longer pending: recorded for a refund`);
  throw new Error(`no order ${reference}: recorded as unmatched`);
}

/** `payments reconcile`: asks the gateways about attempts past their expiry and applies the answers. */
export async function paymentsReconcile(db: Db) {
  return sweepExpiredAttempts(reconcileDeps(db, env(), logger));
}

/** `payments transfers [--status S]`: bank transfers, e.g. the partial and unmatched ones to handle. */
export async function paymentsTransfers(db: Db, status: string | undefined, limit: number) {
  return (await listBankTransfers(db, status, limit)).map((t) => ({
    id: t.id,
    amount: t.amount,
    content: t.content,
    reference_no: t.referenceNo,
    status: t.status,
    actor: t.actor,
    created_at: t.createdAt.toISOString(),
  }));
}

/** `affiliate-customers <email>`: who signed up with the affiliate's code. */
export async function affiliateCustomers(db: Db, email: string, limit: number) {
  const user = await personByEmail(db, email);
  const found = await findCustomerPage(db, user.id, { limit, offset: 0 });
  return {
    total: found.total,
    paying: found.total_purchased,
    customers: found.items.map((c) => ({
      email: c.email,
      fullname: c.fullname,
      phone: c.phone,
      paid: c.has_purchased,
    })),
  };
}

/** `affiliate-unpaid <email>`: commissions earned and not yet invoiced. */
export async function affiliateUnpaid(db: Db, email: string, limit: number) {
  const user = await personByEmail(db, email);
  return (await findUnpaidCommissionsOf(db, user.id, limit)).map((c) => ({
    id: c._id,
    customer: c.email,
    order: c.order_reference_no,
    level: c.level,
    amount: c.amount,
    created_at: c.created_at,
  }));
}

export const invoicesIssue = (db: Db, month: string) => issueInvoices(db, month, new Date());

export async function invoicesPay(db: Db, id: string, date?: string) {
  const paidAt = date
    ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00+07:00` : date)
    : new Date();
  if (Number.isNaN(paidAt.getTime())) throw new Error("--date must be YYYY-MM-DD or an ISO date-time");
  return settleInvoice(db, id, "PAID", new Date(), paidAt);
}

export const invoicesCancel = (db: Db, id: string) => settleInvoice(db, id, "CANCEL", new Date());
