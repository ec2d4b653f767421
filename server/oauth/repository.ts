import "server-only";
import { and, eq } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import type { OauthAccountRow } from "@/server/db/tables/oauth-accounts";
import { oauthAccounts } from "@/server/db/tables/oauth-accounts";

export async function findOauthAccount(
  db: Executor,
  provider: string,
  subject: string,
): Promise<OauthAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return row;
}

/** Links an identity to an account; a concurrent link of the same identity is a no-op. */
export async function linkOauthAccount(
  db: Executor,
  values: { userId: string; provider: string; subject: string; email: string | null },
): Promise<void> {
  await db
    .insert(oauthAccounts)
    .values({ id: newId(), ...values })
    .onConflictDoNothing();
}

/** The Google/Facebook identities linked to a person (the data export). */
export async function findOauthAccountsOf(db: Executor, userId: string): Promise<OauthAccountRow[]> {
  return db
    .select()
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(oauthAccounts.createdAt);
}

/** Removes one provider's identity from an account; whether there was one. */
export async function unlinkOauthAccount(db: Executor, userId: string, provider: string): Promise<boolean> {
  const removed = await db
    .delete(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
    .returning({ id: oauthAccounts.id });
  return removed.length > 0;
}
