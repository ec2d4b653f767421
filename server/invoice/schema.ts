// Affiliate invoices (SPEC §2 invoice list, §4 statuses). No server imports: the screen uses them.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { commissionDto } from "@/server/affiliate/schema";

export const INVOICE_STATUSES = ["PENDING", "PAID", "CANCEL"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** /invoice/my-invoice and /invoice/list-invoice (SPEC §7). */
export const invoiceListSchema = listQuerySchema.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
});

export const invoiceDto = z.object({
  _id: z.string(),
  month: z.string().describe("YYYY-MM"),
  total_amount: z.number(),
  status: z.enum(INVOICE_STATUSES),
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  commission_count: z.number().int(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

export const invoicePageDto = pageDto(invoiceDto);

/** /invoice/list-invoice: an operator (DESIGN §13) may name one affiliate, by account id or part of the email. */
export const invoiceListAllSchema = invoiceListSchema.extend({
  person: z.string().trim().max(254).optional(),
});

/** /invoice/list-invoice's row: an operator's answer also names each invoice's affiliate. */
export const invoiceOfAnyDto = invoiceDto.extend({
  user_id: z.string().optional().describe("The affiliate (an operator's answer only)"),
  email: z.string().optional().describe("The affiliate's email (an operator's answer only)"),
});
export type InvoiceOfAnyDto = z.infer<typeof invoiceOfAnyDto>;
export const invoiceOfAnyPageDto = pageDto(invoiceOfAnyDto);

export const invoiceIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const invoiceDetailDto = invoiceDto.extend({ commissions: z.array(commissionDto) });
export type InvoiceDetailDto = z.infer<typeof invoiceDetailDto>;
