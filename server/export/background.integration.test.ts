// Profile → Your data for a large account, through the real GET route and the outbox worker: the
// request queues one outbox row, the worker stores the zip and emails one link, and the link gives
// the same file once, within 24 hours, only to the same person signed in. The token is never stored.
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportRoute } from "@/app/(account)/account/profile/export/route";
import { env } from "@/lib/env";
import { sha256 } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { dataExports } from "@/server/db/tables/data-exports";
import { outbox } from "@/server/db/tables/outbox";
import type { UserRow } from "@/server/db/tables/users";
import { runOutboxOnce } from "@/server/outbox/worker";
import { securityEventsForExport } from "@/server/security/service";
import { configureProducts, signIn } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { setUpEnv, withEnv } from "@/tests/support/env";
import { readOutbox } from "@/tests/support/outbox";
import { sweepExpiredDataExports } from "./background";
import { EXPORT_FILES } from "./build";
import type { PersonalData } from "./schema";

// Every account is "large" here: its sign-in session alone is above the threshold.
setUpEnv({ DATA_EXPORT_INLINE_MAX_ROWS: "0" });
beforeAll(() => configureProducts());

const HOUR = 3_600_000;

function get(cookie: string | null, query = "", lang = "en") {
  const headers: Record<string, string> = { "user-agent": "vitest" };
  headers.cookie = cookie ? `LANGUAGE=${lang}; ${cookie}` : `LANGUAGE=${lang}`;
  return exportRoute(new Request(`http://portal.test/account/profile/export${query}`, { headers }));
}

const byLink = (cookie: string | null, token: string, lang = "en") =>
  get(cookie, `?token=${encodeURIComponent(token)}`, lang);

async function exportRows(userId: string) {
  return (await getDb()).select().from(dataExports).where(eq(dataExports.userId, userId));
}

async function exportOutboxRows() {
  return (await getDb()).select().from(outbox).where(eq(outbox.kind, "data_export"));
}

function mailsTo(person: UserRow) {
  // Only the export's mails (signing in may mail too: a new device).
  return readOutbox(env().DATA_DIR).filter(
    (m) => m.to === person.email && String(m.params.link ?? "").includes("/account/profile/export?token="),
  );
}

/** Asks for the export, lets the worker run (at `now`, else after the request) and answers the link's token. */
async function emailedLink(person: UserRow, cookie: string, now?: Date): Promise<string> {
  const asked = await get(cookie);
  expect(asked.status).toBe(202);
  const before = mailsTo(person).length;
  await runOutboxOnce(await getDb(), now ?? new Date());
  const mails = mailsTo(person);
  expect(mails).toHaveLength(before + 1);
  const link = new URL(mails.at(-1)?.params.link ?? "");
  expect(link.pathname).toBe("/account/profile/export");
  return link.searchParams.get("token") ?? "";
}

