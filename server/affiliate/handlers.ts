import "server-only";
import { defineCall } from "@/server/http/call";
import { isProvedOperator } from "@/server/http/caller";
import {
  commissionDetailDto,
  commissionIdSchema,
  commissionListSchema,
  commissionPageDto,
  customerListSchema,
  customerPageDto,
  everyoneCommissionListSchema,
} from "./schema";
import { commissionDetail, listCommissions, listCustomers } from "./service";

export const affiliateCalls = {
  "/affilate/my-affilate-list": defineCall({
    auth: "session",
    summary: "The people who signed up with the person's code (search by email or phone)",
    input: customerListSchema,
    output: customerPageDto,
    run: async (ctx, input) => ({ data: await listCustomers(ctx, input) }),
  }),
  "/affilate/my-commission": defineCall({
    auth: "session",
    summary: "The affiliate's commissions with the running total (invoiced or not, dates)",
    input: commissionListSchema,
    output: commissionPageDto,
    run: async (ctx, input) => ({ data: await listCommissions(ctx, input) }),
  }),
  "/affilate/commission-list": defineCall({
    auth: "session",
    summary:
      "The same as /affilate/my-commission; an operator (admin scope, second factor) gets every affiliate's, `person` naming one",
    input: everyoneCommissionListSchema,
    output: commissionPageDto,
    run: async (ctx, input) => ({
      data: await listCommissions(ctx, input, { everyone: isProvedOperator(ctx.auth) }),
    }),
  }),
  "/affilate/commission-detail": defineCall({
    auth: "session",
    summary: "One commission with the order lines that earned it",
    input: commissionIdSchema,
    output: commissionDetailDto,
    errors: ["COMMISSION_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await commissionDetail(ctx, input) }),
  }),
};
