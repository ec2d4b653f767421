import "server-only";
import { defineCall } from "@/lib/http/call";
import { listQuerySchema } from "@/lib/list-query";
import { creditLogQuerySchema } from "./schema";
import { listCreditLog, listPointLog, listReferrals } from "./service";

export const balanceCalls = {
  "/point/my-point-log": defineCall({ auth: "session", input: listQuerySchema, run: listPointLog }),
  "/partner/my-credit-log": defineCall({ auth: "session", input: creditLogQuerySchema, run: listCreditLog }),
  "/referral/my-referral": defineCall({ auth: "session", input: listQuerySchema, run: listReferrals }),
};
