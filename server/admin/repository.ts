import "server-only";
import { and, desc, eq, like, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { containing, within } from "@/server/db/filters";
import { type AuditRow, auditLog, type NewAuditRow } from "@/server/db/tables/audit";
import { affiliates } from "@/server/db/tables/balances";
import { type SecurityEventRow, securityEvents } from "@/server/db/tables/security-events";
import { type UserRow, users } from "@/server/db/tables/users";

// The operator console's reads across the account's tables, and the audit log. The audit log is
// append-only: this file inserts and reads it, and nothing in the portal deletes a row (a trigger
// of migration 0014 refuses it). The one change let through (migration 0016) is an erasure's: the
// personal data of the rows about a person erased in the same transaction.

/**
 * The ids of the active admins, their rows locked until the transaction ends: two operators
 * removing each other's admin scope at once cannot both still count the other.
 */
export async function lockActiveAdminIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.scope, "admin"), eq(users.status, "ACTIVE")))
    .for("update");
  return rows.map((row) => row.id);
}

export async function insertAudit(db: Executor, row: NewAuditRow): Promise<AuditRow> {
  const [written] = await db.insert(auditLog).values(row).returning();
  if (!written) throw new Error("audit insert returned nothing");
  return written;
}

/** The newest audit rows whose subject is the person `personId` (the person page). */
export function findRecentAuditAboutPerson(
  db: Executor,
  personId: string,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "person"), eq(auditLog.targetId, personId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** Every audit row whose subject is the person `personId`, oldest first. */
export async function findAuditRowsAboutPerson(db: Executor, personId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "person"), eq(auditLog.targetId, personId)))
    .orderBy(auditLog.at, auditLog.id);
}

/** What an erasure may rewrite of an audit row; the trigger refuses any other change. */
export type ErasedAuditValues = Pick<AuditRow, "before" | "after" | "note" | "operator" | "ip">;

/**
 * Rewrites the rows about the person erased in this transaction `tx` (their account is DELETED
 * already): the transaction names them first, as migration 0016's trigger asks.
 */
export async function rewriteErasedAuditRows(
  tx: Executor,
  personId: string,
  rows: readonly { id: string; values: ErasedAuditValues }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`select set_config('portal.audit_erasure', ${personId}, true)`);
  for (const row of rows) {
    await tx
      .update(auditLog)
      .set(row.values)
      .where(and(eq(auditLog.id, row.id), eq(auditLog.targetId, personId)));
  }
}

/** A page of the audit log, newest first; `operator` is part of the name or the exact account id. */
export async function findAuditPage(
  db: Executor,
  query: {
    operator?: string;
    action?: string;
    targetId?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
  },
): Promise<{ items: AuditRow[]; total: number }> {
  const name = containing(query.operator?.toLowerCase());
  const where = and(
    query.operator && name
      ? or(eq(auditLog.operatorId, query.operator), sql`lower(${auditLog.operator}) like ${name}`)
      : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    ...within(auditLog.at, query),
  );
  const items = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: await cappedCount(db, auditLog, where) };
}

/** The phone digits a search may mean: as typed, and a +84 number written the local way. */
function phoneForms(q: string): string[] {
  const digits = q.replace(/\D/g, "");
  if (digits.length < 3) return [];
  return digits.startsWith("84") && digits.length > 9 ? [digits, `0${digits.slice(2)}`] : [digits];
}

/** People newest first: `q` is part of an email, name or phone number, or an exact id. */
export async function findPeoplePage(
  db: Executor,
  query: { q?: string; from?: Date; to?: Date; limit: number; offset: number },
): Promise<{ items: UserRow[]; total: number }> {
  const q = query.q?.trim();
  const pattern = containing(q?.toLowerCase());
  const matches: (SQL | undefined)[] =
    q && pattern
      ? [
          eq(users.id, q),
          sql`lower(${users.email}) like ${pattern}`,
          sql`lower(${users.fullname}) like ${pattern}`,
          ...phoneForms(q).map((digits) => like(users.phone, `%${digits}%`)),
        ]
      : [];
  const where = and(matches.length > 0 ? or(...matches) : undefined, ...within(users.createdAt, query));
  const items = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: await cappedCount(db, users, where) };
}

/** The person's affiliate level, or undefined when they are not in the programme. */
export async function findAffiliateLevel(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ level: affiliates.level })
    .from(affiliates)
    .where(eq(affiliates.userId, userId))
    .limit(1);
  return row?.level;
}

/** The person's newest security events. */
export function findRecentSecurityEvents(
  db: Executor,
  userId: string,
  limit: number,
): Promise<SecurityEventRow[]> {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}
