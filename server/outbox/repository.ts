import "server-only";
import { and, desc, eq, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { within } from "@/server/db/filters";
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
    .set({ lockedUntil: lease, attempts: sql`${outbox.attempts} + 1`, lastAttemptAt: now })
    .where(sql`${outbox.id} in (${due})`)
    .returning();
}

/** What a delivered message keeps: who and when, not its text (codes, links). */
const deliveredPayload = sql`case when ${outbox.kind} = 'message' then jsonb_build_object('delivered', true, 'channel', ${outbox.target}) else ${outbox.payload} end`;

/**
 * Marks a row delivered. A vendor's answer is kept: its message id and "accepted" — unless a
 * delivery report got here first (eSMS may report before the send's own answer is written).
 * A product event keeps its webhook's HTTP status.
 */
export async function markDone(
  db: Executor,
  id: string,
  now: Date,
  receipt: { vendorMessageId?: string; detail?: string; status?: number } = {},
): Promise<void> {
  await db
    .update(outbox)
    .set({
      doneAt: now,
      lockedUntil: null,
      lastError: null,
      lastStatus: receipt.status ?? null,
      payload: deliveredPayload,
      vendorMessageId: sql`coalesce(${receipt.vendorMessageId ?? null}::text, ${outbox.vendorMessageId})`,
      deliveryStatus: sql`case when ${outbox.vendor} is null then null else coalesce(${outbox.deliveryStatus}, 'accepted') end`,
      deliveryDetail: sql`coalesce(${outbox.deliveryDetail}, ${receipt.detail ?? null}::text)`,
    })
    .where(eq(outbox.id, id));
}

/** A ZNS given up in favour of an SMS (its own row): done here, with Zalo's reason kept. */
export async function markRerouted(db: Executor, id: string, error: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({
      doneAt: now,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      payload: deliveredPayload,
      deliveryStatus: "rerouted_sms",
    })
    .where(eq(outbox.id, id));
}

/**
 * A vendor's delivery report on the row it names: by the row id (the RequestId the portal sent),
 * else by the vendor's message id. A late "pending" never hides a final status. False when no row
 * of that vendor matches.
 */
export async function applyDeliveryReport(
  db: Executor,
  report: {
    vendor: string;
    id?: string;
    vendorMessageId?: string;
    status: string;
    detail: string;
    at: Date;
  },
): Promise<boolean> {
  const byId = report.id ? eq(outbox.id, report.id) : undefined;
  const byVendorId = report.vendorMessageId ? eq(outbox.vendorMessageId, report.vendorMessageId) : undefined;
  const which = byId && byVendorId ? or(byId, byVendorId) : (byId ?? byVendorId);
  if (!which) return false;
  const rows = await db
    .update(outbox)
    .set({
      deliveryStatus: sql`case when ${report.status}::text = 'pending' and ${outbox.deliveryStatus} in ('delivered', 'failed', 'refused') then ${outbox.deliveryStatus} else ${report.status}::text end`,
      deliveryDetail: report.detail.slice(0, 500),
      deliveryReportedAt: report.at,
      vendorMessageId: sql`coalesce(${outbox.vendorMessageId}, ${report.vendorMessageId ?? null}::text)`,
    })
    .where(and(eq(outbox.vendor, report.vendor), which))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** A failed try to retry at `nextAttemptAt`; `status` is a webhook's HTTP answer (null: none came). */
export async function markFailed(
  db: Executor,
  id: string,
  error: string,
  nextAttemptAt: Date,
  status: number | null = null,
): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt, lockedUntil: null, lastStatus: status })
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

/** When the oldest row still to send (not delivered, not given up) was queued; null when none. */
export async function findOldestWaiting(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${outbox.createdAt})` })
    .from(outbox)
    .where(and(isNull(outbox.doneAt), sql`${outbox.attempts} < ${outbox.maxAttempts}`));
  return row?.at ? new Date(row.at) : null;
}

/** Stops retrying a row (it stays for the operator's list, retry or drop). */
export async function markGivenUp(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 500), attempts: sql`${outbox.maxAttempts}`, lockedUntil: null })
    .where(eq(outbox.id, id));
}

/** The operator console's states of a row: still to send, given up, or delivered. */
export type OutboxStatus = "waiting" | "failed" | "sent";

const OUTBOX_STATES: Record<OutboxStatus, SQL | undefined> = {
  waiting: and(isNull(outbox.doneAt), sql`${outbox.attempts} < ${outbox.maxAttempts}`),
  failed: and(isNull(outbox.doneAt), sql`${outbox.attempts} >= ${outbox.maxAttempts}`),
  sent: isNotNull(outbox.doneAt),
};

/**
 * A page of the queue for the operator console, newest first. `channel` is a message's channel
 * (EMAIL, SMS, ZNS) or WEBHOOK for product events; `app` is an event's product.
 */
export async function findOutboxPage(
  db: Executor,
  query: {
    status?: OutboxStatus;
    channel?: string;
    app?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
  },
): Promise<{ items: OutboxRow[]; total: number }> {
  const where = and(
    query.status ? OUTBOX_STATES[query.status] : undefined,
    query.channel === "WEBHOOK" ? eq(outbox.kind, "event") : undefined,
    query.channel && query.channel !== "WEBHOOK"
      ? and(ne(outbox.kind, "event"), eq(outbox.target, query.channel))
      : undefined,
    query.app ? and(eq(outbox.kind, "event"), eq(outbox.target, query.app)) : undefined,
    ...within(outbox.createdAt, query),
  );
  return outboxPage(db, where, query);
}

/** One page of the rows `where` picks, newest first, with their (capped) count. */
async function outboxPage(
  db: Executor,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ items: OutboxRow[]; total: number }> {
  const items = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items, total: await cappedCount(db, outbox, where) };
}

/** One row by id, locked until the caller's transaction ends (an operator's retry or drop). */
export async function findOutboxForUpdate(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1).for("update");
  return row;
}

// A product's own events (/2.0/product/events/*): only rows of kind "event" whose target is that
// product's app code are ever read or changed here.

/** The event's type, kept in its payload (`{ app, event: { type, … } }`). */
const eventType = sql<string>`${outbox.payload}->'event'->>'type'`;

/** A page of one product's events, newest first, by type, state and creation time. */
export async function findAppEventsPage(
  db: Executor,
  query: {
    app: string;
    type?: string;
    status?: OutboxStatus;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
  },
): Promise<{ items: OutboxRow[]; total: number }> {
  const where = and(
    eq(outbox.kind, "event"),
    eq(outbox.target, query.app),
    query.type ? sql`${eventType} = ${query.type}` : undefined,
    query.status ? OUTBOX_STATES[query.status] : undefined,
    ...within(outbox.createdAt, query),
  );
  return outboxPage(db, where, query);
}

/**
 * Makes one of `app`'s events due now with a fresh set of attempts, delivered or not (its payload
 * is kept on delivery). A worker's claim in flight stays: that send's outcome lands first, and a
 * failed one is retried as usual. Undefined when `app` has no event `id`.
 */
export async function requeueAppEvent(
  db: Executor,
  options: { app: string; id: string; now: Date },
): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ doneAt: null, attempts: 0, nextAttemptAt: options.now })
    .where(and(eq(outbox.id, options.id), eq(outbox.kind, "event"), eq(outbox.target, options.app)))
    .returning();
  return row;
}
