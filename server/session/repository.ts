import "server-only";
import { and, desc, eq, gt, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import type { SessionRow } from "@/server/db/tables/sessions";
import { sessions } from "@/server/db/tables/sessions";
import type { UserRow } from "@/server/db/tables/users";
import { users } from "@/server/db/tables/users";

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error("session insert returned nothing");
  return row;
}

/** The live session (by token hash or by id) with its user: one indexed lookup. */
export async function findLiveSession(
  db: Executor,
  by: string | { id: string },
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const match = typeof by === "string" ? eq(sessions.tokenHash, by) : eq(sessions.id, by.id);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(match, isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** A person's sessions still in force (optionally one app's). */
function liveOf(userId: string, now: Date, appCode?: string): SQL | undefined {
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    appCode ? eq(sessions.appCode, appCode) : undefined,
  );
}

/** The person's live sessions, newest activity first (optionally only one app's). */
export async function findLiveSessions(
  db: Executor,
  userId: string,
  now: Date,
  appCode?: string,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(liveOf(userId, now, appCode))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

export async function touchSession(db: Executor, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, staleBefore)));
}

export async function revokeSessionById(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeSessionByHash(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning();
  return row;
}

export type RevokedSession = Pick<SessionRow, "id" | "userId" | "appCode" | "tokenHash">;

/**
 * Revokes the chosen sessions (by token hash, or a person's sessions by id) and every live session
 * handed out from them, at any depth: a product token, a framed browser session that adopted it,
 * the tokens that one handed out. Returns the rows it revoked.
 */
export async function revokeSessionTree(
  db: Executor,
  roots: { tokenHash: string } | { userId: string; ids: string[] },
  now: Date,
): Promise<RevokedSession[]> {
  if ("ids" in roots && roots.ids.length === 0) return [];
  const start =
    "tokenHash" in roots
      ? sql`select id, 0 as depth from sessions where token_hash = ${roots.tokenHash}`
      : sql`select id, 0 as depth from sessions where user_id = ${roots.userId}
            and id in (${sql.join(
              roots.ids.map((id) => sql`${id}`),
              sql`, `,
            )})`;
  const result = await db.execute(sql`
    with recursive tree as (
      ${start}
      union
      select s.id, tree.depth + 1 from sessions s join tree on s.parent_session_id = tree.id
      where tree.depth < 8
    )
    update sessions set revoked_at = ${now}
    where id in (select id from tree) and revoked_at is null
    returning id, user_id, app_code, token_hash`);
  // The generic dialect types the answer as unknown; both drivers (pg, PGlite) put rows in `rows`.
  const { rows } = result as {
    rows: { id: string; user_id: string; app_code: string; token_hash: string }[];
  };
  return rows.map((r) => ({ id: r.id, userId: r.user_id, appCode: r.app_code, tokenHash: r.token_hash }));
}

/** Revokes every live session of a person, except `exceptId`; returns what it revoked. */
export async function revokeUserSessionRows(
  db: Executor,
  userId: string,
  now: Date,
  exceptId?: string,
): Promise<RevokedSession[]> {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptId ? ne(sessions.id, exceptId) : undefined,
      ),
    )
    .returning({
      id: sessions.id,
      userId: sessions.userId,
      appCode: sessions.appCode,
      tokenHash: sessions.tokenHash,
    });
}

/** Every session row of a person, live or ended, oldest first; never the token's hash (the data export). */
export async function findAllSessionsOf(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      appCode: sessions.appCode,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.createdAt);
}
