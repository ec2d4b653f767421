import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A short-lived, single-use, purpose-bound token for a step between screens
 * (verify account, 2FA login, reset password, …).
 */
export const flowTokens = pgTable(
  "flow_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose").notNull(),
    /** Empty only for steps that start before anyone is known (the OAuth state). */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** What the next step needs to finish the original request (query of the sign-in, …). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("flow_tokens_token_hash_key").on(t.tokenHash),
    index("flow_tokens_user_idx").on(t.userId),
  ],
);

/** A 6-digit code sent over EMAIL, SMS or ZNS for a flow token; stored hashed. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: text("id").primaryKey(),
    flowTokenId: text("flow_token_id")
      .notNull()
      .references(() => flowTokens.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    destination: text("destination").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("one_time_codes_flow_idx").on(t.flowTokenId, t.sentAt)],
);

export type FlowTokenRow = typeof flowTokens.$inferSelect;
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
