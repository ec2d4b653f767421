import { hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { ulid } from "ulid";

/**
 * ulid's own generator asks WebCrypto for one byte per character, 16 calls of ~5 µs (77 µs a
 * ULID on two cores, several per sign-in: issue 21). It takes any generator of fractions; this
 * one hands out the bytes of a pooled `randomBytes` (the same CSPRNG), byte / 256 as ulid's does.
 */
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let used = 0;
function randomFraction(): number {
  if (used === POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  return (pool[used++] as number) / 256;
}

export const newId = (): string => ulid(undefined, randomFraction);

/** 32 random bytes, base64url: session and flow tokens (DESIGN §4). */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** One-shot `crypto.hash`: no Hash object per call (every request hashes its token). */
export const sha256 = (value: string): string => hash("sha256", value, "hex");

export const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, "0");

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
