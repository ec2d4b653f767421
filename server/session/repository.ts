import "server-only";
import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { sessions } from "@/server/db/tables/sessions";
import { users } from "@/server/db/tables/users";
import type { UserRow } from "@/server/user/repository";

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error("session insert returned nothing");
  return row;
}

/** The live session for a token hash with its user: one indexed lookup. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
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

/** Revokes every live session of a person, except `exceptId`; returns their ids. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  exceptId?: string,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptId ? ne(sessions.id, exceptId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
