// The affiliate programme (SPEC §2–§7, issue 11): customers, commissions and joining. No server
// imports: the affiliate screens use these.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { orderLineDto } from "@/server/order/schema";

export const COMMISSION_STATUSES = ["UNPAID", "INVOICED", "PAID", "VOID"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
/** SPEC §4 commission filter. */
export const INVOICED_FILTERS = ["INVOICED", "NOT_INVOICED"] as const;

/** /affilate/my-affilate-list (SPEC §7): limit, offset, search by email or phone. */
export const customerListSchema = listQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});

export const affiliateCustomerDto = z.object({
  _id: z.string(),
  email: z.string(),
  fullname: z.string(),
  phone: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** Has at least one paid order. */
  has_purchased: z.boolean().describe("Has at least one paid order"),
});
export type AffiliateCustomerDto = z.infer<typeof affiliateCustomerDto>;

/** The customer list's page, with SPEC's paying-customer count. */
export const customerPageDto = pageDto(affiliateCustomerDto).extend({ total_purchased: z.number().int() });
export type CustomerPage = z.infer<typeof customerPageDto>;

/** /affilate/my-commission and /affilate/commission-list (SPEC §7). */
export const commissionListSchema = listQuerySchema.extend({
  is_invoiced: z.enum(INVOICED_FILTERS).optional(),
});

/**
 * /affilate/commission-list (DESIGN §13): an operator (the admin scope, a sign-in that proved the
 * second factor) sees every affiliate's commissions, `person` narrowing them to one; anyone else
 * gets their own, `person` ignored.
 */
export const everyoneCommissionListSchema = commissionListSchema.extend({
  person: z
    .string()
    .trim()
    .max(254)
    .optional()
    .describe("Operators only: the affiliate's account id or email"),
});

export const commissionDto = z.object({
  _id: z.string(),
  affiliate_id: z.string().describe("The account that earned it"),
  /** The customer whose order earned it. */
  email: z.string().describe("The customer whose order earned it"),
  order_id: z.string(),
  order_reference_no: z.string(),
  level: z.number().int(),
  type: z.enum(["affiliate", "partner"]),
  program: z.string(),
  order_amount: z.number().int(),
  rate: z.number(),
  amount: z.number(),
  status: z.enum(COMMISSION_STATUSES),
  invoice_id: z.string().nullable(),
  invoiced_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type CommissionDto = z.infer<typeof commissionDto>;

/** A page of commissions and the running total of their amounts (SPEC §2). */
export const commissionPageDto = pageDto(commissionDto).extend({ total_amount: z.number() });
export type CommissionPage = z.infer<typeof commissionPageDto>;

export const commissionIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const commissionDetailDto = commissionDto.extend({ lines: z.array(orderLineDto) });
export type CommissionDetailDto = z.infer<typeof commissionDetailDto>;
