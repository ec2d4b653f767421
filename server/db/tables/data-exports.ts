import { sql } from "drizzle-orm";
import { customType, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** PostgreSQL bytea as bytes (node-postgres gives a Buffer, PGlite a Uint8Array: both are bytes). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Profile → Your data, the background path: a large export is built by the outbox worker and
 * kept here until its emailed link is used once or 24 hours pass (then the sweep deletes the row).
 * Only the link token's SHA-256 is stored, never the token.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The page's language when it was asked for: the summary and the email speak it. */
    lang: text("lang").notNull(),
    /** Hex SHA-256 of the emailed token; null until the file is ready. */
    tokenHash: text("token_hash"),
    fileName: text("file_name"),
    /** The zip; null until ready. */
    bytes: bytea("bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    /** While preparing: when an unfinished request is given up; once ready: 24 h after the email. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("data_exports_token_idx").on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    index("data_exports_user_idx").on(t.userId, t.createdAt),
    index("data_exports_expires_idx").on(t.expiresAt),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
