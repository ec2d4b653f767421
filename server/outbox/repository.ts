import "server-only";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import type { OutboxRow } from "@/server/db/tables/outbox";
import { outbox } from "@/server/db/tables/outbox";

export async function insertOutbox(db: Executor, values: typeof outbox.$inferInsert): Promise<void> {
  await db.insert(outbox).values(values);
}

/**
 * Claims up to `limit` due rows for `leaseMs`: FOR UPDATE SKIP LOCKED inside one statement, so
 * two workers (two instances) never claim one row; a crashed worker's lease simply runs out.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.doneAt),
        sql`${outbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        sql`(${outbox.lockedUntil} is null or ${outbox.lockedUntil} < ${now.toISOString()}::timestamptz)`,
        sql`${outbox.attempts} < ${outbox.maxAttempts}`,
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: lease, attempts: sql`${outbox.attempts} + 1` })
    .where(sql`${outbox.id} in (${due})`)
    .returning();
}

/** Marks a row delivered; a delivered message keeps who and when, not its text (codes, links). */
export async function markDone(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({
      doneAt: now,
      lockedUntil: null,
      lastError: null,
      payload: sql`case when ${outbox.kind} = 'message' then jsonb_build_object('delivered', true, 'channel', ${outbox.target}) else ${outbox.payload} end`,
    })
    .where(eq(outbox.id, id));
}

export async function markFailed(
  db: Executor,
  id: string,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt, lockedUntil: null })
    .where(eq(outbox.id, id));
}

export async function findOutbox(
  db: Executor,
  filter: "pending" | "failed" | "done" | "all",
  limit: number,
): Promise<OutboxRow[]> {
  const where =
    filter === "pending"
      ? and(isNull(outbox.doneAt), sql`${outbox.attempts} < ${outbox.maxAttempts}`)
      : filter === "failed"
        ? and(isNull(outbox.doneAt), sql`${outbox.attempts} >= ${outbox.maxAttempts}`)
        : filter === "done"
          ? isNotNull(outbox.doneAt)
          : undefined;
  return db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt)).limit(limit);
}

/** Makes a row due again now with a fresh set of attempts (the operator's retry). */
export async function resetOutbox(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(outbox.id, id), isNull(outbox.doneAt)))
    .returning({ id: outbox.id });
  return rows.length === 1;
}

export async function deleteOutbox(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(outbox).where(eq(outbox.id, id)).returning({ id: outbox.id });
  return rows.length === 1;
}

/** Rows not yet delivered: due, waiting for a retry, or given up. */
export async function countUndelivered(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(isNull(outbox.doneAt));
  return row?.n ?? 0;
}

/** Stops retrying a row (it stays for the operator's list, retry or drop). */
export async function markGivenUp(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 500), attempts: sql`${outbox.maxAttempts}`, lockedUntil: null })
    .where(eq(outbox.id, id));
}
