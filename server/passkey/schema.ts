// Inputs and answers of the /2.0/passkey/* calls and /user/reauthenticate: one schema per call,
// shared by the profile card, /signin and the handlers. No server imports here.
import { z } from "zod";
import { MSG, text } from "@/lib/validation";
import { handoff } from "@/server/auth/schema";

/** How long a WebAuthn challenge can be answered. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** Adding a passkey needs the password (or a sign-in) within this many seconds. */
export const REAUTH_MAX_AGE_SECONDS = 10 * 60;
/** A person's passkeys are capped, so one account cannot fill the table. */
export const MAX_PASSKEYS = 20;

const base64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** `startRegistration()`'s answer (RegistrationResponseJSON), as far as the server reads it. */
export const registrationResponse = z.object({
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** `startAuthentication()`'s answer (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

const passkeyName = text({ min: 1, max: 60 });

/** /passkey/register: the authenticator's answer and the name the person gives it. */
export const registerPasskeySchema = z.object({ response: registrationResponse, name: passkeyName });

/** /passkey/rename */
export const renamePasskeySchema = z.object({ id: text({ min: 1, max: 40 }), name: passkeyName });
export type RenamePasskeyInput = z.input<typeof renamePasskeySchema>;

/** /passkey/remove */
export const removePasskeySchema = z.object({ id: text({ min: 1, max: 40 }) });

/** /passkey/signin: the assertion, and the query the sign-in started from (hand-off, iframe, OIDC). */
export const passkeySignInSchema = z.object({ response: authenticationResponse, ...handoff });

/** /user/reauthenticate: the password once more, before a sensitive change. */
export const reauthenticateSchema = z.object({
  password: z
    .string({ error: () => MSG.required })
    .min(1, { error: MSG.required })
    .max(200),
});
export type ReauthenticateInput = z.input<typeof reauthenticateSchema>;

export const passkeyDto = z.object({
  id: z.string(),
  name: z.string(),
  /** The authenticator's model when its AAGUID is a known one, else "unknown". */
  kind: z.string(),
  /** Synced across the person's devices (backed up), so losing one device does not lose it. */
  is_synced: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyDto = z.infer<typeof passkeyDto>;

export const passkeyListDto = z.object({
  items: z.array(passkeyDto),
  /** Adding one asks for the password first (no sign-in or password within 10 minutes). */
  reauth_required: z.boolean(),
});
export type PasskeyListDto = z.infer<typeof passkeyListDto>;

/** Options for the browser's WebAuthn call (`optionsJSON` of @simplewebauthn/browser). */
export const optionsDto = z.record(z.string(), z.unknown());

export const reauthDto = z.object({ reauth_until: z.string() });

/** /passkey/reauthenticate: one of the person's passkeys answers the /passkey/reauth-options challenge. */
export const passkeyReauthSchema = z.object({ response: authenticationResponse });

/** /user/reauthenticate-code: the code /user/reauth-send-code emailed, with its step's token. */
export const reauthCodeSchema = z.object({
  token: text({ min: 1, max: 200 }),
  code: z
    .string({ error: () => MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(12),
});
export type ReauthCodeInput = z.input<typeof reauthCodeSchema>;

/** /user/reauth-methods: the proofs this person can give again, and whether one is needed now. */
export const reauthMethodsDto = z.object({
  /** No proof within the last 10 minutes in this browser session. */
  required: z.boolean(),
  password: z.boolean(),
  passkey: z.boolean(),
  /** An account without a password (a social sign-up) proves itself with a code sent by email. */
  email_code: z.boolean(),
  /** The email, masked, that a code would go to. */
  email: z.string(),
});
export type ReauthMethodsDto = z.infer<typeof reauthMethodsDto>;

export const reauthCodeSentDto = z.object({ token: z.string(), exp_time: z.number(), to: z.string() });
