import "server-only";
import { listQuerySchema } from "@/lib/list-query";
import { defineCall } from "@/server/http/call";
import { creditLogPageDto, creditLogQuerySchema, pointLogPageDto, referralPageDto } from "./schema";
import { listCreditLog, listPointLog, listReferrals } from "./service";

export const balanceCalls = {
  "/point/my-point-log": defineCall({
    auth: "session",
    summary: "The person's point log, newest first",
    input: listQuerySchema,
    output: pointLogPageDto,
    run: async (ctx, input) => ({ data: await listPointLog(ctx, input) }),
  }),
  "/partner/my-credit-log": defineCall({
    auth: "session",
    summary: "The person's credit, API credit and money log, newest first",
    input: creditLogQuerySchema,
    output: creditLogPageDto,
    run: async (ctx, input) => ({ data: await listCreditLog(ctx, input) }),
  }),
  "/referral/my-referral": defineCall({
    auth: "session",
    summary: "The people the person referred and the rewards they brought",
    input: listQuerySchema,
    output: referralPageDto,
    run: async (ctx, input) => ({ data: await listReferrals(ctx, input) }),
  }),
};
