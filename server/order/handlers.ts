import "server-only";
import { defineCall } from "@/lib/http/call";
import {
  cancelOrderSchema,
  createOrderSchema,
  getTransactionSchema,
  myOrderSchema,
  orderIdSchema,
} from "./schema";
import { cancelOrder, createOrder, getTransaction, listMyOrders, orderDetail } from "./service";

export const orderCalls = {
  "/order/my-order": defineCall({ auth: "session", input: myOrderSchema, run: listMyOrders }),
  "/order/detail": defineCall({ auth: "session", input: orderIdSchema, run: orderDetail }),
  "/order/cancel": defineCall({ auth: "session", input: cancelOrderSchema, run: cancelOrder }),
  /** The checkout link's capability; the owner signed in sees more (optional session). */
  "/order/get-transaction": defineCall({
    auth: "optional",
    input: getTransactionSchema,
    run: getTransaction,
  }),
  /** DESIGN §11: server-to-server, the product's api key as the bearer. */
  "/order/create": defineCall({ auth: "product", input: createOrderSchema, run: createOrder }),
};
