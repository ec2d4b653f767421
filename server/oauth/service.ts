import "server-only";
import { AppError } from "@/lib/errors";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { requireRecentReauth } from "@/server/passkey/reauth";
import { passkeysForExport } from "@/server/passkey/service";
import { recordSecurityEvent } from "@/server/security/service";
import { configuredProviders, type Provider } from "./providers";
import { findOauthAccount, findOauthAccountsOf, linkOauthAccount, unlinkOauthAccount } from "./repository";
import type { SignInMethodsDto } from "./schema";

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

/**
 * The ways the signed-in person can sign in: a password, passkeys, and each provider the portal
 * offers (linked or not) or that is still linked though no longer offered.
 */
export async function listSignInMethods(ctx: Ctx): Promise<SignInMethodsDto> {
  const { user } = requireAuth(ctx);
  const [linked, passkeys] = await Promise.all([
    findOauthAccountsOf(ctx.db, user.id),
    passkeysForExport(ctx.db, user.id),
  ]);
  const offered = configuredProviders(ctx.env);
  const shown = [
    ...offered,
    ...linked.map((row) => row.provider as Provider).filter((p) => !offered.includes(p)),
  ];
  return {
    has_password: Boolean(user.passwordHash),
    passkeys: passkeys.length,
    providers: [...new Set(shown)].map((provider) => {
      const row = linked.find((r) => r.provider === provider);
      return {
        provider,
        linked: Boolean(row),
        email: row?.email ?? null,
        linked_at: row?.createdAt.toISOString() ?? null,
      };
    }),
  };
}

/** Unlinks a provider from the signed-in person, unless it is the last way they can sign in. */
export async function unlinkProvider(ctx: Ctx, provider: Provider): Promise<void> {
  const { user } = requireAuth(ctx);
  const methods = await listSignInMethods(ctx);
  const target = methods.providers.find((p) => p.provider === provider);
  if (!target?.linked) throw new AppError("SOCIAL_NOT_LINKED");
  const others =
    (methods.has_password ? 1 : 0) +
    methods.passkeys +
    methods.providers.filter((p) => p.linked && p.provider !== provider).length;
  if (others === 0) throw new AppError("SOCIAL_LAST_METHOD");
  // Taking a way in away is asked for again, as adding a passkey is: a borrowed session cannot
  // cut the owner off from the provider they sign in with (refusals above need no proof).
  await requireRecentReauth(ctx);
  if (!(await unlinkOauthAccount(ctx.db, user.id, provider))) throw new AppError("SOCIAL_NOT_LINKED");
  await recordSecurityEvent(ctx, user.id, "social_unlinked", { provider });
}
