import "server-only";
import { createHmac, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;
const BACKUP_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export const newTotpSecret = (): string => generateSecret();

export function totpUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret });
}

/**
 * The time step a code belongs to when it is valid now or one step either side (DESIGN §4:
 * ±1 step); null otherwise. The caller accepts a step once.
 */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
  });
  if (!result.valid) return null;
  // The matched step: the current one moved by the verifier's delta (−1, 0 or +1).
  const delta = "delta" in result && typeof result.delta === "number" ? result.delta : 0;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten codes such as `k3m9-x2qa`, shown once. */
export function newBackupCodes(): string[] {
  const pick = () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, pick).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** A backup code as typed (any case, with or without the dash) → its stored hash. */
export function hashBackupCode(code: string, key: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHmac("sha256", key).update(`backup:${normalized}`).digest("hex");
}

/** True when the input is a 6-digit code (spaces and dashes aside); a backup code has 8 characters. */
export const isSixDigitCode = (input: string): boolean => /^\d{6}$/.test(input.replace(/[\s-]/g, ""));