describe("a large export, prepared in the background", () => {
  let person: UserRow;
  let cookie: string;

  beforeAll(async () => {
    person = await createUser({ fullname: "Big Account" });
    cookie = await signIn(person);
  });

  it("answers at once, queues exactly one outbox row and no file yet", async () => {
    const before = (await exportOutboxRows()).length;
    const response = await get(cookie);
    expect(response.status).toBe(202);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      code: 200,
      message: expect.stringContaining("We will email you a link"),
      data: { queued: true, already: false },
    });
    // Asking again while it is being prepared queues nothing more.
    const again = await get(cookie);
    expect(await again.json()).toMatchObject({ data: { queued: true, already: true } });
    expect((await exportOutboxRows()).length).toBe(before + 1);
    const rows = await exportRows(person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bytes: null, tokenHash: null, downloadedAt: null, lang: "en" });
    expect(mailsTo(person)).toHaveLength(0);
  });

  it("the worker stores the zip and sends one email with a link that gives the same file once", async () => {
    const db = await getDb();
    const start = new Date();
    expect(await runOutboxOnce(db, start)).toEqual({ sent: 1, failed: 0 });
    const mails = mailsTo(person);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("works once and for 24 hours");
    const token = new URL(mails[0]?.params.link ?? "").searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThanOrEqual(40);
    // A later pass sends nothing more.
    await runOutboxOnce(db, new Date(start.getTime() + HOUR));
    expect(mailsTo(person)).toHaveLength(1);

    const [stored] = await exportRows(person.id);
    expect(stored?.tokenHash).toBe(sha256(token));
    expect(stored?.bytes?.length).toBeGreaterThan(0);
    expect(stored?.expiresAt.getTime()).toBe(start.getTime() + 24 * HOUR);
    const storedBytes = Buffer.from(stored?.bytes ?? new Uint8Array());

    // Neither the table nor the outbox ever holds the token in clear.
    const dump = await db.execute(sql`select row_to_json(d)::text as j from data_exports d`);
    const outboxDump = await db.execute(sql`select payload::text as j from outbox`);
    for (const text of [JSON.stringify(dump), JSON.stringify(outboxDump)]) expect(text).not.toContain(token);

    const response = await byLink(cookie, token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain(`filename="${stored?.fileName}"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(storedBytes)).toBe(true);
    const files = unzipSync(new Uint8Array(bytes));
    const data = JSON.parse(strFromU8(files[EXPORT_FILES.json] ?? new Uint8Array())) as PersonalData;
    expect(data.profile).toMatchObject({ id: person.id, email: person.email, fullname: "Big Account" });
    expect(strFromU8(files[EXPORT_FILES.html] ?? new Uint8Array())).toContain('<html lang="en">');

    // Used: stamped, the file dropped, the download written to the security events.
    const [used] = await exportRows(person.id);
    expect(used?.downloadedAt).not.toBeNull();
    expect(used?.bytes).toBeNull();
    const events = await securityEventsForExport(db, person.id);
    expect(events.filter((e) => e.type === "data_exported")).toHaveLength(1);

    // A second use is refused, in the person's language.
    const second = await byLink(cookie, token);
    expect(second.status).toBe(410);
    expect(second.headers.get("content-type")).toContain("text/html");
    expect(await second.text()).toContain("already used");
    const secondVi = await byLink(cookie, token, "vi");
    expect(await secondVi.text()).toContain("đã được dùng");
  });

  it("a new request after the link was used prepares a new file", async () => {
    const token = await emailedLink(person, cookie);
    expect((await byLink(cookie, token)).status).toBe(200);
  });
});

describe("the emailed link", () => {
  it("is refused after 24 hours, and the sweep then deletes the row", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    const token = await emailedLink(person, cookie);
    // 24 hours and a minute later (the server's clock; timers stay real for the database).
    const later = new Date(Date.now() + 24 * HOUR + 60_000);
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    try {
      const expired = await byLink(cookie, token);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain("has expired");
    } finally {
      vi.useRealTimers();
    }
    expect((await exportRows(person.id))[0]?.downloadedAt).toBeNull();
    // Still there before its expiry; gone after.
    await sweepExpiredDataExports(await getDb(), new Date());
    expect(await exportRows(person.id)).toHaveLength(1);
    expect(await sweepExpiredDataExports(await getDb(), later)).toBeGreaterThanOrEqual(1);
    expect(await exportRows(person.id)).toHaveLength(0);
    const gone = await byLink(cookie, token);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("not valid");
  });

  it("the sweep keeps a live link", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    const token = await emailedLink(person, cookie);
    await sweepExpiredDataExports(await getDb(), new Date());
    expect((await byLink(cookie, token)).status).toBe(200);
  });

  it("is refused to another person's session, and stays usable by its owner", async () => {
    const owner = await createUser();
    const ownerCookie = await signIn(owner);
    const token = await emailedLink(owner, ownerCookie);
    const other = await createUser();
    const otherCookie = await signIn(other);
    const refused = await byLink(otherCookie, token);
    expect(refused.status).toBe(403);
    const page = await refused.text();
    expect(page).toContain("belongs to another account");
    expect(page).toContain('href="/signin?logout=1"');
    expect((await exportRows(owner.id))[0]?.downloadedAt).toBeNull();
    expect((await byLink(ownerCookie, token)).status).toBe(200);
  });

  it("without a session asks to sign in first and does not use the link", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    const token = await emailedLink(person, cookie);
    const anonymous = await byLink(null, token);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Sign in to your account");
    expect((await byLink(cookie, token)).status).toBe(200);
  });

  it("an unknown token is refused", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    const response = await byLink(cookie, "not-a-real-token");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("not valid");
  });

  it("opened from webmail (a cross-site navigation) still downloads: the token is the proof", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    const token = await emailedLink(person, cookie);
    const response = await exportRoute(
      new Request(`http://portal.test/account/profile/export?token=${token}`, {
        headers: { cookie, "sec-fetch-site": "cross-site" },
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe("the worker", () => {
  it("sends nothing when the session that asked was signed out before the file was built", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    expect((await get(cookie)).status).toBe(202);
    const db = await getDb();
    await db.execute(sql`update sessions set revoked_at = now() where user_id = ${person.id}`);
    await runOutboxOnce(db, new Date());
    expect(mailsTo(person)).toHaveLength(0);
    const [row] = await exportRows(person.id);
    expect(row?.bytes).toBeNull();
    // Given up, not retried: it stays in the operator's list of failed rows.
    const queued = (await exportOutboxRows()).find(
      (r) => (r.payload as { exportId: string }).exportId === row?.id,
    );
    expect(queued).toMatchObject({ doneAt: null, lastError: "expired before it could be delivered" });
    expect(queued?.attempts).toBe(queued?.maxAttempts);
  });
});

describe("an email that fails", () => {
  it("is retried by the outbox with a fresh link; the zip is built once", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    expect((await get(cookie)).status).toBe(202);
    const db = await getDb();
    const now = new Date();
    // A mail server that refuses the connection.
    const first = await withEnv({ SMTP_URL: "smtp://127.0.0.1:1" }, () => runOutboxOnce(db, now));
    expect(first.failed).toBeGreaterThanOrEqual(1);
    const [afterFailure] = await exportRows(person.id);
    expect(afterFailure?.bytes?.length).toBeGreaterThan(0);
    expect(mailsTo(person)).toHaveLength(0);

    await runOutboxOnce(db, new Date(now.getTime() + HOUR));
    const mails = mailsTo(person);
    expect(mails).toHaveLength(1);
    const token = new URL(mails[0]?.params.link ?? "").searchParams.get("token") ?? "";
    const [ready] = await exportRows(person.id);
    expect(ready?.tokenHash).toBe(sha256(token));
    expect(ready?.tokenHash).not.toBe(afterFailure?.tokenHash);
    expect(Buffer.from(ready?.bytes ?? []).equals(Buffer.from(afterFailure?.bytes ?? []))).toBe(true);
    expect((await byLink(cookie, token)).status).toBe(200);
  });
});

describe("a small export", () => {
  setUpEnv({ DATA_EXPORT_INLINE_MAX_ROWS: "5000" });

  it("still downloads at once and queues nothing", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    const before = (await exportOutboxRows()).length;
    const response = await get(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect((await exportOutboxRows()).length).toBe(before);
    expect(await exportRows(person.id)).toHaveLength(0);
  });
});
