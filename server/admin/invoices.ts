import "server-only";
import type { z } from "zod";
import { listRange, type Page } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import type { InvoiceRow } from "@/server/db/tables/commerce";
import {
  closeInvoiceIn,
  findEveryInvoice,
  planInvoices,
  toInvoiceDto,
  writeInvoices,
} from "@/server/invoice/service";
import { changedFields, type OperatorCtx, recordAudit } from "./audit";
import type {
  AdminInvoiceRowDto,
  adminInvoiceListSchema,
  InvoiceChangedDto,
  InvoicePreviewDto,
  InvoicesIssuedDto,
} from "./finance-schema";

// The operator console's affiliate invoices (/admin/invoices) and `npm run admin -- invoices …`:
// one set of services. Issuing a month shows first what it would create (the same plan the write
// then follows); issuing, paying and cancelling each write one audit row in their own transaction.

function toRowDto(row: InvoiceRow, email: string, count: number): AdminInvoiceRowDto {
  const dto = toInvoiceDto(row, count);
  return {
    _id: row.id,
    id: row.id,
    affiliate_id: row.affiliateId,
    email,
    month: row.month,
    total: row.total,
    commission_count: count,
    status: dto.status,
    paid_at: dto.paid_at,
    note: row.note,
    created_at: dto.created_at,
  };
}

/** /admin/invoices/list: every affiliate's invoices, newest first, by month, status, person and days. */
export async function listAdminInvoices(
  ctx: Ctx,
  input: z.output<typeof adminInvoiceListSchema>,
): Promise<Page<AdminInvoiceRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findEveryInvoice(ctx.db, {
    person: input.person || undefined,
    month: input.month,
    status: input.status,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map((r) => toRowDto(r.invoice, r.email, r.count)), total: found.total };
}

const sum = (rows: readonly { total: number }[]) => rows.reduce((n, r) => n + r.total, 0);

/** /admin/invoices/preview: what issuing `month` would create, per affiliate. Writes nothing. */
export async function previewInvoices(ctx: Pick<Ctx, "db">, month: string): Promise<InvoicePreviewDto> {
  const affiliates = await planInvoices(ctx.db, month);
  return {
    month,
    affiliates,
    commission_count: affiliates.reduce((n, r) => n + r.commission_count, 0),
    total: sum(affiliates),
  };
}

/**
 * /admin/invoices/issue and `invoices issue --month`: the month's invoices and the audit row in
 * one transaction. A month issued already creates nothing (and says so: `created` 0).
 */
export async function issueInvoiceMonth(ctx: OperatorCtx, month: string): Promise<InvoicesIssuedDto> {
  return ctx.db.transaction(async (tx) => {
    const plan = await planInvoices(tx, month);
    const invoices = await writeInvoices(tx, { month, plan, now: ctx.clock() });
    const total = sum(invoices);
    const auditId = await recordAudit(tx, ctx, {
      action: "invoice.issue",
      targetType: "invoice",
      targetId: month,
      before: null,
      after: { month, created: invoices.length, invoice_ids: invoices.map((i) => i.id), total },
    });
    return { month, created: invoices.length, invoices, total, audit_id: auditId };
  });
}

/** A calendar day means noon in Vietnam's time that day (the programme's calendar, as the CLI's). */
export const paidAtOf = (day: string) => new Date(`${day}T12:00:00+07:00`);

const auditedFields = (row: InvoiceRow) => ({
  status: row.status,
  paid_at: row.paidAt?.toISOString() ?? null,
  note: row.note,
});

/** Pays or cancels a PENDING invoice with its audit row, in one transaction. */
async function closeAudited(
  ctx: OperatorCtx,
  options: { id: string; to: "PAID" | "CANCEL"; paidAt?: Date; note?: string },
): Promise<InvoiceChangedDto> {
  return ctx.db.transaction(async (tx) => {
    const { before, after } = await closeInvoiceIn(tx, { ...options, now: ctx.clock() });
    const auditId = await recordAudit(tx, ctx, {
      action: options.to === "PAID" ? "invoice.pay" : "invoice.cancel",
      targetType: "invoice",
      targetId: after.id,
      ...changedFields(auditedFields(before), auditedFields(after)),
      note: options.note,
    });
    const [row] = (await findEveryInvoice(tx, { id: after.id, limit: 1, offset: 0 })).items;
    return { invoice: toRowDto(after, row?.email ?? "", row?.count ?? 0), audit_id: auditId };
  });
}

/** /admin/invoices/pay and `invoices pay <id> --date`: PAID on that day; its commissions PAID. */
export const payInvoice = (ctx: OperatorCtx, input: { id: string; paidAt: Date }) =>
  closeAudited(ctx, { id: input.id, to: "PAID", paidAt: input.paidAt });

/** /admin/invoices/cancel and `invoices cancel <id>`: its commissions can be invoiced again. */
export const cancelInvoice = (ctx: OperatorCtx, input: { id: string; note?: string }) =>
  closeAudited(ctx, { id: input.id, to: "CANCEL", note: input.note });
