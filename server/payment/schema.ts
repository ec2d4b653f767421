// Payments (DESIGN §10): one row per attempt to pay an order. No server imports: screens use them.
import { z } from "zod";
import { listQuerySchema, pageDto, sortSchema } from "@/lib/list-query";
import { ORDER_STATUSES, orderLineDto } from "@/server/order/schema";

export const PAYMENT_METHODS = ["ONLINE_METHOD", "OFFLINE_METHOD"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** SPEC §9 gateways, POINT for an attempt the points paid in full, CREDIT for a partner's credit. */
export const PAYMENT_GATEWAYS = ["VNPAY", "ZALOPAY", "CASH", "POINT", "CREDIT"] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

export const PAYMENT_SORTS = ["reference_no", "method", "amount", "created_at", "status"] as const;

/** /payment/list and /payment/my-payment (SPEC §7). */
export const paymentListSchema = listQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  reference_no: z.string().trim().max(64).optional(),
  sort: sortSchema(PAYMENT_SORTS),
});
export type PaymentListInput = z.input<typeof paymentListSchema>;

export const paymentIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const paymentCancelSchema = paymentIdSchema.extend({ note: z.string().trim().max(500).optional() });

export const paymentDto = z.object({
  _id: z.string(),
  reference_no: z.string(),
  order_id: z.string(),
  order_reference_no: z.string(),
  app_code: z.string(),
  method: z.enum(PAYMENT_METHODS),
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** Due in VND after points. */
  amount: z.number().int().describe("Due in VND after points"),
  points_used: z.number(),
  status: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
  /** The gateway's transaction id once it paid. */
  transaction_id: z.string().nullable().describe("The gateway's transaction id once it paid"),
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  is_hidden: z.boolean(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

export const paymentPageDto = pageDto(paymentDto);

export const paymentDetailDto = paymentDto.extend({
  order_total: z.number().int(),
  order_status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineDto),
  customer: z.object({ email: z.string(), fullname: z.string(), phone: z.string().nullable() }),
});
export type PaymentDetailDto = z.infer<typeof paymentDetailDto>;

/** /payment/cancel and /payment/hide answer only their message: `data` is null. */
export const noDataDto = z.null();
