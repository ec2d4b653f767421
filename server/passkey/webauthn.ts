import "server-only";
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { authenticationResponse, registrationResponse } from "./schema";

/**
 * The relying party: its id is APP_URL's host name (passkeys are bound to it: changing the
 * domain orphans them), and the one origin whose pages may use them is APP_URL's origin.
 */
export type RelyingParty = { id: string; origin: string };

export function relyingParty(origin: string): RelyingParty {
  const url = new URL(origin);
  return { id: url.hostname, origin: url.origin };
}

/** The challenge the browser signed, read from clientDataJSON (verified against our copy later). */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    if (
      parsed &&
      typeof parsed === "object" &&
      "challenge" in parsed &&
      typeof parsed.challenge === "string"
    ) {
      return parsed.challenge;
    }
  } catch {
    // Not JSON: no challenge, refused by the caller.
  }
  return undefined;
}

/**
 * WebAuthn §6.1.1: a signature counter must grow from the stored one unless both are zero
 * (authenticators that keep no counter, such as synced passkeys). Anything else means two copies
 * of the key exist: a cloned authenticator.
 */
export function isCounterRegression(stored: number, received: number): boolean {
  if (stored === 0 && received === 0) return false;
  return received <= stored;
}

/** Well-known authenticator models by AAGUID (from the passkey-authenticator-aaguids list). */
const KNOWN_AAGUIDS: Record<string, string> = {
  "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4": "Google Password Manager",
  "adce0002-35bc-c60a-648b-0b25f1f05503": "Chrome on Mac",
  "771b48fd-d3d4-4f74-9232-fc157ab0507a": "Edge on Mac",
  "fbfc3007-154e-4ecc-8c0b-6e020557d7bd": "iCloud Keychain",
  "dd4ec289-e01d-41c9-bb89-70fa845d4bf2": "iCloud Keychain (Managed)",
  "08987058-cadc-4b81-b6e1-30de50dcbe96": "Windows Hello",
  "9ddd1817-af5a-4672-a2b9-3e3dd95000a9": "Windows Hello",
  "6028b017-b1d4-4c02-b4b3-afcdafc96bb2": "Windows Hello",
  "53414d53-554e-4700-0000-000000000000": "Samsung Pass",
  "bada5566-a7aa-401f-bd96-45619a55120d": "1Password",
  "d548826e-79b4-db40-a3d8-11116f7e8349": "Bitwarden",
  "531126d6-e717-415c-9320-3d9aa6981239": "Dashlane",
  "b84e4048-15dc-4dd0-8640-f4f60813c8af": "NordPass",
  "cb69481e-8ff7-4039-93ec-0a2729a154a8": "YubiKey 5",
  "ee882879-721c-4913-9775-3dfcce97072a": "YubiKey 5",
  "fa2b99dc-9e39-4257-8f92-4a30d23c4118": "YubiKey 5 NFC",
  "2fc0579f-8113-47ea-b116-bb5a8db9202a": "YubiKey 5 NFC",
};

/** The authenticator's model for the list, or "unknown" (an all-zero AAGUID says nothing). */
export function kindOf(aaguid: string): string {
  return KNOWN_AAGUIDS[aaguid.toLowerCase()] ?? "unknown";
}

/** What a verified registration gives us to keep. */
export type NewCredential = {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: "singleDevice" | "multiDevice";
  isBackupEligible: boolean;
  isBackedUp: boolean;
  aaguid: string;
};

// zod keeps extension results as unknown values; none is read, so none is passed on.
const asRegistration = (r: z.output<typeof registrationResponse>): RegistrationResponseJSON => ({
  ...r,
  clientExtensionResults: {},
});
const asAuthentication = (r: z.output<typeof authenticationResponse>): AuthenticationResponseJSON => ({
  ...r,
  clientExtensionResults: {},
});

/**
 * Verifies `startRegistration()`'s answer for our challenge, origin and RP id, with user
 * verification (a passkey signs in alone, so the device must have checked its owner). Attestation
 * is not asked for: we keep the model's AAGUID only to name it. Refuses with PASSKEY_INVALID.
 */
export async function verifyRegistration(options: {
  response: z.output<typeof registrationResponse>;
  challenge: string;
  rp: RelyingParty;
}): Promise<NewCredential> {
  const result = await verifyRegistrationResponse({
    response: asRegistration(options.response),
    expectedChallenge: options.challenge,
    expectedOrigin: options.rp.origin,
    expectedRPID: options.rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!result?.verified) throw new AppError("PASSKEY_INVALID");
  const info = result.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
    counter: info.credential.counter,
    transports: info.credential.transports ?? options.response.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    isBackupEligible: info.credentialDeviceType === "multiDevice",
    isBackedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
  };
}

export type AssertionResult =
  | { ok: true; counter: number; isBackedUp: boolean }
  | { ok: false; reason: "signature" }
  | { ok: false; reason: "counter"; stored: number; received: number };

/**
 * Verifies `startAuthentication()`'s answer against a stored passkey: signature, challenge,
 * origin, RP id, user presence and verification; then the counter rule, checked here (after the
 * signature, so only the key's holder can raise a clone alarm) rather than by the library, which
 * would only throw.
 */
export async function verifyAssertion(options: {
  response: z.output<typeof authenticationResponse>;
  challenge: string;
  rp: RelyingParty;
  passkey: { credentialId: string; publicKey: string; counter: number; transports: string[] };
}): Promise<AssertionResult> {
  const { passkey } = options;
  const result = await verifyAuthenticationResponse({
    response: asAuthentication(options.response),
    expectedChallenge: options.challenge,
    expectedOrigin: options.rp.origin,
    expectedRPID: options.rp.id,
    requireUserVerification: true,
    // Zero turns the library's own counter check off: ours below records what it saw.
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
      counter: 0,
      transports: passkey.transports,
    },
  }).catch(() => undefined);
  if (!result?.verified) return { ok: false, reason: "signature" };
  const received = result.authenticationInfo.newCounter;
  if (isCounterRegression(passkey.counter, received)) {
    return { ok: false, reason: "counter", stored: passkey.counter, received };
  }
  return { ok: true, counter: received, isBackedUp: result.authenticationInfo.credentialBackedUp };
}
