import "server-only";
import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { maskEmail } from "@/lib/mask";
import { verifyPassword } from "@/lib/password";
import { consume } from "@/lib/rate-limit";
import { type Ctx, requireAuth } from "@/server/context";
import { recordSecurityEvent } from "@/server/security/service";
import { isPortalBrowserSession } from "@/server/session/service";
import { getCurrentUser } from "@/server/user/service";
import { checkCode, createFlow, finishFlow, getFlow, sendCode } from "@/server/verification/service";
import { acceptAssertion, spendAnsweredChallenge, storeChallenge } from "./assertion";
import { findPasskeysOf, findReauthAt, upsertReauth } from "./repository";
import {
  CHALLENGE_TTL_SECONDS,
  type passkeyReauthSchema,
  REAUTH_MAX_AGE_SECONDS,
  type ReauthMethodsDto,
  type reauthCodeSchema,
  type reauthenticateSchema,
} from "./schema";
import { relyingParty } from "./webauthn";

// Re-authentication: a signed-in person proves themselves again before a sensitive change (adding
// a passkey, deleting the account, an operator's destructive action). With their password, one of
// their passkeys, or — for an account that has no password (a social sign-up) — a code sent to
// their email. Each proof is remembered for this browser session for 10 minutes.
//
// Only the portal's own browser session takes part (issue 37): a product's token, an OIDC access
// token or an API key in a header, a token in the body, or a session adopted from a product's token
// (/iframe) is refused with REAUTH_PORTAL_SESSION_REQUIRED before any proof is looked at, so a
// token is never a password oracle and never unlocks what the step guards.

/** REAUTH_PORTAL_SESSION_REQUIRED unless the call comes from the portal's own browser session. */
function requirePortalSession(ctx: Ctx): void {
  if (!isPortalBrowserSession(requireAuth(ctx))) throw new AppError("REAUTH_PORTAL_SESSION_REQUIRED");
}

/**
 * Whether this browser session proved the person within the last 10 minutes (or `maxAgeSeconds`:
 * the operator console allows 15). Only an explicit re-authentication counts, not the session's
 * own start, and only in the portal's own browser session: never a product's token or a session
 * adopted from one (/iframe), which never saw the password.
 */
export async function isReauthRecent(ctx: Ctx, maxAgeSeconds = REAUTH_MAX_AGE_SECONDS): Promise<boolean> {
  const auth = requireAuth(ctx);
  if (!isPortalBrowserSession(auth)) return false;
  const at = await findReauthAt(ctx.db, auth.session.id);
  return Boolean(at && ctx.clock().getTime() - at.getTime() <= maxAgeSeconds * 1000);
}

/**
 * REAUTH_PORTAL_SESSION_REQUIRED from anything but the portal's own browser session, else
 * REAUTH_REQUIRED unless it re-authenticated within 10 minutes (or `maxAgeSeconds`).
 */
export async function requireRecentReauth(ctx: Ctx, maxAgeSeconds = REAUTH_MAX_AGE_SECONDS): Promise<void> {
  requirePortalSession(ctx);
  if (!(await isReauthRecent(ctx, maxAgeSeconds))) throw new AppError("REAUTH_REQUIRED");
}

async function markReauthenticated(ctx: Ctx, method: "password" | "passkey" | "email_code") {
  const { session, user } = requireAuth(ctx);
  const now = ctx.clock();
  await upsertReauth(ctx.db, { sessionId: session.id, userId: user.id, at: now });
  await recordSecurityEvent(ctx, user.id, "reauthenticated", { method });
  return { reauthUntil: new Date(now.getTime() + REAUTH_MAX_AGE_SECONDS * 1000) };
}

/** /user/reauth-methods: which proofs this person can give (the step offers only those). */
export async function reauthMethods(ctx: Ctx): Promise<ReauthMethodsDto> {
  requirePortalSession(ctx);
  const user = await getCurrentUser(ctx);
  const passkeys = await findPasskeysOf(ctx.db, user.id);
  return {
    required: !(await isReauthRecent(ctx)),
    password: Boolean(user.passwordHash),
    passkey: passkeys.length > 0,
    email_code: !user.passwordHash,
    email: maskEmail(user.email),
  };
}

