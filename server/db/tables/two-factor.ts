import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Single-use backup codes for two-factor sign-in, stored hashed; shown once when TOTP is enabled. */
export const backupCodes = pgTable(
  "backup_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("backup_codes_user_idx").on(t.userId)],
);

/** A browser that skips the second factor for 30 days; its cookie holds the token, we keep the hash. */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId), index("trusted_devices_token_idx").on(t.tokenHash)],
);

export type TrustedDeviceRow = typeof trustedDevices.$inferSelect;
