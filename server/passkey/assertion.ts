import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Ctx } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { recordSecurityEvent } from "@/server/security/service";
import {
  type ChallengePurpose,
  deleteStaleChallenges,
  insertChallenge,
  type PasskeyRow,
  recordPasskeyUse,
  spendChallenge,
} from "./repository";
import { type authenticationResponse, CHALLENGE_TTL_SECONDS } from "./schema";
import { challengeOf, relyingParty, verifyAssertion } from "./webauthn";

// The WebAuthn steps that sign-in and re-authentication share: a single-use challenge kept five
// minutes, and an assertion checked against the stored key and counter.

/** A fresh challenge, kept five minutes for one answer (expired ones are swept on the way). */
export async function storeChallenge(
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
export async function spendAnsweredChallenge(
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
 * Checks `response` against `passkey` (of `user`) for the spent `challenge`, then records the use.
 * A counter going backwards is a cloned authenticator: refused and written to the security events.
 * PASSKEY_INVALID on any refusal, including a racing use that moved the counter first.
 */
export async function acceptAssertion(
  ctx: Ctx,
  options: {
    response: z.output<typeof authenticationResponse>;
    challenge: string;
    passkey: PasskeyRow;
    user: Pick<UserRow, "id">;
    failureEvent: "signin_failed" | "reauth_failed";
  },
): Promise<void> {
  const { passkey, user } = options;
  const result = await verifyAssertion({
    response: options.response,
    challenge: options.challenge,
    rp: relyingParty(ctx.origin),
    passkey,
  });
  if (!result.ok) {
    if (result.reason === "counter") {
      await recordSecurityEvent(ctx, user.id, "passkey_clone_suspected", {
        passkey_id: passkey.id,
        stored_counter: result.stored,
        received_counter: result.received,
      });
    } else {
      await recordSecurityEvent(ctx, user.id, options.failureEvent, {
        reason: "passkey",
        passkey_id: passkey.id,
      });
    }
    throw new AppError("PASSKEY_INVALID");
  }
  const used = await recordPasskeyUse(ctx.db, {
    id: passkey.id,
    fromCounter: passkey.counter,
    counter: result.counter,
    isBackedUp: result.isBackedUp,
    now: ctx.clock(),
  });
  // Another assertion moved the counter since we read it: only one of two racing uses counts.
  if (!used) throw new AppError("PASSKEY_INVALID");
}
