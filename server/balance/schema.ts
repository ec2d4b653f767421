// Inputs and rows of the balance lists (/point/my-point-log, /partner/my-credit-log,
// /referral/my-referral): one list query shape shared by the list screens and the handlers.
import { z } from "zod";

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

/** SPEC §9 page sizes; lists start at 20. */
export const PAGE_SIZES = [2, 20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;

const isoDate = z.iso.datetime({ offset: true });

/** limit/offset and the from/to instants (the client sends 00:00:00 and 23:59:59.999 in the person's zone). */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  from_date: isoDate.optional(),
  to_date: isoDate.optional(),
});
export type ListQuery = z.input<typeof listQuerySchema>;

export const creditLogQuerySchema = listQuerySchema.extend({
  type: z.enum(CREDIT_LOG_TYPE_NAMES as [CreditLogType, ...CreditLogType[]]).optional(),
});
export type CreditLogQuery = z.input<typeof creditLogQuerySchema>;

/** A page of a list: rows and the total (capped at 10 001, DESIGN §7). */
export type Page<T> = { items: T[]; total: number };

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
