import "server-only";
import { CappedMap, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { env } from "@/lib/env";
import { redisClient } from "@/lib/rate-limit";

const ALGORITHM = "PBKDF2/SHA-256";
const CHALLENGE_TTL_SECONDS = 10 * 60;

const globalForCaptcha = globalThis as unknown as { __portalAltchaUsed?: CappedMap<string, boolean> };

/** A fresh proof-of-work challenge for the widget (GET /2.0/captcha/challenge). */
export async function createCaptchaChallenge(now: Date) {
  const { ALTCHA_HMAC_KEY, ALTCHA_COST } = env();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: ALTCHA_COST,
    // The browser tries counters from 0 up: cost × counter PBKDF2 rounds, about a second by default.
    counter: randomInt(200, 1000),
    deriveKey,
    hmacSignatureSecret: ALTCHA_HMAC_KEY,
    hmacKeySignatureSecret: `${ALTCHA_HMAC_KEY}:key`,
    expiresAt: Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_SECONDS,
  });
}

/** Marks a solved challenge as spent; false when it was already used (replay). */
async function spend(id: string): Promise<boolean> {
  const redis = redisClient();
  // Redis down: this instance's memory still refuses a replay here (never a 500).
  if (redis?.status === "ready") {
    try {
      return (await redis.set(`altcha:${id}`, "1", "EX", CHALLENGE_TTL_SECONDS, "NX")) === "OK";
    } catch {
      // fall through to the process's own record
    }
  }
  globalForCaptcha.__portalAltchaUsed ??= new CappedMap<string, boolean>({ maxSize: 100_000 });
  return globalForCaptcha.__portalAltchaUsed.setIfAbsent(id, true);
}

type Payload = {
  challenge: Parameters<typeof verifySolution>[0]["challenge"];
  solution: Parameters<typeof verifySolution>[0]["solution"];
};

/** True when `token` is a base64 ALTCHA payload solving a challenge we signed, used once. */
export async function verifyCaptcha(token: string): Promise<boolean> {
  const { ALTCHA_HMAC_KEY } = env();
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as Payload;
  } catch {
    return false;
  }
  if (!payload || typeof payload !== "object" || !payload.challenge || !payload.solution) return false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: ALTCHA_HMAC_KEY,
      hmacKeySignatureSecret: `${ALTCHA_HMAC_KEY}:key`,
    });
    if (!result.verified) return false;
  } catch {
    return false;
  }
  return spend(String(payload.challenge.parameters.nonce));
}
