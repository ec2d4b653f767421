import "server-only";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "./env";
import { AppError } from "./errors";

/** Budgets per purpose: points per window (seconds). */
export const LIMITS = {
  signinIp: { points: 30, duration: 15 * 60 },
  signinEmail: { points: 10, duration: 15 * 60 },
  /** The account's owner from an address they signed in from before: a budget of its own (no lock-out). */
  signinKnown: { points: 10, duration: 15 * 60 },
  signupIp: { points: 10, duration: 60 * 60 },
  otpVerifyIp: { points: 30, duration: 15 * 60 },
  otpResendIp: { points: 10, duration: 60 * 60 },
  forgotIp: { points: 10, duration: 60 * 60 },
  /** Sign-in codes asked for (server/auth/code-signin.ts): per address, and per email or phone. */
  codeSigninIp: { points: 20, duration: 60 * 60 },
  codeSigninIdentifier: { points: 5, duration: 60 * 60 },
  /** The one sign-in-code request per address an hour that needs no captcha. */
  codeSigninFreeIp: { points: 1, duration: 60 * 60 },
  forgotEmail: { points: 3, duration: 60 * 60 },
  resetIp: { points: 20, duration: 60 * 60 },
  verifyEmailIp: { points: 30, duration: 60 * 60 },
  socialIp: { points: 60, duration: 15 * 60 },
  leadIp: { points: 60, duration: 60 * 60 },
  twoFaUser: { points: 10, duration: 15 * 60 },
  /** Password checks of a signed-in person before a sensitive change (/user/reauthenticate). */
  reauthUser: { points: 10, duration: 15 * 60 },
  /** Passkey sign-in challenges handed out (every /signin view with passkey autofill asks for one). */
  passkeyOptionsIp: { points: 120, duration: 15 * 60 },
  /** Downloads of a person's whole data (Profile → Your data): each one reads every table. */
  dataExportUser: { points: 5, duration: 60 * 60 },
  /** A product's event redeliveries (each one is a signed POST the worker makes): room for a replay after an outage. */
  redeliverApp: { points: 1000, duration: 10 * 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

/** The limiter of one purpose and, with Redis, the in-process one that stands in while Redis is away. */
type Limiter = { main: RateLimiterMemory | RateLimiterRedis; memory: RateLimiterMemory };
type Store = { limiters: Map<LimitName, Limiter>; redis?: Redis };
const globalForLimits = globalThis as unknown as { __portalLimits?: Store };

export function redisClient(): Redis | undefined {
  const store = limiterStore();
  return store.redis;
}

function limiterStore(): Store {
  if (!globalForLimits.__portalLimits) {
    const url = env().REDIS_URL;
    const redis = url
      ? // Commands wait for the first connection (a request right after start-up must not fail).
        new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 })
      : undefined;
    redis?.on("error", () => {});
    globalForLimits.__portalLimits = { limiters: new Map(), redis };
  }
  return globalForLimits.__portalLimits;
}

function limiter(name: LimitName): Limiter {
  const store = limiterStore();
  let l = store.limiters.get(name);
  if (!l) {
    const opts = { keyPrefix: `rl:${name}`, ...LIMITS[name] };
    // Per-address budgets times RATE_LIMIT_IP_SCALE (default 1): for a test bench or an office where
    // many people share one address. Per-account budgets never change.
    if (name.endsWith("Ip")) opts.points *= ipScale();
    const memory = new RateLimiterMemory(opts);
    // With Redis down, each instance keeps limiting on its own (the insurance limiter) rather than failing.
    const main = store.redis
      ? new RateLimiterRedis({
          storeClient: store.redis,
          ...opts,
          // Redis down: answer from the insurance limiter at once instead of queueing the call.
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    l = { main, memory };
    store.limiters.set(name, l);
  }
  return l;
}

function ipScale(): number {
  const scale = Number(process.env.RATE_LIMIT_IP_SCALE ?? 1);
  return Number.isInteger(scale) && scale >= 1 ? scale : 1;
}

/** Spends one point of `name` for `key`; throws RATE_LIMITED with the wait in seconds when none is left. */
export async function consume(name: LimitName, key: string): Promise<void> {
  try {
    await limiter(name).main.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new AppError("RATE_LIMITED", { params: { seconds: Math.ceil(error.msBeforeNext / 1000) } });
    }
    throw error;
  }
}

/** Gives `key`'s spent points of `name` back (a right password). */
export async function reward(name: LimitName, key: string): Promise<void> {
  const { main, memory } = limiter(name);
  const redis = limiterStore().redis;
  // The library's delete waits for Redis (ioredis queues it while disconnected): with Redis away,
  // only the insurance limiter, which counted while it was away, gives its points back.
  if (redis && redis.status !== "ready") {
    await memory.delete(key);
    return;
  }
  await main.delete(key);
}

/** Tests start each file with empty budgets. */
export function resetLimitsForTests(): void {
  globalForLimits.__portalLimits?.redis?.disconnect();
  globalForLimits.__portalLimits = undefined;
}
