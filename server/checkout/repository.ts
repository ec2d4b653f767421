import "server-only";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { containing, within } from "@/server/db/filters";
import type { BankTransferRow } from "@/server/db/tables/commerce";
import { bankTransfers, orders } from "@/server/db/tables/commerce";

// The incoming bank transfers (SePay's notifications, the operator's confirmations): the
// checkout's own table, applied once per bank transaction id.

/** Records a bank transaction once; answers the existing row when its id was seen before. */
export async function recordBankTransfer(
  db: Executor,
  values: typeof bankTransfers.$inferInsert,
): Promise<{ row: BankTransferRow; isNew: boolean }> {
  const [inserted] = await db.insert(bankTransfers).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, isNew: true };
  const [existing] = await db.select().from(bankTransfers).where(eq(bankTransfers.id, values.id)).limit(1);
  if (!existing) throw new Error("bank transfer vanished");
  return { row: existing, isNew: false };
}

export async function settleBankTransfer(
  db: Executor,
  id: string,
  changes: { status: string; orderId?: string | null; referenceNo?: string | null; now: Date },
): Promise<void> {
  await db
    .update(bankTransfers)
    .set({
      status: changes.status,
      orderId: changes.orderId ?? null,
      referenceNo: changes.referenceNo ?? null,
      updatedAt: changes.now,
    })
    .where(eq(bankTransfers.id, id));
}

export async function findBankTransfers(db: Executor, status: string | undefined, limit: number) {
  return db
    .select()
    .from(bankTransfers)
    .where(status ? eq(bankTransfers.status, status) : undefined)
    .orderBy(desc(bankTransfers.createdAt))
    .limit(limit);
}

/**
 * Takes a recorded transfer to apply it: only one caller wins (a concurrent replay does not), and
 * a claim left by a crash is taken again after five minutes.
 */
export async function claimBankTransfer(db: Executor, id: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - 5 * 60_000);
  const rows = await db
    .update(bankTransfers)
    .set({ status: "applying", updatedAt: now })
    .where(
      and(
        eq(bankTransfers.id, id),
        sql`(${bankTransfers.status} = 'received' or (${bankTransfers.status} = 'applying' and ${bankTransfers.updatedAt} < ${stale.toISOString()}::timestamptz))`,
      ),
    )
    .returning({ id: bankTransfers.id });
  return rows.length === 1;
}

/** Reads and locks a transfer for the rest of the caller's transaction (the operator applying it). */
export async function lockBankTransfer(db: Executor, id: string): Promise<BankTransferRow | undefined> {
  const [row] = await db.select().from(bankTransfers).where(eq(bankTransfers.id, id)).limit(1).for("update");
  return row;
}

/**
 * A page of transfers, newest first, each with the order it went to: by status, by part of the
 * reference found or of the content (`reference`, in capitals), and by days received.
 */
export async function findBankTransfersPage(
  db: Executor,
  query: { status?: string; reference?: string; from?: Date; to?: Date; limit: number; offset: number },
) {
  const text = containing(query.reference?.toUpperCase());
  const where = and(
    query.status ? eq(bankTransfers.status, query.status) : undefined,
    text
      ? or(
          sql`upper(${bankTransfers.referenceNo}) like ${text}`,
          sql`upper(${bankTransfers.content}) like ${text}`,
          eq(bankTransfers.id, query.reference ?? ""),
        )
      : undefined,
    ...within(bankTransfers.createdAt, query),
  );
  const items = await db
    .select({ transfer: bankTransfers, orderReferenceNo: orders.referenceNo, orderStatus: orders.status })
    .from(bankTransfers)
    .leftJoin(orders, eq(orders.id, bankTransfers.orderId))
    .where(where)
    .orderBy(desc(bankTransfers.createdAt), desc(bankTransfers.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: await cappedCount(db, bankTransfers, where) };
}
