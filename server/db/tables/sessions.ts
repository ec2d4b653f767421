import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A live sign-in: the browser's own, or one handed to a sibling product for its app_code. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    appCode: text("app_code").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The trusted-device record this browser signed in with (skips the second factor), if any. */
    trustedDeviceId: text("trusted_device_id"),
    /**
     * The browser session that handed this product token out (sign-in hand-off, dashboard card,
     * a framed adoption): signing that session out ends this one too (single sign-out).
     */
    parentSessionId: text("parent_session_id"),
    /**
     * How this browser session's sign-in met the second factor: totp, sms, backup (a code just
     * proved), passkey (a key with user verification), trusted_device (a browser trusted earlier);
     * null when none was asked or the session was adopted from a product's token. The operator
     * console (auth mode "admin") accepts only a second factor proved at this sign-in.
     */
    secondFactor: text("second_factor"),
    /**
     * How the person proved who they are at the sign-in that made this session (issue 38: the OpenID
     * Connect ID token's amr and acr): password, passkey, google, facebook, or code (a verification
     * code finished it: a sign-up, an unverified account). A product token handed out from a browser
     * session, and a session adopted from one, take that session's; null when not known (a session
     * made before this column).
     */
    signInMethod: text("sign_in_method"),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId, t.createdAt),
    index("sessions_parent_idx").on(t.parentSessionId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
