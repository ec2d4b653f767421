import "server-only";
import dayjs from "dayjs";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { listRange, type Page } from "@/lib/list-query";
import { findInvoiceCommissions } from "@/server/affiliate/service";
import { type Ctx, requireAuth } from "@/server/context";
import type { Db, Executor } from "@/server/db/client";
import type { InvoiceRow } from "@/server/db/tables/commerce";
import {
  closeInvoice,
  findAllInvoicesOf,
  findInvoice,
  findInvoicePlan,
  findInvoices,
  findInvoicesOfAll,
  issueInvoice,
  retotalInvoice,
} from "./repository";
import type {
  InvoiceDetailDto,
  InvoiceDto,
  InvoiceOfAnyDto,
  InvoiceStatus,
  invoiceIdSchema,
  invoiceListAllSchema,
  invoiceListSchema,
} from "./schema";

export function toInvoiceDto(row: InvoiceRow, count: number): InvoiceDto {
  return {
    _id: row.id,
    month: row.month,
    total_amount: row.total,
    status: row.status as InvoiceStatus,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    commission_count: count,
  };
}

/** An affiliate's invoices, newest first, each with how many commissions it holds (the list, the CSV). */
export const findInvoicesOf = (
  db: Executor,
  affiliateId: string,
  query: { status?: string; from?: Date; to?: Date; limit: number; offset: number },
) => findInvoices(db, affiliateId, query);

/** /invoice/my-invoice and /invoice/list-invoice */
export async function listInvoices(
  ctx: Ctx,
  input: z.output<typeof invoiceListSchema>,
): Promise<Page<InvoiceDto>> {
  const { user } = requireAuth(ctx);
  const found = await findInvoices(ctx.db, user.id, {
    status: input.status,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map((r) => toInvoiceDto(r.invoice, Number(r.count))), total: found.total };
}

/** Every affiliate's invoices, newest first, with whose they are (the console, an operator's /invoice/list-invoice). */
export async function findEveryInvoice(
  db: Executor,
  query: Parameters<typeof findInvoicesOfAll>[1],
): Promise<Page<{ invoice: InvoiceRow; email: string; count: number }>> {
  const found = await findInvoicesOfAll(db, query);
  return { items: found.items.map((r) => ({ ...r, count: Number(r.count) })), total: found.total };
}

/**
 * /invoice/list-invoice for an operator (the admin scope with the second factor proved, DESIGN
 * §13): every affiliate's invoices, or one's by `person`; each names its affiliate.
 */
export async function listEveryInvoice(
  ctx: Ctx,
  input: z.output<typeof invoiceListAllSchema>,
): Promise<Page<InvoiceOfAnyDto>> {
  const { user } = requireAuth(ctx);
  const found = await findEveryInvoice(ctx.db, {
    person: input.person || undefined,
    status: input.status,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return {
    items: found.items.map((r) => ({
      ...toInvoiceDto(r.invoice, r.count),
      user_id: r.invoice.affiliateId,
      email: r.email,
    })),
    total: found.total,
  };
}

/** /invoice/detail: the invoice and its commissions. */
export async function invoiceDetail(
  ctx: Ctx,
  input: z.output<typeof invoiceIdSchema>,
): Promise<InvoiceDetailDto> {
  const { user } = requireAuth(ctx);
  const invoice = await findInvoice(ctx.db, input.id);
  if (!invoice || invoice.affiliateId !== user.id) throw new AppError("INVOICE_NOT_FOUND");
  const commissions = await findInvoiceCommissions(ctx.db, invoice.id);
  return {
    ...toInvoiceDto(invoice, commissions.filter((c) => c.status !== "VOID").length),
    commissions,
  };
}

/** Re-totals the invoices whose commissions changed (an order's commissions were voided), in `tx`. */
export async function retotalInvoices(tx: Executor, invoiceIds: readonly string[]): Promise<void> {
  for (const id of invoiceIds) await retotalInvoice(tx, id);
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The instants a month spans in Vietnam's time (the programme's calendar). */
export function monthBounds(month: string): { from: Date; to: Date } {
  if (!MONTH.test(month)) throw new Error("--month must be YYYY-MM");
  const from = new Date(`${month}-01T00:00:00+07:00`);
  const to = dayjs(from).add(1, "month").toDate();
  return { from, to };
}

/** One affiliate's invoice that issuing a month would create, or created. */
export type InvoicePlanRow = { affiliate_id: string; email: string; commission_count: number; total: number };

/**
 * What issuing `month` would create: per affiliate with not-invoiced commissions of that month and
 * no invoice of it yet, how many and their total. Reads only (the console's preview).
 */
export async function planInvoices(db: Executor, month: string): Promise<InvoicePlanRow[]> {
  const { from, to } = monthBounds(month);
  return (await findInvoicePlan(db, { month, from, to })).map((r) => ({
    affiliate_id: r.affiliateId,
    email: r.email,
    commission_count: r.count,
    total: r.total,
  }));
}

/**
 * Writes `plan`'s invoices of `month` in the caller's transaction `tx`: one PENDING invoice per
 * affiliate gathering their not-invoiced commissions of that month. The unique (affiliate,
 * month) index makes a second run, or a concurrent one, create nothing.
 */
export async function writeInvoices(
  tx: Executor,
  options: { month: string; plan: readonly InvoicePlanRow[]; now: Date },
): Promise<(InvoicePlanRow & { id: string })[]> {
  const { from, to } = monthBounds(options.month);
  const issued: (InvoicePlanRow & { id: string })[] = [];
  for (const row of options.plan) {
    const invoice = await issueInvoice(tx, {
      id: newId(),
      affiliateId: row.affiliate_id,
      month: options.month,
      from,
      to,
      now: options.now,
    });
    if (invoice) issued.push({ id: invoice.id, ...row, total: invoice.total });
  }
  return issued;
}

/**
 * `invoices issue --month YYYY-MM`: one PENDING invoice per affiliate gathering their
 * not-invoiced commissions of that month, in one transaction; a second run issues nothing new.
 */
export async function issueInvoices(db: Db, month: string, now: Date) {
  return db.transaction(async (tx) => writeInvoices(tx, { month, plan: await planInvoices(tx, month), now }));
}

/**
 * Pays or cancels a PENDING invoice in the caller's transaction `tx` (cancelling releases its
 * commissions): the invoice as it was and as it is now.
 */
export async function closeInvoiceIn(
  tx: Executor,
  options: { id: string; to: "PAID" | "CANCEL"; now: Date; paidAt?: Date; note?: string },
): Promise<{ before: InvoiceRow; after: InvoiceRow }> {
  const before = await findInvoice(tx, options.id);
  if (!before) throw new AppError("INVOICE_NOT_FOUND");
  const after = await closeInvoice(tx, options.id, options.to, options.now, {
    paidAt: options.paidAt,
    note: options.note,
  });
  if (!after) throw new AppError("INVOICE_NOT_PENDING");
  return { before, after };
}

/** Pays or cancels a PENDING invoice (the demo seed). */
export async function settleInvoice(db: Db, id: string, to: "PAID" | "CANCEL", now: Date, paidAt?: Date) {
  const { after } = await db.transaction((tx) => closeInvoiceIn(tx, { id, to, now, paidAt }));
  return toInvoiceDto(after, 0);
}

/** Every invoice of an affiliate (the data export). */
export function invoicesForExport(db: Executor, affiliateId: string): Promise<InvoiceRow[]> {
  return findAllInvoicesOf(db, affiliateId);
}
