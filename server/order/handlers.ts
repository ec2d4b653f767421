import "server-only";
import { defineCall } from "@/lib/http/call";
import { transactionDto } from "@/server/checkout/schema";
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
import { cancelOrder, createOrder, getTransaction, listMyOrders, orderDetail } from "./service";

export const orderCalls = {
  "/order/my-order": defineCall({
    auth: "session",
    summary: "The person's orders, newest first (filter by status, reference and dates)",
    input: myOrderSchema,
    output: orderPageDto,
    run: listMyOrders,
  }),
  "/order/detail": defineCall({
    auth: "session",
    summary: "One of the person's orders with its lines",
    input: orderIdSchema,
    output: orderDto,
    errors: ["ORDER_NOT_FOUND"],
    run: orderDetail,
  }),
  "/order/cancel": defineCall({
    auth: "session",
    summary: "Cancel a pending order (order.cancelled goes to its product)",
    input: cancelOrderSchema,
    output: orderDto,
    errors: ["ORDER_NOT_FOUND", "ORDER_NOT_PENDING"],
    run: cancelOrder,
  }),
  /** The checkout link's capability; the owner signed in sees more (optional session). */
  "/order/get-transaction": defineCall({
    auth: "optional",
    summary: "The order behind a checkout link (transaction_id): lines, account shown, methods",
    input: getTransactionSchema,
    output: transactionDto,
    errors: ["ORDER_NOT_FOUND"],
    run: getTransaction,
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
    run: createOrder,
  }),
};
