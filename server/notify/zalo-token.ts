import "server-only";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import type { Env } from "@/lib/env";
import { sha256 } from "@/lib/ids";
import { logger } from "@/lib/logger";
import type { Db } from "@/server/db/client";
import { DeliveryError } from "./delivery-error";
import { findZaloToken, lockZaloToken, updateZaloToken, type ZaloOaTokenRow } from "./repository";

// The Zalo Official Account's access token (about 25 hours) and its single-use refresh token
// (3 months; each refresh answers a new pair and spends the old refresh token). The pair lives in
// zalo_oa_tokens, encrypted; every instance reads it there. A refresh happens under the row's lock
// (SELECT … FOR UPDATE) and re-reads the row first, so when two instances find the token near its
// end at once, one refreshes and the other, once the lock is free, takes the new pair: the same
// refresh token is never spent twice (Zalo would refuse the second and the OA would look revoked).
//
// What a lock cannot cover: Zalo rotates the pair and the answer is lost (a timeout, a crash before
// the commit). The stored refresh token is then spent, the next refresh is refused, and the
// operator is alerted as for a revoked OA.

/** Refresh when less than this is left, so a token never expires between a read and a send. */
export const REFRESH_AHEAD_MS = 60 * 60_000;
/** A refresh token Zalo refused is tried again at most this often (a refusal that was Zalo's hiccup heals). */
export const REFUSED_RETRY_MS = 60 * 60_000;
const DEFAULT_EXPIRES_IN_SECONDS = 90_000;

type Config = Pick<
  Env,
  "ZALO_APP_ID" | "ZALO_APP_SECRET" | "ZALO_OA_REFRESH_TOKEN" | "ZALO_OAUTH_URL" | "DATA_ENCRYPTION_KEY"
>;

type State = { token: string } | { refused: string } | "refresh";

const appIdOf = (config: Config) => config.ZALO_APP_ID ?? "";
const seedHashOf = (config: Config) => sha256(config.ZALO_OA_REFRESH_TOKEN ?? "");

/** What the stored row allows without calling Zalo. */
function stateOf(row: ZaloOaTokenRow, config: Config, now: Date, rejected?: string): State {
  if (row.refusedAt) {
    // The operator put a new refresh token in place of the refused one: try it.
    if (row.seedHash !== seedHashOf(config)) return "refresh";
    if (now.getTime() - row.refusedAt.getTime() < REFUSED_RETRY_MS)
      return { refused: row.refusedReason ?? "refused" };
    return "refresh";
  }
  if (!row.accessToken || !row.accessExpiresAt) return "refresh";
  if (row.accessExpiresAt.getTime() - REFRESH_AHEAD_MS <= now.getTime()) return "refresh";
  const token = decryptSecret(row.accessToken, config.DATA_ENCRYPTION_KEY);
  return token === rejected ? "refresh" : { token };
}

type Refreshed = { ok: true; accessToken: string; refreshToken: string; expiresInSeconds: number };
type Refusal = { ok: false; reason: string };

/**
 * POST {oauth}/v4/oa/access_token (form: app_id, grant_type=refresh_token, refresh_token; header
 * secret_key). A new pair, or Zalo's refusal; throws a retryable DeliveryError when Zalo could not
 * be asked (network, 5xx, an answer that is not its JSON).
 */
