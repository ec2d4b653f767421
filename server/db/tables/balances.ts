import { index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * SPEC §3/§4 credit log: every change of partner credit, API credit or money, signed (+ adds,
 * − spends), written in the same transaction as the balance (DESIGN §3).
 */
export const creditLogs = pgTable(
  "credit_logs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ADMIN_ADD, USER_BUY_ORDER, APP_DEPOSIT, APP_PURCHASED, APP_RENEW_CREDIT, MONEY_ADD, MONEY_PURCHASED. */
    type: text("type").notNull(),
    /** Which balance moved: credit (partner), credit_app (API) or money (VND). */
    balance: text("balance").notNull(),
    amount: numeric("amount", { precision: 16, scale: 2 }).notNull(),
    referenceNo: text("reference_no").notNull(),
    /** Free text as written (an operator's `--note`); shown as it is, in every language. */
    note: text("note"),
    /**
     * What the system wrote, as a catalog key under `logReasons` with its parameters (translated
     * when read, in the reader's language); null for rows that carry only a note.
     */
    descriptionKey: text("description_key"),
    descriptionParams: jsonb("description_params").$type<Record<string, string | number>>(),
    appCode: text("app_code"),
    /** The customer a partner's USER_BUY_ORDER was for. */
    customerId: text("customer_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_logs_reference_key").on(t.referenceNo),
    index("credit_logs_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("credit_logs_user_type_idx").on(
      t.userId,
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** SPEC §3 point log: every change of a person's points. */
export const pointLogs = pgTable(
  "point_logs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    points: numeric("points", { precision: 14, scale: 2 }).notNull(),
    referenceNo: text("reference_no").notNull(),
    /** Free text as written (an operator's `--note`); shown as it is, in every language. */
    description: text("description"),
    /** What the system wrote, as a catalog key under `logReasons` with its parameters (see credit_logs). */
    descriptionKey: text("description_key"),
    descriptionParams: jsonb("description_params").$type<Record<string, string | number>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("point_logs_reference_key").on(t.referenceNo),
    index("point_logs_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** An affiliate of the programme (SPEC §3 affiliate info); their code is the account's own `code`. */
export const affiliates = pgTable("affiliates", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  level: text("level").notNull().default("1"),
  paymentInfo: text("payment_info"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type CreditLogRow = typeof creditLogs.$inferSelect;
export type PointLogRow = typeof pointLogs.$inferSelect;
