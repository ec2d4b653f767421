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
    /** When a worker last claimed the row to send it (a product's events list shows it). */
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** A product event's last HTTP answer from the webhook; null when it gave none (refused, timed out). */
    lastStatus: integer("last_status"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // A message handed to a vendor (eSMS, Zalo ZNS): its row exists from the first try, so the
    // vendor's request id is the row id and a delivery report finds the row (server/notify/deliver.ts).
    /** esms | zalo; null for the other adapters. */
    vendor: text("vendor"),
    /** The vendor's id of the accepted message (eSMS SMSID, Zalo msg_id). */
    vendorMessageId: text("vendor_message_id"),
    /** accepted (the vendor took it) | delivered | failed | pending (a report said so) | rerouted_sms (ZNS gave way to SMS). */
    deliveryStatus: text("delivery_status"),
    /** The vendor's own words for that status (codes and counts, never the message). */
    deliveryDetail: text("delivery_detail"),
    deliveryReportedAt: timestamp("delivery_reported_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.doneAt} is null`),
    index("outbox_created_idx").on(t.createdAt.desc().nullsFirst()),
    // A product's own events, newest first (/2.0/product/events/list).
    index("outbox_event_app_idx").on(t.target, t.createdAt.desc()).where(sql`${t.kind} = 'event'`),
    // A report without its RequestId is matched by the vendor's message id.
    index("outbox_vendor_message_idx")
      .on(t.vendor, t.vendorMessageId)
      .where(sql`${t.vendorMessageId} is not null`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
