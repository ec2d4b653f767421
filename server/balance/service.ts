import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { appNamesFor } from "@/lib/apps";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { type listQuerySchema, listRange, type Page } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import type { Db, Executor } from "@/server/db/client";
import { forgetCachedSessions } from "@/server/session/service";
import { describeLogRow, type LogReason, legacyReason } from "./reasons";
import {
  type Balance,
  findAllLogsOf,
  findAllReferralsOf,
  findCreditLogs,
  findPointLogs,
  findReferralsOf,
  hasCreditLogs,
  insertCreditLog,
  insertPointLog,
  moveBalance,
  readBalanceForUpdate,
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

/** One balance of the person, their row locked until the caller's transaction ends (then `adjustBalanceIn`). */
export function lockBalance(tx: Executor, userId: string, balance: Balance): Promise<number> {
  return readBalanceForUpdate(tx, userId, balance);
}

/** Whether any credit-log row was written for the person (the demo seed tops up an account once). */
export const hasCreditLog = (db: Executor, userId: string): Promise<boolean> => hasCreditLogs(db, userId);

/** `adjustBalanceIn` in a transaction of its own. */
export async function adjustBalance(
  db: Db,
  change: Adjustment,
): Promise<{ balance: number; referenceNo: string }> {
  const result = await db.transaction((tx) => adjustBalanceIn(tx, change));
  void forgetCachedSessions({ userId: change.userId });
  return result;
}

/**
 * A log row in words of the request's language (ctx.lang), keys translated, notes as written, and
 * its catalog key: the row's own, or the one its old English sentence maps to; null for free text.
 */
function describer(ctx: Pick<Ctx, "t" | "env">) {
  const d = { t: ctx.t, appNames: appNamesFor(ctx.env.APPS_CONFIG, (key) => ctx.t(`common.${key}`)) };
  return (row: Parameters<typeof describeLogRow>[0]) => ({
    description: describeLogRow(row, d),
    description_key: row.key ?? legacyReason(row.note)?.key ?? null,
  });
}

type ListQuery = z.output<typeof listQuerySchema>;

/** The signed-in person's rows of one log, in the query's page and date range. */
async function ownRows<Q extends ListQuery, R>(
  ctx: Ctx,
  input: Q,
  find: (
    db: Db,
    userId: string,
    query: Q & ReturnType<typeof listRange>,
  ) => Promise<{ items: R[]; total: number }>,
) {
  const { user } = requireAuth(ctx);
  return { user, ...(await find(ctx.db, user.id, { ...input, ...listRange(input, user.timezone) })) };
}

/** /point/my-point-log */
export async function listPointLog(ctx: Ctx, input: ListQuery): Promise<Page<PointLogDto>> {
  const { user, items, total } = await ownRows(ctx, input, findPointLogs);
  const words = describer(ctx);
  return {
    items: items.map((row) => ({
      _id: row.id,
      user_email: user.email,
      reference_no: row.referenceNo,
      point: Number(row.points),
      ...words({ key: row.descriptionKey, params: row.descriptionParams, note: row.description }),
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}

/**
 * /partner/my-credit-log: partners also see the reference and the customer of an order. The
 * operator console (server/admin/people-extra.ts) also reads one balance's rows (`balance`).
 */
export async function listCreditLog(
  ctx: Ctx,
  input: z.output<typeof creditLogQuerySchema> & { balance?: Exclude<Balance, "point"> },
): Promise<Page<CreditLogDto>> {
  const { user, items, total } = await ownRows(ctx, input, findCreditLogs);
  const words = describer(ctx);
  return {
    items: items.map((row) => ({
      _id: row.id,
      created_at: row.createdAt.toISOString(),
      type: row.type as CreditLogType,
      credit: Number(row.amount),
      balance: row.balance as CreditLogDto["balance"],
      reference_no: user.isPartner ? row.referenceNo : null,
      ...words({ key: row.descriptionKey, params: row.descriptionParams, note: row.note }),
      app_code: row.appCode,
      affilate_user:
        user.isPartner && row.type === "USER_BUY_ORDER" && row.customerEmail
          ? { email: row.customerEmail }
          : null,
    })),
    total,
  };
}

/** /referral/my-referral: the accounts the person brought, with their rewards in months. */
export async function listReferrals(ctx: Ctx, input: ListQuery): Promise<Page<ReferralDto>> {
  const { items, total } = await ownRows(ctx, input, findReferralsOf);
  return {
    items: items.map((row) => ({
      _id: row.id,
      userInfo: { email: row.email },
      verify_reward: row.verifyReward,
      purchased_reward: row.purchasedReward,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}

/** Every balance log row and referral of a person, each log's reason in ctx's language (the data export). */
export async function balancesForExport(ctx: Pick<Ctx, "db" | "t" | "env">, userId: string) {
  const logs = await findAllLogsOf(ctx.db, userId);
  const words = describer(ctx);
  return {
    credit: logs.credit.map((row) => ({
      row,
      ...words({ key: row.descriptionKey, params: row.descriptionParams, note: row.note }),
    })),
    point: logs.point.map((row) => ({
      row,
      ...words({ key: row.descriptionKey, params: row.descriptionParams, note: row.description }),
    })),
    referrals: await findAllReferralsOf(ctx.db, userId),
  };
}
