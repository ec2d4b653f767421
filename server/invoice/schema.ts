// Affiliate invoices (SPEC §2 invoice list, §4 statuses). No server imports: the screen uses them.
import { z } from "zod";
import { listQuerySchema } from "@/lib/list-query";
import type { CommissionDto } from "@/server/affiliate/schema";

export const INVOICE_STATUSES = ["PENDING", "PAID", "CANCEL"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** /invoice/my-invoice and /invoice/list-invoice (SPEC §7). */
export const invoiceListSchema = listQuerySchema.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
});

export type InvoiceDto = {
  _id: string;
  month: string;
  total_amount: number;
  status: InvoiceStatus;
  created_at: string;
  paid_at: string | null;
  commission_count: number;
};

export const invoiceIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type InvoiceDetailDto = InvoiceDto & { commissions: CommissionDto[] };
