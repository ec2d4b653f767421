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
import { consume } from "@/lib/rate-limit";
import { deletionPendingRefusal, isDeletionPending } from "@/server/account-deletion/service";
import { finishSignIn, handoffQuery, type SignInOutcome } from "@/server/auth/finish-signin";
import { accountLocked } from "@/server/auth/locked";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { recordSecurityEvent } from "@/server/security/service";
import { alertOperatorSecondFactor } from "@/server/two-factor/operator-alert";
import { findUserById, getCurrentUser } from "@/server/user/service";
import { acceptAssertion, spendAnsweredChallenge, storeChallenge } from "./assertion";
import { isReauthRecent, requireRecentReauth } from "./reauth";
import {
  deletePasskey,
  findPasskeyByCredentialId,
  findPasskeysOf,
  insertPasskey,
  type PasskeyRow,
  renamePasskey as renamePasskeyRow,
} from "./repository";
import {
  CHALLENGE_TTL_SECONDS,
  MAX_PASSKEYS,
  type PasskeyDto,
  type PasskeyListDto,
  type passkeySignInSchema,
  type registerPasskeySchema,
  type renamePasskeySchema,
} from "./schema";
import { kindOf, relyingParty, verifyRegistration } from "./webauthn";

const toDto = (row: PasskeyRow): PasskeyDto => ({
  id: row.id,
  name: row.name,
  kind: kindOf(row.aaguid),
  is_synced: row.isBackedUp,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The person's passkeys as the profile lists them, for "download my data" (server/export). */
export async function passkeysForExport(db: Executor, userId: string): Promise<PasskeyDto[]> {
  return (await findPasskeysOf(db, userId)).map(toDto);
}

/** /passkey/list: the person's passkeys, newest first, and whether adding one asks for the password. */
export async function listPasskeys(ctx: Ctx): Promise<PasskeyListDto> {
  const rows = await findPasskeysOf(ctx.db, requireAuth(ctx).user.id);
  return { items: rows.map(toDto), reauth_required: !(await isReauthRecent(ctx)) };
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
  const had = (await findPasskeysOf(ctx.db, user.id)).length;
  if (had >= MAX_PASSKEYS) throw new AppError("PASSKEY_LIMIT");
  const row = await insertPasskey(ctx.db, {
    id: newId(),
    userId: user.id,
    ...credential,
    name: input.name,
    createdAt: ctx.clock(),
  });
  if (!row) throw new AppError("PASSKEY_EXISTS");
  await recordSecurityEvent(ctx, user.id, "passkey_added", { passkey_id: row.id, kind: kindOf(row.aaguid) });
  // A passkey sign-in satisfies the second factor (the console accepts it): an operator hears of it.
  await alertOperatorSecondFactor(ctx, user, {
    method: "passkey",
    before: { passkeys: had },
    after: { passkeys: had + 1 },
  });
  return toDto(row);
}

/** /passkey/rename */
export async function renamePasskey(ctx: Ctx, input: z.output<typeof renamePasskeySchema>): Promise<void> {
  const userId = requireAuth(ctx).user.id;
  if (!(await renamePasskeyRow(ctx.db, { id: input.id, userId, name: input.name }))) {
    throw new AppError("PASSKEY_NOT_FOUND");
  }
}

/** /passkey/remove: one of the person's own passkeys (anyone else's is not found), after "confirm it's you". */
export async function removePasskey(ctx: Ctx, input: { id: string }): Promise<void> {
  const userId = requireAuth(ctx).user.id;
  // Someone else's passkey is not found whatever the session; one's own needs a recent proof, so a
  // borrowed session cannot take the owner's way in away (as unlinking a provider does).
  if (!(await passkeysForExport(ctx.db, userId)).some((passkey) => passkey.id === input.id)) {
    throw new AppError("PASSKEY_NOT_FOUND");
  }
  await requireRecentReauth(ctx);
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
  await acceptAssertion(ctx, { response, challenge, passkey, user, failureEvent: "signin_failed" });
  // Only after the key's proof: only its holder learns that the account is locked.
  if (user.status !== "ACTIVE" && !isDeletionPending(user)) throw accountLocked(user);
  if (isDeletionPending(user)) {
    throw await deletionPendingRefusal(ctx, {
      user,
      source: "signin",
      method: "passkey",
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
