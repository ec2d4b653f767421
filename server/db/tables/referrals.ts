import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Who brought whom: written at sign-up from the referral cookies, listed at /referral. */
export const referrals = pgTable(
  "referrals",
  {
    id: text("id").primaryKey(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredId: text("referred_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Months granted when the referred account verified its email; null until then. */
    verifyReward: integer("verify_reward"),
    /** Months granted when the referred account first paid; null until then. */
    purchasedReward: integer("purchased_reward"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referrals_referred_key").on(t.referredId),
    index("referrals_referrer_idx").on(
      t.referrerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type ReferralRow = typeof referrals.$inferSelect;
