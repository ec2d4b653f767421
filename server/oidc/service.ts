import "server-only";
import { type Env, env } from "@/lib/env";
import type { OidcClientConfig } from "@/lib/env-values";
import { parseUserAgent } from "@/lib/user-agent";
import { type Executor, getDb } from "@/server/db/client";
import type { DeviceDto } from "@/server/two-factor/schema";
import {
  deleteExpiredOidcRows,
  deleteOidcGrant,
  deleteOidcRowsOfSessions,
  findLiveOidcGrants,
  findOidcPayload,
} from "./repository";

/** A device-list id for an OIDC client's sign-in (the grant behind it). */
export const OIDC_DEVICE_PREFIX = "oidc:";
/** The app code a client's row shows in the device list: `oidc:<client_id>`. */
export const oidcAppCode = (clientId: string) => `${OIDC_DEVICE_PREFIX}${clientId}`;

export function findOidcClient(
  config: Pick<Env, "OIDC_CLIENTS">,
  clientId: string,
): OidcClientConfig | undefined {
  return config.OIDC_CLIENTS.find((c) => c.client_id === clientId);
}

/**
 * Ends the OpenID Connect grants given in these portal sessions (their codes, access and refresh
 * tokens with them); every path that revokes a portal session calls it. Returns how many.
 */
export function endOidcGrantsOfSessions(db: Executor, sessionIds: string[]): Promise<number> {
  return deleteOidcRowsOfSessions(db, sessionIds);
}

/** The OIDC clients signed in through the person's live portal sessions, as rows of the device list. */
export async function listOidcDevices(db: Executor, userId: string, now: Date): Promise<DeviceDto[]> {
  const grants = await findLiveOidcGrants(db, userId, now);
  return grants.map(({ grantId, clientId, session, createdAt }) => {
    const agent = parseUserAgent(session.userAgent);
    return {
      id: `${OIDC_DEVICE_PREFIX}${grantId}`,
      device: agent.device,
      browser: agent.browser,
      os: agent.os,
      ip: session.ip,
      app_code: oidcAppCode(clientId),
      created_at: createdAt.toISOString(),
      last_active: session.lastSeenAt.toISOString(),
      is_current: false,
      is_trusted: false,
    };
  });
}

/** Signs one OIDC client out (from the device list): its grant and tokens end. False when not the person's. */
export async function endOidcGrantOf(
  db: Executor,
  userId: string,
  deviceId: string,
  now: Date,
): Promise<boolean> {
  const grantId = deviceId.slice(OIDC_DEVICE_PREFIX.length);
  const mine = (await findLiveOidcGrants(db, userId, now)).some((g) => g.grantId === grantId);
  if (!mine) return false;
  await deleteOidcGrant(db, grantId);
  return true;
}

/** What the consent screen shows for an interaction: the client and the scopes it asks for. */
export type ConsentRequest = { uid: string; clientId: string; clientName: string; scopes: string[] };

export async function findConsentRequest(
  db: Executor,
  config: Pick<Env, "OIDC_CLIENTS">,
  uid: string,
  now: Date,
): Promise<ConsentRequest | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return null;
  const row = await findOidcPayload(db, "Interaction", { id: uid }, now);
  const params = row?.payload.params as Record<string, unknown> | undefined;
  const prompt = row?.payload.prompt as { name?: string } | undefined;
  if (!params || prompt?.name !== "consent") return null;
  const clientId = String(params.client_id ?? "");
  const client = findOidcClient(config, clientId);
  if (!client) return null;
  const scopes = String(params.scope ?? "")
    .split(" ")
    .filter((s) => s && s !== "openid");
  return { uid, clientId, clientName: client.name ?? clientId, scopes };
}

/** The consent screen's request for an interaction, from the portal's own database and configuration. */
export async function findPendingConsent(uid: string): Promise<ConsentRequest | null> {
  return findConsentRequest(await getDb(), env(), uid, new Date());
}

/** The periodic sweep of spent OIDC rows (codes, sessions, grants past their expiry). */
export const sweepExpiredOidcRows = (db: Executor, now: Date): Promise<number> =>
  deleteExpiredOidcRows(db, now);
