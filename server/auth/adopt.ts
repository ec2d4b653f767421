import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { recordSecurityEvent } from "@/server/security/service";
import { type IssuedSession, issuedSession } from "@/server/session/issued";
import { createSession, getLiveSession, resolveToken } from "@/server/session/service";
import { toUserInfo } from "@/server/user/service";
import { createFlow, finishFlow, getFlow } from "@/server/verification/service";
import { allowedHosts, warnIfCallbackDropped } from "./hand-off";
import type { AdoptedDto, AdoptPendingDto, adoptPendingSchema, adoptTokenSchema } from "./schema";
import { allowedCallback } from "./signin-result";

/**
 * How the browser reached /iframe, from what it alone can say (Fetch Metadata and Referer are
 * set by the browser; a page of another site cannot forge them in a person's browser):
 * - `same-origin`: one of the portal's own pages sent it there;
 * - `framed-by-product`: a frame (`Sec-Fetch-Dest: iframe`) whose parent page is on the allow-list;
 * - `unverified`: anything else: a top-level navigation from another site, a typed or pasted
 *   address, a link from a mail app, a browser that sends no Fetch Metadata.
 */
export type AdoptionEntry = "same-origin" | "framed-by-product" | "unverified";

export function adoptionEntry(
  input: { fetch_site?: string; frame?: boolean; referer?: string },
  hosts: readonly string[],
): AdoptionEntry {
  if (input.fetch_site === "same-origin") return "same-origin";
  if (input.frame && input.referer && allowedCallback(input.referer, hosts)) return "framed-by-product";
  return "unverified";
}

/**
 * Issue 18: a navigation from another site must never change who is signed in without a click
 * on a portal page that names the account. A token is adopted at once only when that cannot
 * happen: it is the person already signed in here, or nobody is signed in and the portal's own
 * page or an allow-listed product's frame sent the browser. Everything else asks first.
 */
export function decideAdoption(options: {
  currentUserId: string | null;
  tokenUserId: string;
  entry: AdoptionEntry;
}): "adopt" | "confirm" {
  if (options.currentUserId === options.tokenUserId) return "adopt";
  if (options.currentUserId === null && options.entry !== "unverified") return "adopt";
  return "confirm";
}

/** What the confirmation step keeps between /iframe and the person's click. */
type PendingAdoption = { sessionId: string; callbackUrl?: string; appCode?: string; frame: boolean };

const CONFIRM_TTL_SECONDS = 10 * 60;

/** A token adopted as this browser's session: the session to set and where the person goes. */
export type Adopted = { session: IssuedSession; next: AdoptedDto };

function adopted(user: UserRow, token: string, options: { callbackUrl?: string; frame: boolean }): Adopted {
  const home = user.phone ? "/account/profile" : "/complete-reg";
  return {
    session: issuedSession(token, user, options.frame),
    next: { user: toUserInfo(user), redirect_url: options.callbackUrl ?? home },
  };
}

/**
 * /iframe (SPEC §2): checks a product token and either keeps it as this browser's session and
 * continues to the allow-listed callback (or into the portal), or, when that could sign a person
 * in as someone else, answers `confirm_url`: the page that asks "Continue as … / Stay as …".
 */
export async function adoptToken(
  ctx: Ctx,
  input: z.output<typeof adoptTokenSchema>,
): Promise<({ kind: "adopted" } & Adopted) | { kind: "confirm"; confirmUrl: string }> {
  const found = await resolveToken(ctx.db, input.token, ctx.clock());
  // Not UNAUTHORIZED: that answer clears the cookie, and a stranger's link must not sign anyone out.
  if (found?.user.status !== "ACTIVE") throw new AppError("PERSON_TOKEN_INVALID");
  const { user, session } = found;
  const hosts = allowedHosts(ctx);
  const decision = decideAdoption({
    currentUserId: ctx.auth?.user.id ?? null,
    tokenUserId: user.id,
    entry: adoptionEntry(input, hosts),
  });
  const callback = allowedCallback(input.callback_url, hosts);
  warnIfCallbackDropped(ctx, input.callback_url, Boolean(callback));
  if (decision === "confirm") {
    const pending: PendingAdoption = {
      sessionId: session.id,
      callbackUrl: callback?.toString(),
      appCode: input.app_code,
      frame: Boolean(input.frame),
    };
    const { token } = await createFlow(ctx, {
      purpose: "adopt_token",
      user,
      data: pending,
      ttlSeconds: CONFIRM_TTL_SECONDS,
    });
    return { kind: "confirm", confirmUrl: `/switch-account?token=${encodeURIComponent(token)}` };
  }
  return {
    kind: "adopted",
    ...adopted(user, input.token, { callbackUrl: callback?.toString(), frame: Boolean(input.frame) }),
  };
}

/** An email as the confirmation names it: enough for its owner to know it, little for others. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return `${email.slice(0, 1)}…`;
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}…${email.slice(at)}`;
}

async function pendingOf(ctx: Ctx, token: string) {
  const flow = await getFlow(ctx, token, "adopt_token");
  const pending = flow.data as PendingAdoption;
  const owner = await getLiveSession(ctx.db, pending.sessionId, ctx.clock());
  // The product token ended meanwhile (sign-out), or it is no longer this person's.
  if (owner?.user.id !== flow.userId || owner.user.status !== "ACTIVE")
    throw new AppError("FLOW_TOKEN_INVALID");
  return { flow, pending, user: owner.user, session: owner.session };
}

/** /auth/adopt-pending: who the confirmation would sign in, and who is signed in now. */
export async function getPendingAdoption(
  ctx: Ctx,
  input: z.output<typeof adoptPendingSchema>,
): Promise<AdoptPendingDto> {
  const { user, pending } = await pendingOf(ctx, input.token);
  const current = ctx.auth?.user;
  return {
    next: { email: maskEmail(user.email), fullname: user.fullname },
    current: current ? { email: maskEmail(current.email), fullname: current.fullname } : null,
    same_person: current?.id === user.id,
    app_code: pending.appCode ?? null,
  };
}

/**
 * /auth/adopt-confirm: the person clicked "Continue as …" on the portal's own page (a
 * same-origin POST): a browser session of their own for the product token's person, handed out
 * from that token (its sign-out ends this one), then on to the callback or into the portal.
 */
export async function confirmAdoption(
  ctx: Ctx,
  input: z.output<typeof adoptPendingSchema>,
): Promise<Adopted> {
  const { flow, pending, user, session } = await pendingOf(ctx, input.token);
  await finishFlow(ctx, flow);
  const portal = await createSession(ctx, {
    user,
    appCode: session.appCode,
    parentSessionId: session.id,
    signInMethod: session.signInMethod,
  });
  await recordSecurityEvent(ctx, user.id, "signin", {
    source: "iframe",
    app_code: session.appCode,
    confirmed: true,
  });
  return adopted(user, portal.token, { callbackUrl: pending.callbackUrl, frame: pending.frame });
}
