import "server-only";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { verifyPassword } from "@/lib/password";
import { consume } from "@/lib/rate-limit";
import { deletionPendingRefusal, isDeletionPending } from "@/server/account-deletion/service";
import { finishSignIn, handoffQuery, type SignInOutcome } from "@/server/auth/finish-signin";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { recordSecurityEvent } from "@/server/security/service";
import { findUserById, getCurrentUser } from "@/server/user/service";
import {
  type ChallengePurpose,
  deletePasskey,
  deleteStaleChallenges,
  findPasskeyByCredentialId,
  findPasskeysOf,
  findReauthAt,
  insertChallenge,
  insertPasskey,
  type PasskeyRow,
  recordPasskeyUse,
  renamePasskey as renamePasskeyRow,
  spendChallenge,
  upsertReauth,
} from "./repository";
import {
  CHALLENGE_TTL_SECONDS,
  MAX_PASSKEYS,
  type PasskeyDto,
  type PasskeyListDto,
  type passkeySignInSchema,
  REAUTH_MAX_AGE_SECONDS,
  type reauthenticateSchema,
  type registerPasskeySchema,
  type renamePasskeySchema,
} from "./schema";
import { challengeOf, kindOf, relyingParty, verifyAssertion, verifyRegistration } from "./webauthn";

