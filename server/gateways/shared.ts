// Small pieces every gateway adapter needs: keyed hashes compared in constant time, the
// plain-ASCII text the Vietnamese gateways accept, and wall-clock fields in Vietnam time.
// Vietnam (Asia/Ho_Chi_Minh) has kept UTC+7 without daylight saving since 1975, so a fixed
// offset is exact and keeps the result independent of the process time zone.
import { createHmac, timingSafeEqual } from "node:crypto";

export function hmacHex(algorithm: "sha256" | "sha512", key: string, data: string): string {
  return createHmac(algorithm, key).update(data, "utf8").digest("hex");
}

/** Compares a digest we computed with one we received (any hex case) without leaking where they differ. */
export function hexDigestEquals(expectedHex: string, receivedHex: string): boolean {
  const received = receivedHex.toLowerCase();
  // Length and alphabet are public facts, so checking them first leaks nothing.
  if (received.length !== expectedHex.length || !/^[0-9a-f]*$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, "hex"), Buffer.from(received, "hex"));
}

/**
 * Vietnamese text as ASCII letters, digits and single spaces: accents stripped (đ → d), any other
 * character dropped. Gateways and banks disagree on how to encode punctuation, so none is sent.
 */
export function toPlainAscii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[^A-Za-z0-9\s]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** Year, month, day, hour, minute and second of an instant on a wall clock in Vietnam, zero-padded. */
export function vietnamClock(instant: Date) {
  const time = instant.getTime();
  if (!Number.isFinite(time)) throw new RangeError("invalid date");
  const shifted = new Date(time + VIETNAM_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    year: String(shifted.getUTCFullYear()),
    month: pad(shifted.getUTCMonth() + 1),
    day: pad(shifted.getUTCDate()),
    hour: pad(shifted.getUTCHours()),
    minute: pad(shifted.getUTCMinutes()),
    second: pad(shifted.getUTCSeconds()),
  };
}
