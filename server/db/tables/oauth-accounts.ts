import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A Google or Facebook identity linked to an account: one person, many providers. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's stable id for the person (`sub` / Facebook `id`). */
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("oauth_accounts_provider_subject_key").on(t.provider, t.subject),
    index("oauth_accounts_user_idx").on(t.userId),
  ],
);

export type OauthAccountRow = typeof oauthAccounts.$inferSelect;
