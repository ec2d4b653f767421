import "server-only";
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { oidcPayloads } from "@/server/db/tables/oidc";
import { sessions } from "@/server/db/tables/sessions";

export type OidcPayload = Record<string, unknown>;
export type StoredPayload = { payload: OidcPayload; consumedAt: Date | null };

/** Where a stored row is found by: its id, the interaction uid, or a device flow's user code. */
export type OidcLookup = { id: string } | { uid: string } | { userCode: string };

/**
 * Writes a model's payload. A row with a grant takes the portal session of that grant, so every
 * code and token of a sign-in ends with the session; a re-save keeps the session it had.
 */
export async function upsertOidcPayload(
  db: Executor,
  row: {
    model: string;
    id: string;
    payload: OidcPayload;
    grantId: string | null;
    uid: string | null;
    userCode: string | null;
    expiresAt: Date | null;
    createdAt: Date;
  },
): Promise<void> {
  const grantSession = row.grantId
    ? sql`(select g.session_id from oidc_payloads g where g.model = 'Grant' and g.id = ${row.grantId})`
    : sql`null`;
  await db
    .insert(oidcPayloads)
    .values({ ...row, sessionId: grantSession })
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: row.payload,
        grantId: row.grantId,
        uid: row.uid,
        userCode: row.userCode,
        expiresAt: row.expiresAt,
        sessionId: sql`coalesce(${oidcPayloads.sessionId}, excluded.session_id)`,
      },
    });
}

/** When a row was first written (an interaction's start, to the millisecond). */
export async function findOidcCreatedAt(db: Executor, model: string, id: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: oidcPayloads.createdAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)))
    .limit(1);
  return row?.createdAt;
}

/** A live row: not expired, and when it belongs to a portal session, that session is live. */
export async function findOidcPayload(
  db: Executor,
  model: string,
  lookup: OidcLookup,
  now: Date,
): Promise<StoredPayload | undefined> {
  const where =
    "id" in lookup
      ? eq(oidcPayloads.id, lookup.id)
      : "uid" in lookup
        ? eq(oidcPayloads.uid, lookup.uid)
        : eq(oidcPayloads.userCode, lookup.userCode);
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .leftJoin(sessions, eq(sessions.id, oidcPayloads.sessionId))
    .where(
      and(
        eq(oidcPayloads.model, model),
        where,
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
        or(isNull(oidcPayloads.sessionId), and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
      ),
    )
    .limit(1);
  return row;
}

export async function consumeOidcPayload(db: Executor, model: string, id: string, now: Date): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: now })
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

export async function deleteOidcPayload(db: Executor, model: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

/** Deletes a grant and everything issued under it (codes, access and refresh tokens). */
export async function deleteOidcGrant(db: Executor, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        eq(oidcPayloads.grantId, grantId),
        and(eq(oidcPayloads.model, "Grant"), eq(oidcPayloads.id, grantId)),
      ),
    );
}

/** Deletes one model's rows issued under a grant (the provider calls it per model it revokes). */
export async function deleteOidcRowsOfGrant(db: Executor, model: string, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.grantId, grantId)));
}

/** Ties a grant (and whatever was already issued under it) to the portal session it was given in. */
export async function linkOidcGrant(db: Executor, grantId: string, sessionId: string): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ sessionId })
    .where(
      or(
        eq(oidcPayloads.grantId, grantId),
        and(eq(oidcPayloads.model, "Grant"), eq(oidcPayloads.id, grantId)),
      ),
    );
}

/** Deletes the grants, codes and tokens given in these portal sessions; returns how many grants. */
export async function deleteOidcRowsOfSessions(db: Executor, sessionIds: string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .delete(oidcPayloads)
    .where(inArray(oidcPayloads.sessionId, sessionIds))
    .returning({ model: oidcPayloads.model });
  return rows.filter((r) => r.model === "Grant").length;
}

export type OidcGrantRow = {
  grantId: string;
  clientId: string;
  sessionId: string;
  createdAt: Date;
  session: typeof sessions.$inferSelect;
};

/** The person's grants whose portal session is live, newest first (the profile's device list). */
export async function findLiveOidcGrants(db: Executor, userId: string, now: Date): Promise<OidcGrantRow[]> {
  const rows = await db
    .select({ grant: oidcPayloads, session: sessions })
    .from(oidcPayloads)
    .innerJoin(sessions, eq(sessions.id, oidcPayloads.sessionId))
    .where(
      and(
        eq(oidcPayloads.model, "Grant"),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
      ),
    )
    .orderBy(sql`${oidcPayloads.createdAt} desc`);
  return rows.map(({ grant, session }) => ({
    grantId: grant.id,
    clientId: String(grant.payload.clientId ?? ""),
    sessionId: session.id,
    createdAt: grant.createdAt,
    session,
  }));
}

/** Deletes rows past their expiry (the provider never looks at them again). */
export async function deleteExpiredOidcRows(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(and(isNotNull(oidcPayloads.expiresAt), lt(oidcPayloads.expiresAt, now)))
    .returning({ id: oidcPayloads.id });
  return rows.length;
}
