import "server-only";
import { Redis } from "ioredis";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { redisClient } from "@/lib/rate-limit";
import type { SessionRow } from "@/server/db/tables/sessions";
import type { UserRow } from "@/server/db/tables/users";

/**
 * DESIGN §7/§9: the live sessions /2.0/auth/userinfo resolved lately, kept a few seconds in this
 * process. A revocation or a change to the person drops them here at once and, with REDIS_URL,
 * in every other instance through Redis pub/sub. While this instance cannot hear the others
 * (Redis away, not yet subscribed), it does not use the cache at all: a revoked token is never
 * answered from memory.
 */
export type CachedSession = { session: SessionRow; user: UserRow; token: string };

/** Which cached sessions to drop; sent as is to the other instances. */
export type SessionSelector =
  | { userId: string; exceptSessionId?: string }
  | { sessionIds: string[] }
  | { tokenHash: string };

const CACHE_MS = 5_000;
const MAX_ENTRIES = 50_000;
const CHANNEL = "portal:sessions:forget";

type State = {
  entries: Map<string, { at: number; value: CachedSession }>;
  /** Bumped by every forget: a lookup that started before one does not fill the cache. */
  generation: number;
  /** With Redis: whether this instance hears the others' forgets now. */
  isListening: boolean;
  subscriber?: Redis;
};
const globalForCache = globalThis as unknown as { __portalSessionCacheState?: State };
globalForCache.__portalSessionCacheState ??= { entries: new Map(), generation: 0, isListening: false };
const state = globalForCache.__portalSessionCacheState;

function matches(selector: SessionSelector, hash: string, value: CachedSession): boolean {
  if ("tokenHash" in selector) return hash === selector.tokenHash;
  if ("sessionIds" in selector) return selector.sessionIds.includes(value.session.id);
  return value.user.id === selector.userId && value.session.id !== selector.exceptSessionId;
}

function drop(selector: SessionSelector): void {
  state.generation++;
  if ("tokenHash" in selector) {
    state.entries.delete(selector.tokenHash);
    return;
  }
  for (const [hash, entry] of state.entries)
    if (matches(selector, hash, entry.value)) state.entries.delete(hash);
}

function isSelector(value: unknown): value is SessionSelector {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.tokenHash === "string" ||
    typeof v.userId === "string" ||
    (Array.isArray(v.sessionIds) && v.sessionIds.every((id) => typeof id === "string"))
  );
}

/** Subscribes once per process when REDIS_URL is set; until then (and whenever Redis is away) the cache is off. */
function listen(url: string): void {
  if (state.subscriber) return;
  const subscriber = new Redis(url, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    connectTimeout: 2_000,
  });
  state.subscriber = subscriber;
  const deaf = () => {
    state.isListening = false;
    // What was heard before may be out of date by the time this instance hears again.
    state.entries.clear();
  };
  subscriber.on("error", () => {});
  subscriber.on("close", deaf);
  subscriber.on("end", deaf);
  subscriber.on("ready", () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        state.entries.clear();
        state.isListening = true;
      },
      (error: unknown) => logger.warn({ err: error }, "session cache: subscribe failed; cache off"),
    );
  });
  subscriber.on("message", (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    try {
      const selector = JSON.parse(message) as unknown;
      if (isSelector(selector)) drop(selector);
      else state.entries.clear();
    } catch {
      state.entries.clear();
    }
  });
}

/** Whether answers may come from memory now. */
function isUsable(): boolean {
  const url = env().REDIS_URL;
  if (!url) return true;
  listen(url);
  return state.isListening;
}

/** A cached live session for the token's hash, or undefined. */
export function cachedSession(hash: string, now: Date): CachedSession | undefined {
  if (!isUsable()) return undefined;
  const hit = state.entries.get(hash);
  if (!hit) return undefined;
  if (now.getTime() - hit.at < CACHE_MS && hit.value.session.expiresAt > now) return hit.value;
  state.entries.delete(hash);
  return undefined;
}

/** Call before reading the database; pass the result to `rememberSession`. */
export function cacheGeneration(): number {
  return state.generation;
}

/** Keeps a session read at `generation`, unless something was forgotten since (a revocation mid-read). */
export function rememberSession(hash: string, value: CachedSession, now: Date, generation: number): void {
  if (generation !== state.generation || !isUsable()) return;
  if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
  state.entries.set(hash, { at: now.getTime(), value });
}

/**
 * Drops matching sessions here at once, and in the other instances through Redis. The promise
 * settles once Redis has passed the message on (or refused it): a revocation awaits it before
 * answering, so no later request to another instance can be served from its cache.
 */
export async function forgetSessions(selector: SessionSelector): Promise<void> {
  drop(selector);
  if (!env().REDIS_URL) return;
  try {
    await redisClient()?.publish(CHANNEL, JSON.stringify(selector));
  } catch (error) {
    logger.warn({ err: error }, "session cache: could not tell the other instances");
  }
}

/** Tests: an empty cache and no subscription. */
export function resetSessionCacheForTests(): void {
  state.subscriber?.disconnect();
  state.subscriber = undefined;
  state.isListening = false;
  state.entries.clear();
}
