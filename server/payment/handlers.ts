import "server-only";
import { defineCall } from "@/lib/http/call";
import { paymentCancelSchema, paymentIdSchema, paymentListSchema } from "./schema";
import { cancelPayment, hidePayment, listPayments, paymentDetail } from "./service";

export const paymentCalls = {
  "/payment/my-payment": defineCall({ auth: "session", input: paymentListSchema, run: listPayments }),
  "/payment/list": defineCall({ auth: "session", input: paymentListSchema, run: listPayments }),
  "/payment/detail": defineCall({ auth: "session", input: paymentIdSchema, run: paymentDetail }),
  "/payment/cancel": defineCall({ auth: "session", input: paymentCancelSchema, run: cancelPayment }),
  "/payment/hide": defineCall({ auth: "session", input: paymentIdSchema, run: hidePayment }),
};
