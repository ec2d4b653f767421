import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sessions } from "./sessions";
import { users } from "./users";

/** A WebAuthn credential (passkey) a person registered; the private key never leaves their authenticator. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id as the browser gives it (base64url). */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen; one that does not grow (when either is non-zero) is a clone. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** "singleDevice" or "multiDevice" (backup eligible). */
    deviceType: text("device_type").notNull(),
    isBackupEligible: boolean("is_backup_eligible").notNull(),
    isBackedUp: boolean("is_backed_up").notNull(),
    /** The authenticator model's AAGUID (all zeros when it does not say). */
    aaguid: text("aaguid").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_key").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId),
  ],
);

/**
 * A WebAuthn challenge handed out with registration or sign-in options: used once, within five
 * minutes. Registration challenges belong to the person asking; sign-in ones to nobody yet.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("passkey_challenges_challenge_key").on(t.challenge),
    index("passkey_challenges_expires_idx").on(t.expiresAt),
  ],
);

/**
 * When the person last proved who they are inside a browser session (the password again): what
 * sensitive changes such as adding a passkey ask for, besides the sign-in itself being recent.
 */
export const sessionReauths = pgTable("session_reauths", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