async function askZalo(config: Config, refreshToken: string): Promise<Refreshed | Refusal> {
  let response: Response;
  try {
    response = await fetch(`${config.ZALO_OAUTH_URL.replace(/\/+$/, "")}/v4/oa/access_token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        secret_key: config.ZALO_APP_SECRET ?? "",
      },
      body: new URLSearchParams({
        app_id: appIdOf(config),
        grant_type: "refresh_token",
        refresh_token: refreshToken,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new DeliveryError({
      vendor: "zalo",
      vendorCode: "oauth_unreachable",
      permanent: false,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  if (response.status >= 500) {
    throw new DeliveryError({
      vendor: "zalo",
      vendorCode: `oauth_http_${response.status}`,
      permanent: false,
    });
  }
  let body: Record<string, unknown>;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new DeliveryError({ vendor: "zalo", vendorCode: "oauth_bad_answer", permanent: false });
  }
  if (typeof body.access_token === "string" && typeof body.refresh_token === "string") {
    return {
      ok: true,
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresInSeconds: Number(body.expires_in) || DEFAULT_EXPIRES_IN_SECONDS,
    };
  }
  const words = [body.error_name, body.error_description, body.message].find((w) => typeof w === "string");
  return {
    ok: false,
    reason: `${String(body.error ?? response.status)} ${String(words ?? "refused")}`.trim(),
  };
}

/** One refresh at a time per database handle (an instance); other instances wait on the row lock. */
const flights = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A usable access token for ZNS: the stored one while it has more than an hour left, else a fresh
 * pair (under the row lock). `rejected`: a token Zalo just called invalid (-124), refreshed even if
 * it looks fresh. Throws DeliveryError "oa_revoked" (permanent) when Zalo refuses the refresh token.
 */
export async function zaloAccessToken(
  db: Db,
  config: Config,
  options: { now?: Date; rejected?: string } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const row = await findZaloToken(db, appIdOf(config));
  const state = row ? stateOf(row, config, now, options.rejected) : "refresh";
  if (state !== "refresh") {
    if ("token" in state) return state.token;
    throw revoked(state.refused);
  }
  let perDb = flights.get(db);
  if (!perDb) {
    perDb = new Map();
    flights.set(db, perDb);
  }
  const running = perDb.get(appIdOf(config));
  if (running) return running;
  const flight = refreshUnderLock(db, config, now, options.rejected).finally(() =>
    perDb.delete(appIdOf(config)),
  );
  perDb.set(appIdOf(config), flight);
  return flight;
}

const revoked = (reason: string) =>
  new DeliveryError({ vendor: "zalo", vendorCode: "oa_revoked", permanent: true, detail: reason });

async function refreshUnderLock(db: Db, config: Config, now: Date, rejected?: string): Promise<string> {
  const key = config.DATA_ENCRYPTION_KEY;
  const seedHash = seedHashOf(config);
  const outcome = await db.transaction(
    async (tx): Promise<{ token: string } | { refused: string; isNew: boolean }> => {
      const row = await lockZaloToken(tx, {
        appId: appIdOf(config),
        seedHash,
        refreshToken: encryptSecret(config.ZALO_OA_REFRESH_TOKEN ?? "", key),
        now,
      });
      // Another instance may have refreshed while this one waited for the lock.
      const state = stateOf(row, config, now, rejected);
      if (state !== "refresh") return "token" in state ? state : { refused: state.refused, isNew: false };

      // The stored refresh token first; the operator's new ZALO_OA_REFRESH_TOKEN when that one was
      // refused (or is refused now). A new value in the environment beside a working pair is ignored:
      // during a rolling deploy an old instance must not swap a working pair back to a spent token.
      const candidates: { refreshToken: string; seedHash: string }[] = [];
      if (!row.refusedAt || row.seedHash === seedHash)
        candidates.push({ refreshToken: decryptSecret(row.refreshToken, key), seedHash: row.seedHash });
      if (row.seedHash !== seedHash)
        candidates.push({ refreshToken: config.ZALO_OA_REFRESH_TOKEN ?? "", seedHash });

      let reason = "refused";
      for (const candidate of candidates) {
        let answer: Refreshed | Refusal;
        try {
          answer = await askZalo(config, candidate.refreshToken);
        } catch (error) {
          // Zalo unreachable: the current access token still works until it really expires.
          const accessStillValid = row.accessToken && row.accessExpiresAt && row.accessExpiresAt > now;
          if (accessStillValid && !row.refusedAt) {
            const token = decryptSecret(row.accessToken as string, key);
            if (token !== rejected) return { token };
          }
          throw error;
        }
        if (answer.ok) {
          await updateZaloToken(tx, appIdOf(config), {
            seedHash: candidate.seedHash,
            accessToken: encryptSecret(answer.accessToken, key),
            accessExpiresAt: new Date(now.getTime() + answer.expiresInSeconds * 1000),
            refreshToken: encryptSecret(answer.refreshToken, key),
            refreshedAt: now,
            refusedAt: null,
            refusedReason: null,
            updatedAt: now,
          });
          logger.info({ vendor: "zalo", appId: appIdOf(config) }, "Zalo OA token pair refreshed");
          return { token: answer.accessToken };
        }
        reason = answer.reason;
      }
      await updateZaloToken(tx, appIdOf(config), {
        accessToken: null,
        accessExpiresAt: null,
        refusedAt: now,
        refusedReason: reason.slice(0, 300),
        updatedAt: now,
      });
      return { refused: reason, isNew: true };
    },
  );
  if ("token" in outcome) return outcome.token;
  if (outcome.isNew) {
    logger.error(
      { alert: "zalo_oa_refresh_refused", vendor: "zalo", appId: appIdOf(config), reason: outcome.refused },
      "OPERATOR ALERT: Zalo refused the Official Account's refresh token: ZNS falls back to SMS until the OA is re-authorised and ZALO_OA_REFRESH_TOKEN holds its new refresh token",
    );
  }
  throw revoked(outcome.refused);
}

/**
 * The outbox worker's periodic call: refreshes the pair before it expires even when no ZNS goes
 * out (an unused refresh token dies after 3 months), and finds a revoked OA before a person does.
 */
export async function keepZaloTokenFresh(db: Db, config: Config, now: Date = new Date()): Promise<void> {
  try {
    await zaloAccessToken(db, config, { now });
  } catch (error) {
    logger.warn(
      { vendor: "zalo", err: error instanceof Error ? error.message : String(error) },
      "Zalo token check failed",
    );
  }
}

/** /readyz's line for a revoked OA, or undefined while the pair works (or was never used). */
export async function zaloTokenAlert(db: Db, config: Config): Promise<string | undefined> {
  const row = await findZaloToken(db, appIdOf(config));
  if (!row?.refusedAt) return undefined;
  return `Zalo refused the OA refresh token at ${row.refusedAt.toISOString()} (${row.refusedReason ?? "refused"}): ZNS go by SMS; re-authorise the OA and set ZALO_OA_REFRESH_TOKEN`;
}
