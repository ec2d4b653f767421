import "server-only";
import type { Env } from "@/lib/env";
import type { Translate } from "@/lib/i18n";
import type { Locale } from "@/lib/locales";
import type { Logger } from "@/lib/logger";
import type { SessionRow } from "@/server/db/tables/sessions";
import type { UserRow } from "@/server/db/tables/users";
import type { Db } from "./db/client";

/**
 * Where the session's token came from: the portal's sealed cookie, a product's `authorization`
 * header, the body's `token` (sibling products), or no request at all (the outbox worker acting
 * for the session that asked). Only the cookie can be the portal's own browser session.
 */
export type TokenSource = "cookie" | "header" | "body" | "worker";

/** Everything a service may use; it never sees the Request, cookies or HTTP status. */
export type Ctx = {
  db: Db;
  env: Env;
  clock: () => Date;
  lang: Locale;
  t: Translate;
  log: Logger;
  ip: string;
  userAgent: string;
  /** The portal's public origin (links in emails, OAuth redirect addresses). */
  origin: string;
  /** The request's cookies: only for what is bound to the browser (OAuth binding, referral cookies). */
  cookies: Readonly<Record<string, string>>;
  /** The signed-in person, when the call carried a live session token. */
  auth: { session: SessionRow; user: UserRow; token: string; via: TokenSource } | null;
  /** The product a server-to-server call authenticated as (auth mode 'product'). */
  product?: { appCode: string; idempotencyKey?: string };
};

/**
 * What reading one person's own data needs: no request and no session, only who. Every `Ctx` is
 * one; the operator tool makes one for the person a support request names (server/export).
 */
export type PersonCtx = Pick<Ctx, "db" | "env" | "clock" | "lang" | "t" | "origin"> & {
  auth: { user: UserRow } | null;
};

export function requireAuth(ctx: Ctx): NonNullable<Ctx["auth"]> {
  if (!ctx.auth) throw new Error("requireAuth on a call whose auth mode is not 'session'");
  return ctx.auth;
}
