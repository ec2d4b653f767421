// Inputs and rows of the balance lists (/point/my-point-log, /partner/my-credit-log,
// /referral/my-referral); the list query itself is lib/list-query.ts, shared by every list.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";

/** SPEC §4 credit log types and the sign each one carries. */
export const CREDIT_LOG_TYPES = {
  ADMIN_ADD: "+",
  USER_BUY_ORDER: "-",
  APP_DEPOSIT: "+",
  APP_PURCHASED: "-",
  APP_RENEW_CREDIT: "-",
  MONEY_ADD: "+",
  MONEY_PURCHASED: "-",
  /** An operator took credit, API credit or money back (the console's adjust-balance, with a note). */
  ADMIN_DEDUCT: "-",
} as const;
export type CreditLogType = keyof typeof CREDIT_LOG_TYPES;
export const CREDIT_LOG_TYPE_NAMES = Object.keys(CREDIT_LOG_TYPES) as CreditLogType[];

export const creditLogQuerySchema = listQuerySchema.extend({
  type: z.enum(CREDIT_LOG_TYPE_NAMES as [CreditLogType, ...CreditLogType[]]).optional(),
});
export type CreditLogQuery = z.input<typeof creditLogQuerySchema>;

export const pointLogDto = z.object({
  _id: z.string(),
  user_email: z.string(),
  reference_no: z.string(),
  point: z.number().describe("Signed, two decimals"),
  /** In the reader's language: the reason's words, or an operator's note as written. */
  description: z.string().nullable().describe("In the request's language; an operator's note as written"),
  /** The reason's catalog key (account.logReasons), also for old rows that match one; null for a note. */
  description_key: z.string().nullable().describe("The reason's key; null for free text"),
  created_at: z.iso.datetime(),
});
export type PointLogDto = z.infer<typeof pointLogDto>;

export const creditLogDto = z.object({
  _id: z.string(),
  created_at: z.iso.datetime(),
  type: z.enum(CREDIT_LOG_TYPE_NAMES as [CreditLogType, ...CreditLogType[]]),
  /** Signed, two decimals (money rows in VND). */
  credit: z.number().describe("Signed, two decimals (money rows in VND)"),
  balance: z.enum(["credit", "credit_app", "money"]),
  /** Partners only (SPEC §2). */
  reference_no: z.string().nullable().describe("Partners only"),
  /** In the reader's language: the reason's words, or an operator's note as written. */
  description: z.string().nullable().describe("In the request's language; an operator's note as written"),
  /** The reason's catalog key (account.logReasons), also for old rows that match one; null for a note. */
  description_key: z.string().nullable().describe("The reason's key; null for free text"),
  app_code: z.string().nullable(),
  /** Partners, type USER_BUY_ORDER only. */
  affilate_user: z.object({ email: z.string() }).nullable().describe("Partners, type USER_BUY_ORDER only"),
});
export type CreditLogDto = z.infer<typeof creditLogDto>;

export const referralDto = z.object({
  _id: z.string(),
  userInfo: z.object({ email: z.string() }),
  /** Months granted, or null ('--'). */
  verify_reward: z.number().nullable().describe("Months granted, or null"),
  purchased_reward: z.number().nullable().describe("Months granted, or null"),
  created_at: z.iso.datetime(),
});
export type ReferralDto = z.infer<typeof referralDto>;

export const pointLogPageDto = pageDto(pointLogDto);
export const creditLogPageDto = pageDto(creditLogDto);
export const referralPageDto = pageDto(referralDto);
