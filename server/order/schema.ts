// Orders (DESIGN §10–§11): the person's calls, the product's order creation, and the rows the
// screens show. No server imports: the order screens use them.
import { z } from "zod";
import { listQuerySchema } from "@/lib/list-query";
import type { CheckoutMethod } from "@/server/checkout/schema";

/** SPEC §4 order and payment statuses. */
export const ORDER_STATUSES = ["PENDING", "PAID", "PAID_DEBIT", "CANCEL", "INVALID"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const id = z.string().trim().min(1).max(64);

/** /order/my-order (SPEC §7): limit, offset, status, reference_no, from_date, to_date. */
export const myOrderSchema = listQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  reference_no: z.string().trim().max(64).optional(),
});
export type MyOrderInput = z.input<typeof myOrderSchema>;

export const orderIdSchema = z.object({ id });

/** /order/cancel: SPEC sends id, note and status CANCEL. */
export const cancelOrderSchema = z.object({
  id,
  note: z.string().trim().max(500).optional(),
  status: z.literal("CANCEL").default("CANCEL"),
});
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;

export const getTransactionSchema = z.object({ transaction_id: z.string().trim().min(1).max(128) });

/** One line a product orders: its store, a catalog package, a number of months. */
export const orderLineInputSchema = z.object({
  store_id: z.string().trim().min(1).max(100),
  store_name: z.string().trim().min(1).max(200),
  package_code: z.string().trim().min(1).max(40),
  months: z.number().int(),
});

/** POST /2.0/order/create (DESIGN §11), authenticated by the product's api key. */
export const createOrderSchema = z.object({
  /** The person's token the product holds. */
  token: z.string().trim().min(1).max(200),
  lines: z.array(orderLineInputSchema).min(1).max(20),
  note: z.string().trim().max(500).optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export type OrderLineDto = {
  _id: string;
  app_code: string;
  store_id: string;
  store_name: string;
  package_code: string;
  /** SPEC §3 display name of the package code. */
  display_code: string;
  package_name: string;
  months: number;
  bonus_months: number;
  subtotal: number;
};

export type OrderDto = {
  _id: string;
  reference_no: string;
  transaction_id: string;
  app_code: string;
  status: OrderStatus;
  total: number;
  note: string | null;
  created_at: string;
  paid_at: string | null;
  lines?: OrderLineDto[];
};

/** What /order/create answers the product. */
export type CreatedOrderDto = {
  order_id: string;
  transaction_id: string;
  reference_no: string;
  total: number;
  status: OrderStatus;
  checkout_url: string;
};

/**
 * /order/get-transaction's answer: the order with its lines, whether the signed-in person owns
 * it, the account shown (the owner's details; anyone else a masked email) and the configured
 * checkout methods, bank transfer first.
 */
export type TransactionDto = OrderDto & {
  is_owner: boolean;
  account: { email: string; fullname?: string; phone?: string | null; point?: number };
  methods: CheckoutMethod[];
};
