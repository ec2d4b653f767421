import "server-only";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { Provider } from "./providers";
import { findOauthAccount, findOauthAccountsOf, linkOauthAccount } from "./repository";

/** The account a provider's identity is linked to, or undefined. */
export async function findLinkedUserId(
  ctx: Pick<Ctx, "db">,
  provider: Provider,
  subject: string,
): Promise<string | undefined> {
  return (await findOauthAccount(ctx.db, provider, subject))?.userId;
}

/** Links a provider's identity to an account; linking it again (a race) changes nothing. */
export function linkIdentity(
  ctx: Pick<Ctx, "db">,
  identity: { userId: string; provider: Provider; subject: string; email: string | null },
): Promise<void> {
  return linkOauthAccount(ctx.db, identity);
}

/** The Google/Facebook identities linked to a person (the data export). */
export function linkedIdentitiesForExport(db: Executor, userId: string) {
  return findOauthAccountsOf(db, userId);
}
