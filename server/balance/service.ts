import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { appNamesFor } from "@/lib/apps";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { newId } from "@/lib/ids";
import { type listQuerySchema, listRange, type Page } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import type { Db, Executor } from "@/server/db/client";
import { forgetCachedSessions } from "@/server/session/service";
import { describeLogRow, type LogReason, legacyReason } from "./reasons";
import {
  type Balance,
  findCreditLogs,
  findPointLogs,
  findReferralsOf,
  insertCreditLog,
  insertPointLog,
  moveBalance,
} from "./repository";
import {
  CREDIT_LOG_TYPES,
  type CreditLogDto,
  type CreditLogType,
  type creditLogQuerySchema,
  type PointLogDto,
  type ReferralDto,
} from "./schema";

/** A human-readable unique reference: prefix, date, 6 random characters (e.g. CR251122K7Q2XD). */
export function newReferenceNo(prefix: string, now: Date): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, "");
  const random = randomBytes(6).toString("base64url").replace(/[-_]/g, "X").toUpperCase().slice(0, 6);
  return `${prefix}${date}${random}`;
}

export type Adjustment = {
  userId: string;
  balance: Balance;
  /** Signed: the log type's sign is applied by the caller (CREDIT_LOG_TYPES). */
  amount: number;
  /** Credit-log type; point changes write the point log instead. */
  type?: CreditLogType;
  /** Why the system wrote the row: a catalog key, put in words in the reader's language. */
  reason?: LogReason;
  /** Free text shown as written (an operator's note). */
  note?: string;
  appCode?: string;
  customerId?: string;
  /** A reference of the log row chosen by the caller (unique); generated when absent. */
  referenceNo?: string;
  now: Date;
};

/**
 * DESIGN §3: moves a balance and writes its log row inside the caller's transaction `tx`; a
 * balance never goes below zero (INSUFFICIENT_BALANCE). Returns the new balance and the reference.
 */
export async function adjustBalanceIn(
  tx: Executor,
  change: Adjustment,
): Promise<{ balance: number; referenceNo: string }> {
  if (!Number.isFinite(change.amount) || change.amount === 0) throw new AppError("AMOUNT_INVALID");
  if (change.balance === "money" && !Number.isInteger(change.amount)) throw new AppError("AMOUNT_INVALID");
  if (change.type && CREDIT_LOG_TYPES[change.type] !== (change.amount > 0 ? "+" : "-")) {
    throw new AppError("AMOUNT_INVALID");
  }
  const amount = change.amount.toFixed(2);
  const referenceNo =
    change.referenceNo ?? newReferenceNo(change.balance === "point" ? "PT" : "CR", change.now);
  const moved = await moveBalance(tx, change.userId, change.balance, amount);
  if (moved === null) throw new AppError("INSUFFICIENT_BALANCE");
  if (change.balance === "point") {
    await insertPointLog(tx, {
      id: newId(),
      userId: change.userId,
      points: amount,
      referenceNo,
      description: change.note ?? null,
      descriptionKey: change.reason?.key ?? null,
      descriptionParams: change.reason?.params ?? null,
      createdAt: change.now,
    });
  } else {
    if (!change.type) throw new AppError("AMOUNT_INVALID");
    await insertCreditLog(tx, {
      id: newId(),
      userId: change.userId,
      type: change.type,
      balance: change.balance,
      amount,
      referenceNo,
      note: change.note ?? null,
      descriptionKey: change.reason?.key ?? null,
      descriptionParams: change.reason?.params ?? null,
      appCode: change.appCode ?? null,
      customerId: change.customerId ?? null,
      createdAt: change.now,
    });
  }
  return { balance: Number(moved), referenceNo };
}

/** `adjustBalanceIn` in a transaction of its own. */
export async function adjustBalance(
  db: Db,
  change: Adjustment,
): Promise<{ balance: number; referenceNo: string }> {
  const result = await db.transaction((tx) => adjustBalanceIn(tx, change));
  void forgetCachedSessions({ userId: change.userId });
  return result;
}

/** Log rows in words of the request's language (ctx.lang): keys translated, notes as written. */
function describer(ctx: Ctx) {
  const d = { t: ctx.t, appNames: appNamesFor(ctx.env.APPS_CONFIG, (key) => ctx.t(`common.${key}`)) };
  return {
    row: (row: Parameters<typeof describeLogRow>[0]) => describeLogRow(row, d),
    /** The row's key, or the key its old English sentence maps to; null for free text. */
    key: (key: string | null, note: string | null) => key ?? legacyReason(note)?.key ?? null,
  };
}

/** /point/my-point-log */
export async function listPointLog(ctx: Ctx, input: z.output<typeof listQuerySchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const { items, total } = await findPointLogs(ctx.db, user.id, {
    ...input,
    ...listRange(input, user.timezone),
  });
  const describe = describer(ctx);
  const page: Page<PointLogDto> = {
    items: items.map((row) => ({
      _id: row.id,
      user_email: user.email,
      reference_no: row.referenceNo,
      point: Number(row.points),
      description: describe.row({
        key: row.descriptionKey,
        params: row.descriptionParams,
        note: row.description,
      }),
      description_key: describe.key(row.descriptionKey, row.description),
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
  return { data: page };
}

/** /partner/my-credit-log: partners also see the reference and the customer of an order. */
export async function listCreditLog(
  ctx: Ctx,
  input: z.output<typeof creditLogQuerySchema>,
): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const { items, total } = await findCreditLogs(ctx.db, user.id, {
    ...input,
    ...listRange(input, user.timezone),
  });
  const describe = describer(ctx);
  const page: Page<CreditLogDto> = {
    items: items.map((row) => ({
      _id: row.id,
      created_at: row.createdAt.toISOString(),
      type: row.type as CreditLogType,
      credit: Number(row.amount),
      balance: row.balance as CreditLogDto["balance"],
      reference_no: user.isPartner ? row.referenceNo : null,
      description: describe.row({ key: row.descriptionKey, params: row.descriptionParams, note: row.note }),
      description_key: describe.key(row.descriptionKey, row.note),
      app_code: row.appCode,
      affilate_user:
        user.isPartner && row.type === "USER_BUY_ORDER" && row.customerEmail
          ? { email: row.customerEmail }
          : null,
    })),
    total,
  };
  return { data: page };
}

/** /referral/my-referral: the accounts the person brought, with their rewards in months. */
export async function listReferrals(ctx: Ctx, input: z.output<typeof listQuerySchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const { items, total } = await findReferralsOf(ctx.db, user.id, {
    ...input,
    ...listRange(input, user.timezone),
  });
  const page: Page<ReferralDto> = {
    items: items.map((row) => ({
      _id: row.id,
      userInfo: { email: row.email },
      verify_reward: row.verifyReward,
      purchased_reward: row.purchasedReward,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
  return { data: page };
}
