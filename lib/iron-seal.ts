import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  type KeyObject,
  pbkdf2Sync,
  randomBytes,
} from "node:crypto";
import { safeEqual } from "./ids";

/**
 * The session cookie's seal, in iron-session's format (iron "Fe26.2", password id 1, then `~2`):
 * AES-256-CBC under a PBKDF2-SHA1 key of a fresh 256-bit salt, an expiry, and an HMAC-SHA256
 * over all of it under a key of a second salt. iron-session computes the same through WebCrypto,
 * whose every step is a job on libuv's thread pool: six jobs per seal, queued behind the argon2id
 * hashes of sign-in, about 1 ms of CPU per seal on two cores (issue 21). These are the same steps
 * with node:crypto, in place. The tests open each side's seals with the other (iron-seal.test.ts).
 */
const PREFIX = "Fe26.2";
/** iron-session seals a string password as the map { 1: password }. */
const PASSWORD_ID = "1";
const VERSION_SUFFIX = "~2";
/** iron's default: a seal expired this long ago still opens (clock skew between instances). */
const SKEW_MS = 60_000;
const MIN_PASSWORD_LENGTH = 32;

/**
 * iron: PBKDF2 with SHA-1, 1 iteration, over the salt's hex text, 256 bits for either key. As a
 * KeyObject: Node 24 first tries a raw Buffer key as a KeyObject and builds a TypeError (with its
 * stack trace) to find out it is not one, 15 µs of every createHmac and createCipheriv.
 */
function keyOf(password: string, salt: string): KeyObject {
  return createSecretKey(pbkdf2Sync(password, salt, 1, 32, "sha1"));
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`the seal password must be at least ${MIN_PASSWORD_LENGTH} characters`);
}

function macOf(password: string, salt: string, base: string): Buffer {
  return createHmac("sha256", keyOf(password, salt)).update(base).digest();
}

/** Seals a JSON value for `ttlMs` (iron-session's `sealData(data, { password, ttl })`). */
export function sealJson(value: unknown, password: string, ttlMs: number, now = Date.now()): string {
  checkPassword(password);
  const encryptionSalt = randomBytes(32).toString("hex");
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", keyOf(password, encryptionSalt), iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  const base = [
    PREFIX,
    PASSWORD_ID,
    encryptionSalt,
    iv.toString("base64url"),
    encrypted.toString("base64url"),
    now + ttlMs,
  ].join("*");
  const macSalt = randomBytes(32).toString("hex");
  return `${base}*${macSalt}*${macOf(password, macSalt, base).toString("base64url")}${VERSION_SUFFIX}`;
}

/**
 * Opens a seal made by `sealJson` or by iron-session with the same password; null when it is
 * malformed, expired, sealed under another password or altered.
 */
export function unsealJson(sealed: string, password: string, now = Date.now()): unknown {
  checkPassword(password);
  // The version marker sits outside the MAC: it is ignored, as iron-session does.
  const delimiter = sealed.indexOf("~");
  const parts = (delimiter === -1 ? sealed : sealed.slice(0, delimiter)).split("*");
  if (parts.length !== 8) return null;
  const [prefix, passwordId, encryptionSalt, iv, encrypted, expiration, macSalt, mac] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (prefix !== PREFIX || passwordId !== PASSWORD_ID) return null;
  if (expiration && (!/^[1-9]\d*$/.test(expiration) || Number(expiration) <= now - SKEW_MS)) return null;
  // Compared as text with the canonical encoding: decoding the given MAC would accept other
  // spellings of it (base64url decoding skips characters outside its alphabet).
  const expected = macOf(password, macSalt, parts.slice(0, 6).join("*")).toString("base64url");
  if (!safeEqual(mac, expected)) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-cbc",
      keyOf(password, encryptionSalt),
      Buffer.from(iv, "base64url"),
    );
    const plain = Buffer.concat([decipher.update(Buffer.from(encrypted, "base64url")), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  } catch {
    return null;
  }
}
