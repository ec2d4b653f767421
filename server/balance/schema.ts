// Inputs and rows of the balance lists (/point/my-point-log, /partner/my-credit-log,
// /referral/my-referral); the list query itself is lib/list-query.ts, shared by every list.
import { z } from "zod";
import { listQuerySchema } from "@/lib/list-query";

/** SPEC §4 credit log types and the sign each one carries. */
export const CREDIT_LOG_TYPES = {
  ADMIN_ADD: "+",
  USER_BUY_ORDER: "-",
  APP_DEPOSIT: "+",
  APP_PURCHASED: "-",
  APP_RENEW_CREDIT: "-",
  MONEY_ADD: "+",
  MONEY_PURCHASED: "-",
} as const;
export type CreditLogType = keyof typeof CREDIT_LOG_TYPES;
export const CREDIT_LOG_TYPE_NAMES = Object.keys(CREDIT_LOG_TYPES) as CreditLogType[];

export const creditLogQuerySchema = listQuerySchema.extend({
  type: z.enum(CREDIT_LOG_TYPE_NAMES as [CreditLogType, ...CreditLogType[]]).optional(),
});
export type CreditLogQuery = z.input<typeof creditLogQuerySchema>;

export type PointLogDto = {
  _id: string;
  user_email: string;
  reference_no: string;
  point: number;
  description: string | null;
  created_at: string;
};

export type CreditLogDto = {
  _id: string;
  created_at: string;
  type: CreditLogType;
  /** Signed, two decimals (money rows in VND). */
  credit: number;
  balance: "credit" | "credit_app" | "money";
  /** Partners only (SPEC §2). */
  reference_no: string | null;
  description: string | null;
  app_code: string | null;
  /** Partners, type USER_BUY_ORDER only. */
  affilate_user: { email: string } | null;
};

export type ReferralDto = {
  _id: string;
  userInfo: { email: string };
  /** Months granted, or null ('--'). */
  verify_reward: number | null;
  purchased_reward: number | null;
  created_at: string;
};