/**
 * /user/reauthenticate: the password once more. Guesses spend the person's own budget, so a
 * stolen session cannot try passwords at will.
 */
export async function reauthenticate(ctx: Ctx, input: z.output<typeof reauthenticateSchema>) {
  requirePortalSession(ctx);
  const user = await getCurrentUser(ctx);
  await consume("reauthUser", user.id);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordSecurityEvent(ctx, user.id, "reauth_failed", { method: "password" });
    throw new AppError("PASSWORD_INCORRECT", { fields: { password: "errors.PASSWORD_INCORRECT" } });
  }
  return markReauthenticated(ctx, "password");
}

/**
 * /passkey/reauth-options: a challenge for this person only, listing their own passkeys, so the
 * browser offers one of them (and no one else's answer can spend it).
 */
export async function passkeyReauthOptions(ctx: Ctx): Promise<PublicKeyCredentialRequestOptionsJSON> {
  requirePortalSession(ctx);
  const user = await getCurrentUser(ctx);
  await consume("reauthUser", user.id);
  const passkeys = await findPasskeysOf(ctx.db, user.id);
  if (passkeys.length === 0) throw new AppError("PASSKEY_NOT_FOUND");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.origin).id,
    userVerification: "required",
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await storeChallenge(ctx, { challenge: options.challenge, purpose: "reauth", userId: user.id });
  return options;
}

/** /passkey/reauthenticate: one of the person's own passkeys answers this person's challenge. */
export async function reauthenticateWithPasskey(ctx: Ctx, input: z.output<typeof passkeyReauthSchema>) {
  requirePortalSession(ctx);
  const user = await getCurrentUser(ctx);
  const challenge = await spendAnsweredChallenge(ctx, {
    clientDataJSON: input.response.response.clientDataJSON,
    purpose: "reauth",
    userId: user.id,
  });
  const passkey = (await findPasskeysOf(ctx.db, user.id)).find((p) => p.credentialId === input.response.id);
  if (!passkey) {
    await recordSecurityEvent(ctx, user.id, "reauth_failed", { method: "passkey", reason: "not_own" });
    throw new AppError("PASSKEY_INVALID");
  }
  await acceptAssertion(ctx, {
    response: input.response,
    challenge,
    passkey,
    user,
    failureEvent: "reauth_failed",
  });
  return markReauthenticated(ctx, "passkey");
}

/**
 * /user/reauth-send-code: a code to the email of an account without a password. Answers the
 * step's token, the code's lifetime and where it went (masked).
 */
export async function sendReauthCode(ctx: Ctx): Promise<{ token: string; expTime: number; to: string }> {
  requirePortalSession(ctx);
  const user = await getCurrentUser(ctx);
  if (user.passwordHash) throw new AppError("REAUTH_USE_PASSWORD");
  await consume("otpResendIp", ctx.ip);
  const { token, flow } = await createFlow(ctx, { purpose: "reauth_email", user, ttlSeconds: 10 * 60 });
  const { expTime } = await sendCode(ctx, { flow, user, channel: "EMAIL" });
  return { token, expTime, to: maskEmail(user.email) };
}

/** /user/reauthenticate-code: the emailed code, for this person's own step only. */
export async function reauthenticateWithCode(ctx: Ctx, input: z.output<typeof reauthCodeSchema>) {
  requirePortalSession(ctx);
  const user = await getCurrentUser(ctx);
  const flow = await getFlow(ctx, input.token, "reauth_email");
  if (flow.userId !== user.id) throw new AppError("FLOW_TOKEN_INVALID");
  await checkCode(ctx, { flow, code: input.code });
  await finishFlow(ctx, flow);
  return markReauthenticated(ctx, "email_code");
}
