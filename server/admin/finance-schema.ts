// The operator console's money screens (/2.0/admin/transfers/*, /2.0/admin/invoices/*, DESIGN
// §13): inputs the /admin pages' forms share with the handlers, and the answers. No server
// imports: the list framework and the dialogs read it.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { MSG, optionalText, text } from "@/lib/validation";
import { TRANSFER_STATUSES } from "@/server/checkout/schema";
import { INVOICE_STATUSES } from "@/server/invoice/schema";

const iso = z.iso.datetime();
const rowId = text({ min: 1, max: 100 });

// Bank transfers

/** /admin/transfers/list: `reference` is part of the reference found or of the content, or the bank's id. */
export const transferListSchema = listQuerySchema.extend({
  status: z.enum(TRANSFER_STATUSES).optional(),
  reference: optionalText(100),
});

export const transferRowDto = z.object({
  _id: z.string(),
  id: z.string().describe("The bank's transaction id, or manual-… for an operator's confirmation"),
  amount: z.number().int(),
  content: z.string().describe("The transfer's content as the bank sent it"),
  reference_no: z.string().nullable().describe("The order reference found in the content (or applied to)"),
  order_id: z.string().nullable(),
  order_reference_no: z.string().nullable().describe("The reference of the order it went to"),
  order_status: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  actor: z.string().describe("Who recorded it: bank:<gateway> or operator:<name>"),
  raw: z.record(z.string(), z.unknown()).describe("The notification as received"),
  created_at: iso,
  updated_at: iso,
});
export type TransferRowDto = z.infer<typeof transferRowDto>;
export const transferPageDto = pageDto(transferRowDto);

/** /admin/transfers/apply: the order reference is typed in any case. */
export const applyTransferSchema = z.object({
  id: rowId,
  reference: text({ min: 1, max: 40 }).transform((v) => v.toUpperCase()),
  note: optionalText(500),
});
export type ApplyTransferInput = z.input<typeof applyTransferSchema>;

export const transferAppliedDto = z.object({ transfer: transferRowDto, audit_id: z.string() });

// Affiliate invoices

/** The affiliate programme's calendar: months and paid days are Vietnam's. */
export const PROGRAMME_TIME_ZONE = "Asia/Ho_Chi_Minh";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A month of the programme's calendar, YYYY-MM. */
export const monthField = z
  .string({ error: () => MSG.required })
  .trim()
  .regex(MONTH, { message: MSG.invalidType });

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string) => {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
/** A calendar day YYYY-MM-DD (noon in Vietnam's time, as the command line's `invoices pay --date`). */
export const plainDayField = z
  .string({ error: () => MSG.required })
  .trim()
  .regex(PLAIN_DAY, { message: MSG.invalidType })
  .refine(isCalendarDay, { message: MSG.invalidType });

/** /admin/invoices/list: `person` is an affiliate's exact account id or part of their email. */
export const adminInvoiceListSchema = listQuerySchema.extend({
  month: monthField.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  person: optionalText(254),
});

export const adminInvoiceRowDto = z.object({
  _id: z.string(),
  id: z.string(),
  affiliate_id: z.string(),
  email: z.string(),
  month: z.string().describe("YYYY-MM"),
  total: z.number().int(),
  commission_count: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  paid_at: iso.nullable(),
  note: z.string().nullable(),
  created_at: iso,
});
export type AdminInvoiceRowDto = z.infer<typeof adminInvoiceRowDto>;
export const adminInvoicePageDto = pageDto(adminInvoiceRowDto);

/** /admin/invoices/preview and /admin/invoices/issue */
export const invoiceMonthSchema = z.object({ month: monthField });

const plannedInvoice = z.object({
  affiliate_id: z.string(),
  email: z.string(),
  commission_count: z.number().int(),
  total: z.number().int(),
});

/** What issuing a month would create, per affiliate; nothing is written. */
export const invoicePreviewDto = z.object({
  month: z.string(),
  affiliates: z.array(plannedInvoice),
  commission_count: z.number().int(),
  total: z.number().int(),
});
export type InvoicePreviewDto = z.infer<typeof invoicePreviewDto>;

export const invoicesIssuedDto = z.object({
  month: z.string(),
  created: z.number().int().describe("Invoices created; 0 when the month was issued already"),
  invoices: z.array(plannedInvoice.extend({ id: z.string() })),
  total: z.number().int(),
  audit_id: z.string(),
});
export type InvoicesIssuedDto = z.infer<typeof invoicesIssuedDto>;

export const payInvoiceSchema = z.object({ id: rowId, paid_at: plainDayField });
export type PayInvoiceInput = z.input<typeof payInvoiceSchema>;

export const cancelInvoiceSchema = z.object({ id: rowId, note: text({ min: 1, max: 500 }) });
export type CancelInvoiceInput = z.input<typeof cancelInvoiceSchema>;

export const invoiceChangedDto = z.object({ invoice: adminInvoiceRowDto, audit_id: z.string() });
export type InvoiceChangedDto = z.infer<typeof invoiceChangedDto>;
