import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The Zalo Official Account's token pair (server/notify/zalo-token.ts). Zalo's access token lives
 * about 25 hours and its refresh token is single-use: each refresh answers a new pair and spends
 * the old refresh token. Every instance reads the pair here and refreshes it under this row's lock
 * (SELECT … FOR UPDATE), so two instances never spend one refresh token. Both tokens are
 * AES-256-GCM with DATA_ENCRYPTION_KEY (lib/crypto.ts), like the TOTP secrets.
 */
export const zaloOaTokens = pgTable("zalo_oa_tokens", {
  /** ZALO_APP_ID: one row per Zalo app (the app is linked to one OA). */
  appId: text("app_id").primaryKey(),
  /** Hex SHA-256 of the ZALO_OA_REFRESH_TOKEN this pair descends from: a new one is the operator's re-authorisation. */
  seedHash: text("seed_hash").notNull(),
  /** Encrypted; null until the first refresh. */
  accessToken: text("access_token"),
  accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }),
  /** Encrypted; the next refresh spends it. */
  refreshToken: text("refresh_token").notNull(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  /** Zalo refused the refresh token (the OA was revoked or the token spent): an operator must re-authorise. */
  refusedAt: timestamp("refused_at", { withTimezone: true }),
  /** Zalo's error for that refusal (never a token). */
  refusedReason: text("refused_reason"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ZaloOaTokenRow = typeof zaloOaTokens.$inferSelect;
