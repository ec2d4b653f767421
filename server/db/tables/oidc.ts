import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the OpenID Connect provider (oidc-provider) keeps: sessions, interactions, grants, codes
 * and tokens, one row per model and id with the library's payload as it gave it.
 */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    uid: text("uid"),
    userCode: text("user_code"),
    /**
     * The portal session the grant was given in (copied onto its codes and tokens): revoking
     * that session ends them, and a row whose session is no longer live is never found.
     */
    sessionId: text("session_id"),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_user_code_idx").on(t.userCode),
    index("oidc_payloads_session_idx").on(t.sessionId),
    index("oidc_payloads_expires_idx").on(t.expiresAt),
  ],
);
