import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { ulid } from "ulid";

export const newId = (): string => ulid();

/** 32 random bytes, base64url: session and flow tokens (DESIGN §4). */
export const newToken = (): string => randomBytes(32).toString("base64url");

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, "0");

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
