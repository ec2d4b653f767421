import "server-only";
import { getTransaction } from "@/server/checkout/get-transaction";
import { transactionDto } from "@/server/checkout/schema";
import { defineCall } from "@/server/http/call";
import {
  cancelOrderSchema,
  createdOrderDto,
  createOrderSchema,
  getTransactionSchema,
  myOrderSchema,
  orderDto,
  orderIdSchema,
  orderPageDto,
} from "./schema";
import { cancelOrder } from "./service/cancel-order";
import { createOrder } from "./service/create-order";
import { orderDetail } from "./service/get-order";
import { listMyOrders } from "./service/list-orders";

export const orderCalls = {
  "/order/my-order": defineCall({
    auth: "session",
    summary: "The person's orders, newest first (filter by status, reference and dates)",
    input: myOrderSchema,
    output: orderPageDto,
    run: async (ctx, input) => ({ data: await listMyOrders(ctx, input) }),
  }),
  "/order/detail": defineCall({
    auth: "session",
    summary: "One of the person's orders with its lines",
    input: orderIdSchema,
    output: orderDto,
    errors: ["ORDER_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await orderDetail(ctx, input) }),
  }),
  "/order/cancel": defineCall({
    auth: "session",
    summary: "Cancel a pending order (order.cancelled goes to its product)",
    input: cancelOrderSchema,
    output: orderDto,
    errors: ["ORDER_NOT_FOUND", "ORDER_NOT_PENDING"],
    run: async (ctx, input) => ({ data: await cancelOrder(ctx, input), message: "commerce.orderCancelled" }),
  }),
  /** The checkout link's capability; the owner signed in sees more (optional session). */
  "/order/get-transaction": defineCall({
    auth: "optional",
    summary: "The order behind a checkout link (transaction_id): lines, account shown, methods",
    input: getTransactionSchema,
    output: transactionDto,
    errors: ["ORDER_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await getTransaction(ctx, input) }),
  }),
  /** DESIGN §11: server-to-server, the product's api key as the bearer. */
  "/order/create": defineCall({
    auth: "product",
    summary: "A product orders packages of its own app for a person whose token it holds",
    input: createOrderSchema,
    output: createdOrderDto,
    errors: [
      "PERSON_TOKEN_INVALID",
      "IDEMPOTENCY_MISMATCH",
      "PACKAGE_UNKNOWN",
      "PACKAGE_MONTHS_INVALID",
      "STORE_NOT_OWNED",
    ],
    run: async (ctx, input) => ({ data: await createOrder(ctx, input), message: "commerce.orderCreated" }),
  }),
};
