// Payments (DESIGN §10): one row per attempt to pay an order. No server imports: screens use them.
import { z } from "zod";
import { listQuerySchema, sortSchema } from "@/lib/list-query";
import { ORDER_STATUSES, type OrderLineDto, type OrderStatus } from "@/server/order/schema";

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

export type PaymentDto = {
  _id: string;
  reference_no: string;
  order_id: string;
  order_reference_no: string;
  app_code: string;
  method: PaymentMethod;
  gateway: PaymentGateway;
  /** Due in VND after points. */
  amount: number;
  points_used: number;
  status: OrderStatus;
  note: string | null;
  /** The gateway's transaction id once it paid. */
  transaction_id: string | null;
  created_at: string;
  paid_at: string | null;
  is_hidden: boolean;
};

export type PaymentDetailDto = PaymentDto & {
  order_total: number;
  order_status: OrderStatus;
  lines: OrderLineDto[];
  customer: { email: string; fullname: string; phone: string | null };
};
