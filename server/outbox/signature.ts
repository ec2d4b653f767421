// DESIGN §11 product event signature, the scheme Stripe uses:
// `x-portal-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
// Pure: products can copy `verifySignature` to check what they receive.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-portal-signature";
/** A signature older (or newer) than this is refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, t: number, body: string) =>
  createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

export function signPayload(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/** True when `header` signs exactly `body` with `secret` within the tolerance of `now`. */
export function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(",")) {
    const [k, v] = item.split("=", 2).map((s) => s.trim());
    if (k && v) parts.set(k, [...(parts.get(k) ?? []), v]);
  }
  const t = Number(parts.get("t")?.[0]);
  if (!Number.isInteger(t)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, t, body), "hex");
  return (parts.get("v1") ?? []).some((candidate) => {
    const given = Buffer.from(candidate, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
