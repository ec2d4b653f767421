import "server-only";
import { defineCall } from "@/lib/http/call";
import { listQuerySchema } from "@/lib/list-query";
import { creditLogPageDto, creditLogQuerySchema, pointLogPageDto, referralPageDto } from "./schema";
import { listCreditLog, listPointLog, listReferrals } from "./service";

export const balanceCalls = {
  "/point/my-point-log": defineCall({
    auth: "session",
    summary: "The person's point log, newest first",
    input: listQuerySchema,
    output: pointLogPageDto,
    run: listPointLog,
  }),
  "/partner/my-credit-log": defineCall({
    auth: "session",
    summary: "The person's credit, API credit and money log, newest first",
    input: creditLogQuerySchema,
    output: creditLogPageDto,
    run: listCreditLog,
  }),
  "/referral/my-referral": defineCall({
    auth: "session",
    summary: "The people the person referred and the rewards they brought",
    input: listQuerySchema,
    output: referralPageDto,
    run: listReferrals,
  }),
};
