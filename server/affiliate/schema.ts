// The affiliate programme (SPEC §2–§7, issue 11): customers, commissions and joining. No server
// imports: the affiliate screens use these.
import { z } from "zod";
import { listQuerySchema } from "@/lib/list-query";
import type { OrderLineDto } from "@/server/order/schema";

export const COMMISSION_STATUSES = ["UNPAID", "INVOICED", "PAID", "VOID"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
/** SPEC §4 commission filter. */
export const INVOICED_FILTERS = ["INVOICED", "NOT_INVOICED"] as const;

/** /affilate/my-affilate-list (SPEC §7): limit, offset, search by email or phone. */
export const customerListSchema = listQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});

export type AffiliateCustomerDto = {
  _id: string;
  email: string;
  fullname: string;
  phone: string | null;
  created_at: string;
  /** Has at least one paid order. */
  has_purchased: boolean;
};

/** The customer list's page, with SPEC's paying-customer count. */
export type CustomerPage = { items: AffiliateCustomerDto[]; total: number; total_purchased: number };

/** /affilate/my-commission and /affilate/commission-list (SPEC §7). */
export const commissionListSchema = listQuerySchema.extend({
  is_invoiced: z.enum(INVOICED_FILTERS).optional(),
});

export type CommissionDto = {
  _id: string;
  /** The customer whose order earned it. */
  email: string;
  order_id: string;
  order_reference_no: string;
  level: number;
  type: "affiliate" | "partner";
  program: string;
  order_amount: number;
  rate: number;
  amount: number;
  status: CommissionStatus;
  invoice_id: string | null;
  invoiced_at: string | null;
  created_at: string;
};

/** A page of commissions and the running total of their amounts (SPEC §2). */
export type CommissionPage = { items: CommissionDto[]; total: number; total_amount: number };

export const commissionIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type CommissionDetailDto = CommissionDto & { lines: OrderLineDto[] };
