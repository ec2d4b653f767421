import "server-only";
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { findCustomerPage, findUnpaidCommissionsOf } from "@/server/affiliate/service";
import { reconcileDeps, sweepExpiredAttempts } from "@/server/checkout/apply";
import { listBankTransfers } from "@/server/checkout/bank";
import type { Db } from "@/server/db/client";
import type { OrderRow } from "@/server/db/tables/commerce";
import { findOrderByReferenceNo, findOrdersInStatus } from "@/server/order/service/get-order";
import { exportCatalog } from "@/server/package/service";
import { findUserByEmail } from "@/server/user/service";
import { asOperator, cliOperator, type OperatorCtx } from "./audit";
import { cancelInvoice, issueInvoiceMonth, paidAtOf, payInvoice } from "./invoices";
import { confirmTransfer, createOrderForPerson, markOrder } from "./orders";
import { dropOutbox, retryOutbox } from "./outbox";
import { importCatalogFile } from "./packages";

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

/**
 * Reads a catalog file and writes it whole with its audit row (the console's import,
 * server/admin/packages.ts), or explains every problem and writes nothing.
 */
export async function packagesImport(by: Db | OperatorCtx, file: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  try {
    const done = await importCatalogFile(asOperator(by), { catalog: raw, file_name: basename(file) });
    return `imported ${done.count} packages (${done.added.length} added, ${done.changed.length} changed)`;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "CATALOG_INVALID")) throw error;
    const { errors } = error.data as { errors: string[] };
    throw new Error(`${file} is not a valid catalog (nothing written):\n  ${errors.join("\n  ")}`);
  }
}

/**
 * `orders create`: a support case, an order for a person priced from the catalog like a
 * product's; audited (order.create) under the CLI's name, as is the order's `created_by`.
 */
export async function ordersCreate(
  by: Db | OperatorCtx,
  options: {
    email: string;
    app: string;
    storeId: string;
    storeName: string;
    packageCode: string;
    months: number;
    note?: string;
    by?: string;
  },
) {
  const order = await createOrderForPerson(orderOperator(by, options.by), {
    email: options.email,
    app: options.app,
    lines: [
      {
        store_id: options.storeId,
        store_name: options.storeName,
        package_code: options.packageCode,
        months: options.months,
      },
    ],
    note: options.note,
  });
  return describeOrder(order);
}

const MARKABLE = ["PAID", "PAID_DEBIT", "INVALID", "CANCEL"] as const;

/** The orders commands' operator: a given one, or the CLI's `--by` name (`$USER` in scripts/admin.ts). */
const orderOperator = (by: Db | OperatorCtx, name?: string): OperatorCtx =>
  "operator" in by ? by : cliOperator(by, name);

/** `orders mark`: the console's mark (server/admin/orders.ts), audited (order.mark) under the CLI's name. */
export async function ordersMark(
  by: Db | OperatorCtx,
  options: { reference: string; status: string; note?: string; by?: string },
) {
  const status = options.status.toUpperCase() as (typeof MARKABLE)[number];
  if (!MARKABLE.includes(status)) {
    throw new Error(`status must be one of ${MARKABLE.join(", ")}`);
  }
  const ctx = orderOperator(by, options.by);
  const reference = options.reference.trim().toUpperCase();
  try {
    await markOrder(ctx, { id: reference, status, note: options.note?.trim() || "npm run admin" });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "ORDER_STATUS_NOT_ALLOWED")) throw error;
    const order = await findOrderByReferenceNo(ctx.db, reference);
    throw new Error(`order ${reference} is ${order?.status}: it cannot become ${status}`);
  }
  const order = await findOrderByReferenceNo(ctx.db, reference);
  if (!order) throw new AppError("ORDER_NOT_FOUND");
  return describeOrder(order);
}

export async function ordersPending(db: Db, limit: number) {
  return (await findOrdersInStatus(db, "PENDING", limit)).map(describeOrder);
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
 * `orders confirm-transfer <reference> --amount N`: the operator saw the money arrive; the
 * console's confirmation (server/admin/orders.ts), the bank notification's path, once per
 * confirmation id, audited (order.confirm_transfer). A reference of no order is recorded unmatched.
 */
export async function ordersConfirmTransfer(
  by: Db | OperatorCtx,
  options: { reference: string; amount: number; id?: string; by?: string },
) {
  const reference = options.reference.trim().toUpperCase();
  const { outcome } = await confirmTransfer(orderOperator(by, options.by), {
    id: reference,
    amount: options.amount,
    transferId: options.id,
    unknown: "record",
  });
  if (outcome === "matched") return `order ${reference} is paid`;
  if (outcome === "partial")
    throw new Error(`the amount is less than what order ${reference} owes: recorded, not paid`);
  if (outcome === "late") throw new Error(`order ${reference} is no longer pending: recorded for a refund`);
  if (outcome === "duplicate") throw new Error(`this confirmation of order ${reference} was already applied`);
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

/** `invoices issue --month YYYY-MM`: the console's issue, audited under the CLI's name; the invoices created. */
export async function invoicesIssue(by: Db | OperatorCtx, month: string) {
  const issued = await issueInvoiceMonth(asOperator(by), month);
  return issued.invoices.map((i) => ({ id: i.id, affiliate_id: i.affiliate_id, total: i.total }));
}

/** `invoices pay <id> [--date YYYY-MM-DD | ISO]`: a plain day means noon in Vietnam's time; audited. */
export async function invoicesPay(by: Db | OperatorCtx, id: string, date?: string) {
  const paidAt = date ? (/^\d{4}-\d{2}-\d{2}$/.test(date) ? paidAtOf(date) : new Date(date)) : new Date();
  if (Number.isNaN(paidAt.getTime())) throw new Error("--date must be YYYY-MM-DD or an ISO date-time");
  return (await payInvoice(asOperator(by), { id, paidAt })).invoice;
}

/** `invoices cancel <id> [--note TEXT]`: its commissions can be invoiced again; audited. */
export async function invoicesCancel(by: Db | OperatorCtx, id: string, note?: string) {
  return (await cancelInvoice(asOperator(by), { id, note })).invoice;
}
