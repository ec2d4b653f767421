import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * DESIGN §13: one row per operator action, from the console or `npm run admin`. Append-only: the
 * portal only inserts and reads it (a trigger refuses UPDATE and DELETE), and no foreign key ties
 * it to `users`, so erasing an account keeps its rows and their target id. The one change the
 * trigger lets through (migration 0016) is that erasure's: the personal values of the rows about
 * the erased person (server/admin/audit.ts eraseAuditSubject).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The operator's account; null for the command line. */
    operatorId: text("operator_id"),
    /** Who acted as it read then: the operator's email, or the command line's `--by` / `cli:<user>`. */
    operator: text("operator").notNull(),
    ip: text("ip"),
    /** What was done, e.g. `person.lock` (server/admin/schema.ts AUDIT_ACTIONS). */
    action: text("action").notNull(),
    /** `person`, `outbox`, …, and the id of the row acted on (null when the action has no one target). */
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /**
     * The changed fields only, before and after; never a secret or a hash, and the person's own
     * free text (bank details, name) only as "set" / "changed" (PERSONAL_TEXT_FIELDS).
     */
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    note: text("note"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_target_idx").on(t.targetId, t.at.desc()),
    index("audit_log_operator_idx").on(t.operator, t.at.desc()),
    index("audit_log_action_idx").on(t.action, t.at.desc()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
