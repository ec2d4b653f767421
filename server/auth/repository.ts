import "server-only";
import { and, eq, exists, gt, type SQL, sql } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import { securityEvents } from "@/server/db/tables/security-events";
import type { SessionRow } from "@/server/db/tables/sessions";
import type { TrustedDeviceRow } from "@/server/db/tables/two-factor";
import { type UserRow, users } from "@/server/db/tables/users";

// The sign-in's own statements (issue 21). They reach the tables of several modules because a
// sign-in is one unit of work that runs on every attempt: one lookup before the password check,
// and every write after it in one statement (one round trip, one commit).

/**
 * The account behind `email` (any case) and whether it signed in from `ip` since `since` (its
 * owner's usual address, which has a throttle budget of its own): one lookup for both.
 */
export async function findAccountToSignIn(
  db: Executor,
  options: { email: string; ip: string; since: Date },
): Promise<{ user: UserRow; isUsualAddress: boolean } | undefined> {
  const fromHere = db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, users.id),
        eq(securityEvents.type, "signin"),
        eq(securityEvents.ip, options.ip),
        gt(securityEvents.createdAt, options.since),
      ),
    );
  const [row] = await db
    .select({ user: users, isUsualAddress: exists(fromHere).mapWith(Boolean) })
    .from(users)
    .where(sql`lower(${users.email}) = ${options.email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** A session's row as it is stored (its token is the caller's; only the hash is here). */
type NewSession = Omit<SessionRow, "revokedAt">;
type NewTrustedDevice = Omit<TrustedDeviceRow, "revokedAt">;

export type SignInWrites = {
  userId: string;
  /** The sign-in's time: what is still live, and the last sign-in time. */
  now: Date;
  /** The request's address and User-Agent, as the events keep them. */
  ip: string;
  userAgent: string;
  /** At most `devices` live sessions of `appCode` (the browser's own) per person. */
  limit: { appCode: string; devices: number };
  /** A User-Agent to look for among the person's earlier sessions; none: not asked. */
  agentToLookFor?: string;
  /** The browser's session, then a product's handed out from it. */
  sessions: [NewSession, ...NewSession[]];
  /** The data of each "signin" event, one per session. */
  events: [Record<string, unknown>, ...Record<string, unknown>[]];
  /** A browser the person asked to trust (the browser's session names it). */
  trustedDevice?: NewTrustedDevice;
};

export type SignInWritten = {
  /** False: the person is at the limit and nothing was written. */
  opened: boolean;
  liveSessions: number;
  /** Whether `agentToLookFor` opened a session of the person before (true when not asked). */
  isKnownAgent: boolean;
};

const at = (date: Date) => sql`${date}::timestamptz`;

const sessionValues = (s: NewSession) =>
  sql`(${s.id}, ${s.userId}, ${s.tokenHash}, ${s.appCode}, ${s.userAgent}, ${s.ip}, ${at(s.createdAt)},
       ${at(s.lastSeenAt)}, ${at(s.expiresAt)}, ${s.trustedDeviceId}, ${s.parentSessionId}, ${s.secondFactor})`;

/**
 * Every write of a sign-in in one statement, so one round trip and one commit: counts the person's
 * live browser sessions and, only under the device limit, inserts the sessions, the trusted
 * browser when asked, the last sign-in time and the "signin" events. All its parts see the
 * database as it was before it (one snapshot): the count and the User-Agent lookup do not see
 * the session it inserts.
 */
export async function writeSignIn(db: Executor, w: SignInWrites): Promise<SignInWritten> {
  const opened = sql`exists (select 1 from opened)`;
  const known = w.agentToLookFor
    ? sql`exists (select 1 from sessions where user_id = ${w.userId} and user_agent = ${w.agentToLookFor})`
    : sql`true`;
  const trusted: SQL = w.trustedDevice
    ? sql`trusted as (
        insert into trusted_devices (id, user_id, token_hash, user_agent, ip, created_at, expires_at)
        select ${w.trustedDevice.id}::text, ${w.userId}::text, ${w.trustedDevice.tokenHash}::text,
          ${w.trustedDevice.userAgent}::text, ${w.trustedDevice.ip}::text, ${at(w.trustedDevice.createdAt)},
          ${at(w.trustedDevice.expiresAt)}
        where ${opened}
      ),`
    : sql``;
  const events = w.events.map((data) => sql`(${newId()}, ${JSON.stringify(data)})`);
  const result = await db.execute(sql`
    with live as (
      select count(*)::int as n from sessions
      where user_id = ${w.userId} and app_code = ${w.limit.appCode}
        and revoked_at is null and expires_at > ${at(w.now)}
    ),
    opened as (
      insert into sessions (id, user_id, token_hash, app_code, user_agent, ip, created_at, last_seen_at,
        expires_at, trusted_device_id, parent_session_id, second_factor)
      select * from (values ${sql.join(w.sessions.map(sessionValues), sql`, `)}) as v
      where (select n from live) < ${w.limit.devices}
      returning id
    ),
    ${trusted}
    signed_in as (
      update users set last_login_at = ${at(w.now)}, updated_at = ${at(new Date())}
      where id = ${w.userId} and ${opened}
    ),
    recorded as (
      insert into security_events (id, user_id, type, ip, user_agent, data)
      select v.id, ${w.userId}::text, 'signin', ${w.ip}::text, ${w.userAgent}::text, v.data::jsonb
      from (values ${sql.join(events, sql`, `)}) as v (id, data)
      where ${opened}
    )
    select live.n as live, ${known} as known, ${opened} as opened from live`);
  // The generic dialect types the answer as unknown; both drivers (pg, PGlite) put rows in `rows`.
  const { rows } = result as { rows: { live: number; known: boolean; opened: boolean }[] };
  const row = rows[0];
  if (!row) throw new Error("sign-in statement answered no row");
  return { opened: row.opened, liveSessions: row.live, isKnownAgent: row.known };
}
