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
  findAffiliatesToInvoice,
  findAllInvoicesOf,
  findInvoice,
  findInvoices,
  issueInvoice,
  retotalInvoice,
} from "./repository";
import type {
  InvoiceDetailDto,
  InvoiceDto,
  InvoiceStatus,
  invoiceIdSchema,
  invoiceListSchema,
} from "./schema";

function toInvoiceDto(row: InvoiceRow, count: number): InvoiceDto {
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

/**
 * `invoices issue --month YYYY-MM`: one PENDING invoice per affiliate gathering their
 * not-invoiced commissions of that month; a second run issues nothing new.
 */
export async function issueInvoices(db: Db, month: string, now: Date) {
  const { from, to } = monthBounds(month);
  const issued: { id: string; affiliate_id: string; total: number }[] = [];
  for (const affiliateId of await findAffiliatesToInvoice(db, from, to)) {
    const invoice = await db.transaction((tx) =>
      issueInvoice(tx, { id: newId(), affiliateId, month, from, to, now }),
    );
    if (invoice) issued.push({ id: invoice.id, affiliate_id: affiliateId, total: invoice.total });
  }
  return issued;
}

/** `invoices pay <id> --date …` and `invoices cancel <id>` (cancelling releases its commissions). */
export async function settleInvoice(db: Db, id: string, to: "PAID" | "CANCEL", now: Date, paidAt?: Date) {
  const row = await db.transaction((tx) => closeInvoice(tx, id, to, now, paidAt));
  if (!row) {
    const existing = await findInvoice(db, id);
    if (!existing) throw new AppError("INVOICE_NOT_FOUND");
    throw new Error(
      `invoice ${id} is ${existing.status}: only a PENDING invoice can be ${to === "PAID" ? "paid" : "cancelled"}`,
    );
  }
  return toInvoiceDto(row, 0);
}

/** Every invoice of an affiliate (the data export). */
export function invoicesForExport(db: Executor, affiliateId: string): Promise<InvoiceRow[]> {
  return findAllInvoicesOf(db, affiliateId);
}
