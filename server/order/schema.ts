// Orders (DESIGN §10–§11): the person's calls, the product's order creation, and the rows the
// screens show. No server imports: the order screens use them.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";

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

export const orderLineDto = z.object({
  _id: z.string(),
  app_code: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  package_code: z.string(),
  /** SPEC §3 display name of the package code. */
  display_code: z.string().describe("SPEC §3 display name of the package code (PREMIUM_5 → BUSSINESS_3)"),
  package_name: z.string(),
  months: z.number().int(),
  bonus_months: z.number().int(),
  subtotal: z.number().int().describe("VND"),
});
export type OrderLineDto = z.infer<typeof orderLineDto>;

export const orderDto = z.object({
  _id: z.string(),
  reference_no: z.string(),
  transaction_id: z.string().describe("The checkout link's capability (/checkout?transaction_id=…)"),
  app_code: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int().describe("VND"),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  lines: z.array(orderLineDto).optional(),
});
export type OrderDto = z.infer<typeof orderDto>;

export const orderPageDto = pageDto(orderDto);

/** What /order/create answers the product. */
export const createdOrderDto = z.object({
  order_id: z.string(),
  transaction_id: z.string(),
  reference_no: z.string(),
  total: z.number().int().describe("VND, priced from the catalog of the product's own app"),
  status: z.enum(ORDER_STATUSES),
  checkout_url: z.string().describe("Send the person's browser here to pay"),
});
export type CreatedOrderDto = z.infer<typeof createdOrderDto>;
