import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * DESIGN §12: durable work (product events, email/SMS/ZNS deliveries) written in the same
 * transaction as the change that causes it, sent by a worker that claims due rows with
 * FOR UPDATE SKIP LOCKED and backs off exponentially.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    /** event | message | data_export */
    kind: text("kind").notNull(),
    /** The app code of an event, the channel of a message. */
    target: text("target").notNull(),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(12),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: nobody else sends the row before this instant. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.doneAt} is null`),
    index("outbox_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