const toDto = (row: PasskeyRow): PasskeyDto => ({
  id: row.id,
  name: row.name,
  kind: kindOf(row.aaguid),
  is_synced: row.isBackedUp,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Whether this browser session proved the password within the last 10 minutes. Only an explicit
 * re-authentication counts, not the session's own start: a session adopted from a product's
 * token (/iframe) never saw the password.
 */
export async function isReauthRecent(ctx: Ctx): Promise<boolean> {
  const at = await findReauthAt(ctx.db, requireAuth(ctx).session.id);
  return Boolean(at && ctx.clock().getTime() - at.getTime() <= REAUTH_MAX_AGE_SECONDS * 1000);
}

/** REAUTH_REQUIRED unless this session re-authenticated within 10 minutes (account deletion uses it too). */
export async function requireRecentReauth(ctx: Ctx): Promise<void> {
  if (!(await isReauthRecent(ctx))) throw new AppError("REAUTH_REQUIRED");
}

/**
 * /user/reauthenticate: the password once more, before a sensitive change (adding a passkey).
 * Guesses spend the person's own budget, so a stolen session cannot try passwords at will.
 */
export async function reauthenticate(
  ctx: Ctx,
  input: z.output<typeof reauthenticateSchema>,
): Promise<{ reauthUntil: Date }> {
  const { session } = requireAuth(ctx);
  const user = await getCurrentUser(ctx);
  await consume("reauthUser", user.id);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordSecurityEvent(ctx, user.id, "reauth_failed");
    throw new AppError("PASSWORD_INCORRECT", { fields: { password: "errors.PASSWORD_INCORRECT" } });
  }
  const now = ctx.clock();
  await upsertReauth(ctx.db, { sessionId: session.id, userId: user.id, at: now });
  return { reauthUntil: new Date(now.getTime() + REAUTH_MAX_AGE_SECONDS * 1000) };
}

/** The person's passkeys as the profile lists them, for "download my data" (server/export). */
export async function passkeysForExport(db: Executor, userId: string): Promise<PasskeyDto[]> {
  return (await findPasskeysOf(db, userId)).map(toDto);
}

/** /passkey/list: the person's passkeys, newest first, and whether adding one asks for the password. */
export async function listPasskeys(ctx: Ctx): Promise<PasskeyListDto> {
  const rows = await findPasskeysOf(ctx.db, requireAuth(ctx).user.id);
  return { items: rows.map(toDto), reauth_required: !(await isReauthRecent(ctx)) };
}

/** A fresh challenge, kept five minutes for one answer (expired ones are swept on the way). */
async function storeChallenge(
  ctx: Ctx,
  options: { challenge: string; purpose: ChallengePurpose; userId?: string },
): Promise<void> {
  const now = ctx.clock();
  await deleteStaleChallenges(ctx.db, now);
  await insertChallenge(ctx.db, {
    id: newId(),
    challenge: options.challenge,
    purpose: options.purpose,
    userId: options.userId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
}

/** Spends the challenge a browser answered; PASSKEY_CHALLENGE_INVALID when unknown, used or expired. */
async function spendAnsweredChallenge(
  ctx: Ctx,
  options: { clientDataJSON: string; purpose: ChallengePurpose; userId?: string },
): Promise<string> {
  const challenge = challengeOf(options.clientDataJSON);
  const spent =
    challenge &&
    (await spendChallenge(ctx.db, {
      challenge,
      purpose: options.purpose,
      userId: options.userId,
      now: ctx.clock(),
    }));
  if (!challenge || !spent) throw new AppError("PASSKEY_CHALLENGE_INVALID");
  return challenge;
}

/**
 * /passkey/registration-options: what `startRegistration()` needs. A discoverable credential
 * (so /signin needs no email) with user verification; the person's passkeys are excluded.
 */
export async function registrationOptions(ctx: Ctx): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await requireRecentReauth(ctx);
  const user = await getCurrentUser(ctx);
  const existing = await findPasskeysOf(ctx.db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError("PASSKEY_LIMIT");
  const rp = relyingParty(ctx.origin);
  const options = await generateRegistrationOptions({
    rpName: ctx.t("common.appName"),
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.fullname || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(ctx, { challenge: options.challenge, purpose: "register", userId: user.id });
  return options;
}

/** /passkey/register: verifies the new credential for this person's challenge and keeps it. */
export async function registerPasskey(
  ctx: Ctx,
  input: z.output<typeof registerPasskeySchema>,
): Promise<PasskeyDto> {
  await requireRecentReauth(ctx);
  const user = await getCurrentUser(ctx);
  const challenge = await spendAnsweredChallenge(ctx, {
    clientDataJSON: input.response.response.clientDataJSON,
    purpose: "register",
    userId: user.id,
  });
  const credential = await verifyRegistration({
    response: input.response,
    challenge,
    rp: relyingParty(ctx.origin),
  });
  if ((await findPasskeysOf(ctx.db, user.id)).length >= MAX_PASSKEYS) throw new AppError("PASSKEY_LIMIT");
  const row = await insertPasskey(ctx.db, {
    id: newId(),
    userId: user.id,
    ...credential,
    name: input.name,
    createdAt: ctx.clock(),
  });
  if (!row) throw new AppError("PASSKEY_EXISTS");
  await recordSecurityEvent(ctx, user.id, "passkey_added", { passkey_id: row.id, kind: kindOf(row.aaguid) });
  return toDto(row);
}

/** /passkey/rename */
export async function renamePasskey(ctx: Ctx, input: z.output<typeof renamePasskeySchema>): Promise<void> {
  const userId = requireAuth(ctx).user.id;
  if (!(await renamePasskeyRow(ctx.db, { id: input.id, userId, name: input.name }))) {
    throw new AppError("PASSKEY_NOT_FOUND");
  }
}

/** /passkey/remove: one of the person's own passkeys (anyone else's is not found). */
export async function removePasskey(ctx: Ctx, input: { id: string }): Promise<void> {
  const userId = requireAuth(ctx).user.id;
  const row = await deletePasskey(ctx.db, { id: input.id, userId });
  if (!row) throw new AppError("PASSKEY_NOT_FOUND");
  await recordSecurityEvent(ctx, userId, "passkey_removed", { passkey_id: row.id, name: row.name });
}

/**
 * /passkey/signin-options: a challenge for `startAuthentication()` with no credential list, so
 * the browser offers whichever passkey of ours it holds (the button, or autofill).
 */
export async function signInOptions(ctx: Ctx): Promise<PublicKeyCredentialRequestOptionsJSON> {
  // Each answer writes a row: anyone may ask, but not without bound.
  await consume("passkeyOptionsIp", ctx.ip);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.origin).id,
    userVerification: "required",
    timeout: CHALLENGE_TTL_SECONDS * 1000,
  });
  await storeChallenge(ctx, { challenge: options.challenge, purpose: "signin" });
  return options;
}

/**
 * /passkey/signin: a strong sign-in. The device checked its owner (user verification) and holds
 * the key, so the second factor is satisfied; everything after (verification, device limit,
 * hand-off, token, iframe message, OIDC) is the password sign-in's own path.
 */
export async function signInWithPasskey(
  ctx: Ctx,
  input: z.output<typeof passkeySignInSchema>,
): Promise<SignInOutcome> {
  await consume("signinIp", ctx.ip);
  const { response } = input;
  const challenge = await spendAnsweredChallenge(ctx, {
    clientDataJSON: response.response.clientDataJSON,
    purpose: "signin",
  });
  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  const user = passkey && (await findUserById(ctx, passkey.userId));
  const handle = response.response.userHandle;
  if (!passkey || !user || (handle && Buffer.from(handle, "base64url").toString("utf8") !== user.id)) {
    await recordSecurityEvent(ctx, user?.id ?? null, "signin_failed", { reason: "passkey_unknown" });
    throw new AppError("PASSKEY_INVALID");
  }
  const result = await verifyAssertion({ response, challenge, rp: relyingParty(ctx.origin), passkey });
  if (!result.ok) {
    if (result.reason === "counter") {
      await recordSecurityEvent(ctx, user.id, "passkey_clone_suspected", {
        passkey_id: passkey.id,
        stored_counter: result.stored,
        received_counter: result.received,
      });
    } else {
      await recordSecurityEvent(ctx, user.id, "signin_failed", { reason: "passkey", passkey_id: passkey.id });
    }
    throw new AppError("PASSKEY_INVALID");
  }
  if (user.status !== "ACTIVE" && !isDeletionPending(user)) throw new AppError("ACCOUNT_LOCKED");
  const used = await recordPasskeyUse(ctx.db, {
    id: passkey.id,
    fromCounter: passkey.counter,
    counter: result.counter,
    isBackedUp: result.isBackedUp,
    now: ctx.clock(),
  });
  // Another assertion moved the counter since we read it: only one of two racing uses signs in.
  if (!used) throw new AppError("PASSKEY_INVALID");
  if (isDeletionPending(user)) {
    throw await deletionPendingRefusal(ctx, {
      user,
      source: "signin",
      query: handoffQuery(input),
      secondFactorDone: true,
    });
  }
  return finishSignIn(ctx, {
    user,
    source: "signin",
    method: "passkey",
    query: handoffQuery(input),
    isNew: false,
    secondFactorDone: true,
  });
}
