import "server-only";
import { defineCall } from "@/lib/http/call";
import { commissionIdSchema, commissionListSchema, customerListSchema } from "./schema";
import { commissionDetail, listCommissions, listCustomers } from "./service";

export const affiliateCalls = {
  "/affilate/my-affilate-list": defineCall({
    auth: "session",
    input: customerListSchema,
    run: listCustomers,
  }),
  "/affilate/my-commission": defineCall({
    auth: "session",
    input: commissionListSchema,
    run: listCommissions,
  }),
  "/affilate/commission-list": defineCall({
    auth: "session",
    input: commissionListSchema,
    run: listCommissions,
  }),
  "/affilate/commission-detail": defineCall({
    auth: "session",
    input: commissionIdSchema,
    run: commissionDetail,
  }),
};
