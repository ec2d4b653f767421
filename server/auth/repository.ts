import "server-only";
import { and, eq, exists, sql } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import { preparedFor, prepareRaw } from "@/server/db/prepared";
import { securityEvents } from "@/server/db/tables/security-events";
import type { SessionRow } from "@/server/db/tables/sessions";
import type { TrustedDeviceRow } from "@/server/db/tables/two-factor";
import { type UserRow, users } from "@/server/db/tables/users";

// The sign-in's own statements (issue 21). They reach the tables of several modules because a
// sign-in is one unit of work that runs on every attempt: one lookup before the password check,
// and every write after it in one statement (one round trip, one commit).

const lookup = preparedFor((db) => {
  const fromHere = db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, users.id),
        eq(securityEvents.type, "signin"),
        sql`${securityEvents.ip} = ${sql.placeholder("ip")}::text`,
        sql`${securityEvents.createdAt} > ${sql.placeholder("since")}::timestamptz`,
      ),
    );
  return db
    .select({ user: users, isUsualAddress: exists(fromHere).mapWith(Boolean) })
    .from(users)
    .where(sql`lower(${users.email}) = ${sql.placeholder("email")}::text`)
    .limit(1)
    .prepare("signin_account");
});

/**
 * The account behind `email` (any case) and whether it signed in from `ip` since `since` (its
 * owner's usual address, which has a throttle budget of its own): one lookup for both.
 */
export async function findAccountToSignIn(
  db: Executor,
  options: { email: string; ip: string; since: Date },
): Promise<{ user: UserRow; isUsualAddress: boolean } | undefined> {
  const [row] = await lookup(db).execute({
    email: options.email.toLowerCase(),
    ip: options.ip,
    since: options.since.toISOString(),
  });
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

const write = preparedFor((db) => {
  const p = (name: string) => sql.placeholder(name);
  const opened = sql`exists (select 1 from opened)`;
  return prepareRaw<{ live: number; known: boolean; opened: boolean }>(
    db,
    "signin_write",
    sql`
    with live as (
      select count(*)::int as n from sessions
      where user_id = ${p("userId")}::text and app_code = ${p("appCode")}::text
        and revoked_at is null and expires_at > ${p("now")}::timestamptz
    ),
    opened as (
      insert into sessions (id, user_id, token_hash, app_code, user_agent, ip, created_at, last_seen_at,
        expires_at, trusted_device_id, parent_session_id, second_factor, sign_in_method)
      select * from unnest(${p("sId")}::text[], ${p("sUser")}::text[], ${p("sHash")}::text[],
        ${p("sApp")}::text[], ${p("sAgent")}::text[], ${p("sIp")}::text[], ${p("sCreated")}::timestamptz[],
        ${p("sSeen")}::timestamptz[], ${p("sExpires")}::timestamptz[], ${p("sTrusted")}::text[],
        ${p("sParent")}::text[], ${p("sSecond")}::text[], ${p("sMethod")}::text[])
      where (select n from live) < ${p("devices")}::int
      returning id
    ),
    trusted as (
      insert into trusted_devices (id, user_id, token_hash, user_agent, ip, created_at, expires_at)
      select ${p("tId")}::text, ${p("userId")}::text, ${p("tHash")}::text, ${p("tAgent")}::text,
        ${p("tIp")}::text, ${p("tCreated")}::timestamptz, ${p("tExpires")}::timestamptz
      where ${p("tId")}::text is not null and ${opened}
    ),
    signed_in as (
      update users set last_login_at = ${p("now")}::timestamptz, updated_at = ${p("updatedAt")}::timestamptz
      where id = ${p("userId")}::text and ${opened}
    ),
    recorded as (
      insert into security_events (id, user_id, type, ip, user_agent, data)
      select v.id, ${p("userId")}::text, 'signin', ${p("ip")}::text, ${p("userAgent")}::text, v.data::jsonb
      from unnest(${p("eId")}::text[], ${p("eData")}::text[]) as v (id, data)
      where ${opened}
    )
    select live.n as live,
      case when ${p("agent")}::text is null then true
        else exists (select 1 from sessions where user_id = ${p("userId")}::text and user_agent = ${p("agent")}::text)
      end as known,
      ${opened} as opened
    from live`,
  );
});

/**
 * Every write of a sign-in in one statement, so one round trip and one commit: counts the person's
 * live browser sessions and, only under the device limit, inserts the sessions, the trusted
 * browser when asked, the last sign-in time and the "signin" events. All its parts see the
 * database as it was before it (one snapshot): the count and the User-Agent lookup do not see
 * the session it inserts. Its text is the same for every sign-in (the sessions and events go as
 * arrays), so it is one prepared statement (server/db/prepared.ts).
 */
export async function writeSignIn(db: Executor, w: SignInWrites): Promise<SignInWritten> {
  const column = <K extends keyof NewSession>(key: K) => w.sessions.map((s) => s[key]);
  const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
  const t = w.trustedDevice;
  const result = await write(db).execute({
    userId: w.userId,
    appCode: w.limit.appCode,
    devices: w.limit.devices,
    now: w.now.toISOString(),
    updatedAt: new Date().toISOString(),
    ip: w.ip,
    userAgent: w.userAgent,
    agent: w.agentToLookFor ?? null,
    sId: column("id"),
    sUser: column("userId"),
    sHash: column("tokenHash"),
    sApp: column("appCode"),
    sAgent: column("userAgent"),
    sIp: column("ip"),
    sCreated: iso(column("createdAt")),
    sSeen: iso(column("lastSeenAt")),
    sExpires: iso(column("expiresAt")),
    sTrusted: column("trustedDeviceId"),
    sParent: column("parentSessionId"),
    sSecond: column("secondFactor"),
    sMethod: column("signInMethod"),
    tId: t?.id ?? null,
    tHash: t?.tokenHash ?? null,
    tAgent: t?.userAgent ?? null,
    tIp: t?.ip ?? null,
    tCreated: t?.createdAt.toISOString() ?? null,
    tExpires: t?.expiresAt.toISOString() ?? null,
    eId: w.events.map(() => newId()),
    eData: w.events.map((data) => JSON.stringify(data)),
  });
  const row = result.rows[0];
  if (!row) throw new Error("sign-in statement answered no row");
  return { opened: row.opened, liveSessions: row.live, isKnownAgent: row.known };
}
