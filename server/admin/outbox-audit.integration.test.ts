// Issue 24: the console's outbox (list, retry, drop) and the audit log itself: listed and
// filtered, and append-only — no call changes it, the database refuses to, and erasing an account
// keeps its rows.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { sweepDueDeletions } from "@/server/account-deletion/service";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { outbox } from "@/server/db/tables/outbox";
import { users } from "@/server/db/tables/users";
import { registry } from "@/server/registry";
import { reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { cliOperator } from "./audit";
import { deleteAccountAsOperator } from "./service";

type Data = Record<string, unknown> & { error?: string };
type Page<T> = { items: T[]; total: number };

async function ok<T = Data>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  const parsed = registry[path]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  expect(parsed?.data).toEqual(res.body.data);
  return res.body.data;
}

async function operator() {
  const op = await signedInOperator();
  await reauthenticate(op.cookie);
  return op;
}

/** Rows of every kind and state, tagged with `app` so a test finds its own. */
async function seedOutbox(app: string) {
  const db = await getDb();
  const t = Date.now();
  const rows = {
    event: `evt_${newId()}`,
    sms: `msg_${newId()}`,
    mail: `msg_${newId()}`,
    sent: `msg_${newId()}`,
  };
  await db.insert(outbox).values([
    {
      id: rows.event,
      kind: "event",
      target: app,
      payload: { app, event: { id: rows.event, type: "order.paid", data: { secret_note: "x" } } },
      attempts: 3,
      lastError: "webhook answered 500",
      createdAt: new Date(t - 4000),
    },
    {
      id: rows.sms,
      kind: "message",
      target: "SMS",
      payload: { message: { channel: "SMS", to: "0912345678", text: `Your code is 424242 (${app})` } },
      attempts: 12,
      lastError: "provider down",
      createdAt: new Date(t - 3000),
    },
    {
      id: rows.mail,
      kind: "message",
      target: "EMAIL",
      payload: { message: { channel: "EMAIL", to: "donalo@example.com", text: app } },
      attempts: 1,
      createdAt: new Date(t - 2000),
    },
    {
      id: rows.sent,
      kind: "message",
      target: "EMAIL",
      payload: { delivered: true, channel: "EMAIL" },
      attempts: 1,
      doneAt: new Date(t - 500),
      createdAt: new Date(t - 1000),
    },
  ]);
  return rows;
}

beforeEach(() => resetLimitsForTests());

describe("the outbox in the console", () => {
  it("lists rows by state, channel and product, newest first, addresses masked, payloads never shown", async () => {
    const { cookie } = await operator();
    const app = `app${Date.now() % 100000}`;
    const rows = await seedOutbox(app);
    const list = (body: Record<string, unknown>) =>
      ok<Page<Record<string, unknown>>>("/admin/outbox/list", { limit: 200, ...body }, cookie);

    const failed = await list({ status: "failed", channel: "SMS" });
    const sms = failed.items.find((r) => r.id === rows.sms);
    expect(sms).toEqual({
      _id: rows.sms,
      id: rows.sms,
      kind: "message",
      channel: "SMS",
      app: null,
      to: "*******678",
      status: "failed",
      attempts: 12,
      max_attempts: 12,
      last_error: "provider down",
      next_attempt_at: expect.any(String),
      created_at: expect.any(String),
      done_at: null,
    });
    expect(JSON.stringify(failed)).not.toContain("424242");

    const waitingMail = (await list({ status: "waiting", channel: "EMAIL" })).items.map((r) => r.id);
    expect(waitingMail).toContain(rows.mail);
    expect(waitingMail).not.toContain(rows.sent);
    expect(
      (await list({ status: "waiting", channel: "EMAIL" })).items.find((r) => r.id === rows.mail)?.to,
    ).toBe("d***o@example.com");
    const sent = (await list({ status: "sent" })).items.find((r) => r.id === rows.sent);
    expect(sent).toMatchObject({ status: "sent", to: null, done_at: expect.any(String) });

    const appOnly = await list({ app: app.toUpperCase() });
    expect(appOnly.items.map((r) => r.id)).toEqual([rows.event]);
    expect(appOnly.items[0]).toMatchObject({ channel: "WEBHOOK", status: "waiting", attempts: 3 });
    expect((await list({ channel: "WEBHOOK" })).items.every((r) => r.kind === "event")).toBe(true);
  });

  it("retries an undelivered row with a fresh set of attempts: one audit row", async () => {
    const { user: op, cookie } = await operator();
    const rows = await seedOutbox(`r${Date.now() % 100000}`);
    const retried = await ok<{ row: Record<string, unknown>; audit_id: string }>(
      "/admin/outbox/retry",
      { id: rows.sms },
      cookie,
    );
    expect(retried.row).toMatchObject({ id: rows.sms, status: "waiting", attempts: 0 });
    const [row] = await (await getDb()).select().from(outbox).where(eq(outbox.id, rows.sms));
    expect(row?.attempts).toBe(0);
    const audit = await (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, rows.sms));
    expect(audit).toEqual([
      expect.objectContaining({
        id: retried.audit_id,
        operatorId: op.id,
        action: "outbox.retry",
        targetType: "outbox",
        before: { status: "failed", attempts: 12, next_attempt_at: expect.any(String) },
        after: { status: "waiting", attempts: 0, next_attempt_at: expect.any(String) },
      }),
    ]);

    const sent = await call<Data>("/admin/outbox/retry", { id: rows.sent }, { cookie });
    expect([sent.status, sent.body.data.error]).toEqual([409, "OUTBOX_ROW_SENT"]);
    const none = await call<Data>("/admin/outbox/retry", { id: "msg_nothing" }, { cookie });
    expect([none.status, none.body.data.error]).toEqual([404, "OUTBOX_ROW_NOT_FOUND"]);
    const refusedRows = await (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, rows.sent));
    expect(refusedRows).toEqual([]);
  });

  it("drops a row: gone, and its audit row keeps what it was but not its payload", async () => {
    const { cookie } = await operator();
    const rows = await seedOutbox(`d${Date.now() % 100000}`);
    await ok("/admin/outbox/drop", { id: rows.sms }, cookie);
    const db = await getDb();
    expect(await db.select().from(outbox).where(eq(outbox.id, rows.sms))).toEqual([]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, rows.sms));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "outbox.drop",
      before: { kind: "message", channel: "SMS", app: null, status: "failed", attempts: 12 },
      after: null,
    });
    expect(JSON.stringify(audit[0])).not.toMatch(/424242|0912345678/);
    const again = await call<Data>("/admin/outbox/drop", { id: rows.sms }, { cookie });
    expect(again.body.data.error).toBe("OUTBOX_ROW_NOT_FOUND");
  });
});

describe("the audit log", () => {
  it("lists rows newest first, filtered by operator, action, target and days", async () => {
    const op = await operator();
    const person = await createUser();
    await ok("/admin/people/lock", { id: person.id, reason: "Audit list test" }, op.cookie);
    await ok("/admin/people/unlock", { id: person.id }, op.cookie);
    const list = (body: Record<string, unknown>) =>
      ok<Page<Record<string, unknown>>>("/admin/audit/list", body, op.cookie);

    const mine = await list({ target_id: person.id });
    expect(mine.total).toBe(2);
    expect(mine.items.map((r) => r.action)).toEqual(["person.unlock", "person.lock"]);
    expect(mine.items[1]).toEqual({
      _id: expect.any(String),
      id: expect.any(String),
      at: expect.any(String),
      operator_id: op.user.id,
      operator: op.user.email,
      ip: expect.any(String),
      action: "person.lock",
      target_type: "person",
      target_id: person.id,
      before: { status: "ACTIVE", locked_reason: null },
      after: { status: "LOCKED", locked_reason: "Audit list test" },
      note: null,
    });
    expect((await list({ target_id: person.id, action: "person.lock" })).items).toHaveLength(1);
    expect(
      (await list({ operator: op.user.email.slice(0, 6).toUpperCase(), target_id: person.id })).total,
    ).toBe(2);
    expect((await list({ operator: op.user.id, target_id: person.id })).total).toBe(2);
    expect((await list({ operator: "someone-else", target_id: person.id })).total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list({ target_id: person.id, from_date: tomorrow })).total).toBe(0);
    const bad = await call<Data>("/admin/audit/list", { action: "person.rename" }, { cookie: op.cookie });
    expect(bad.body.data.error).toBe("VALIDATION");
  });

  it("no call changes it: the only audit call lists; the database refuses an update, a delete or a truncate", async () => {
    const auditPaths = Object.keys(registry).filter((p) => p.includes("audit"));
    expect(auditPaths).toEqual(["/admin/audit/list"]);
    const op = await operator();
    const person = await createUser();
    await ok("/admin/people/lock", { id: person.id, reason: "Immutable" }, op.cookie);
    const db = await getDb();
    await expect(
      db.update(auditLog).set({ note: "rewritten" }).where(eq(auditLog.targetId, person.id)),
    ).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.targetId, person.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [row] = await db.select().from(auditLog).where(eq(auditLog.targetId, person.id));
    expect(row?.note).toBeNull();
  });

  it("erasing an account keeps its audit rows and their target id", async () => {
    const op = await operator();
    const person = await createUser();
    await ok("/admin/people/lock", { id: person.id, reason: "Before erasure" }, op.cookie);
    await ok("/admin/people/unlock", { id: person.id }, op.cookie);
    const db = await getDb();
    await deleteAccountAsOperator({ ...cliOperator(db, "support-bot"), env: env() }, person.email);
    const erased = await sweepDueDeletions(db, new Date(Date.now() + 400 * 86_400_000), 1000);
    expect(erased).toBeGreaterThanOrEqual(1);
    const [gone] = await db.select().from(users).where(eq(users.id, person.id));
    expect(gone?.status).toBe("DELETED");
    expect(gone?.email).not.toBe(person.email);
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, person.id))
      .orderBy(auditLog.at);
    expect(rows.map((r) => r.action)).toEqual(["person.lock", "person.unlock", "person.delete"]);
    expect(rows[2]).toMatchObject({
      operatorId: null,
      operator: "support-bot",
      before: { status: "ACTIVE", deletion_due_at: null },
      after: { status: "DELETION_PENDING", deletion_due_at: expect.any(String) },
    });
  });
});
