// Issue 24: the console's people actions through /2.0/admin/people/*. Each does what it says to
// the person, and writes exactly one audit row naming the operator, the person, and the changed
// fields before and after (never a secret).
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { type AuditRow, auditLog } from "@/server/db/tables/audit";
import { backupCodes, trustedDevices } from "@/server/db/tables/two-factor";
import { users } from "@/server/db/tables/users";
import { registry } from "@/server/registry";
import { createOperator, reauthenticate, signedInOperator, signInWithTotp } from "@/tests/factories/operator";
import { openTestSession } from "@/tests/factories/session";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, outbox } from "@/tests/setup/api";

type Data = Record<string, unknown> & { error?: string; audit_id?: string };

/** The answer of `path`, which must succeed and match its documented output exactly. */
async function ok<T = Data>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  const parsed = registry[path]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  expect(parsed?.data).toEqual(res.body.data);
  return res.body.data;
}

async function auditRowsOf(targetId: string): Promise<AuditRow[]> {
  return (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);
}

/** The one audit row about `targetId`, after one action. */
async function onlyAuditRow(targetId: string): Promise<AuditRow> {
  const rows = await auditRowsOf(targetId);
  expect(rows).toHaveLength(1);
  return rows[0] as AuditRow;
}

/** An operator ready for destructive calls (signed in with the code, re-authenticated now). */
async function operator() {
  const op = await signedInOperator();
  await reauthenticate(op.cookie);
  return op;
}

const signIn = (email: string) =>
  call<Data>("/auth/signin", { email, password: PASSWORD }, { ip: "10.7.0.1" });

beforeEach(() => resetLimitsForTests());

describe("finding people", () => {
  it("matches part of an email, a phone or a name, or an exact id; newest first", async () => {
    const { cookie } = await operator();
    const a = await createUser({ fullname: "Quynh Searchable", phone: "0901234567" });
    const b = await createUser({ fullname: "Other Person", phone: "0909999111" });
    const ids = (q: string) =>
      ok<{ items: { id: string }[]; total: number }>("/admin/people/search", { q }, cookie).then((p) =>
        p.items.map((i) => i.id),
      );
    expect(await ids("quynh searchable")).toEqual([a.id]);
    expect(await ids(a.email.toUpperCase().slice(0, 8))).toContain(a.id);
    expect(await ids("0909999")).toEqual([b.id]);
    expect(await ids("+84 909 999 111")).toEqual([b.id]);
    expect(await ids(b.id)).toEqual([b.id]);
    expect(await ids("%")).toEqual([]);
    const page = await ok<{ items: Record<string, unknown>[] }>(
      "/admin/people/search",
      { q: a.email },
      cookie,
    );
    expect(page.items[0]).toEqual({
      _id: a.id,
      id: a.id,
      email: a.email,
      fullname: "Quynh Searchable",
      phone: "0901234567",
      status: "ACTIVE",
      scope: "user",
      two_fa: null,
      is_partner: false,
      created_at: a.createdAt.toISOString(),
    });
  });

  it("shows one person: flags, affiliate level, balances, passkeys, live sessions and recent events", async () => {
    const { cookie } = await operator();
    const { user: person, secret } = await createOperator({ scope: "user", isPartner: true, point: "12.50" });
    await signInWithTotp(person, secret);
    const detail = await ok<{
      person: Record<string, unknown>;
      sessions: { app_code: string; second_factor: string | null }[];
      events: { type: string }[];
      passkeys: unknown[];
    }>("/admin/people/get", { id: person.id }, cookie);
    expect(detail.person).toMatchObject({
      id: person.id,
      two_fa: "totp",
      is_partner: true,
      locked_reason: null,
      affiliate: { is_affiliate: false, level: null },
      balances: { money: 0, credit: 0, credit_app: 0, point: 12.5 },
    });
    expect(detail.sessions).toEqual([expect.objectContaining({ app_code: "luid", second_factor: "totp" })]);
    expect(detail.events.map((e) => e.type)).toEqual(expect.arrayContaining(["signin", "2fa_verified"]));
    expect(detail.passkeys).toEqual([]);
    const missing = await call<Data>("/admin/people/get", { id: "nobody" }, { cookie });
    expect([missing.status, missing.body.data.error]).toEqual([404, "PERSON_NOT_FOUND"]);
  });
});

describe("people actions and their audit rows", () => {
  it("signs one session out, then all: each a row with the live sessions before and after", async () => {
    const { user: op, cookie } = await operator();
    const person = await createUser();
    const db = await getDb();
    const first = await signIn(person.email);
    await openTestSession(db, person, "ls");
    const detail = await ok<{ sessions: { id: string; app_code: string }[] }>(
      "/admin/people/get",
      { id: person.id },
      cookie,
    );
    const browser = detail.sessions.find((s) => s.app_code === "luid")?.id ?? "";
    const all = detail.sessions.map((s) => s.id).sort();

    const one = await ok("/admin/people/sign-out", { id: person.id, session_id: browser }, cookie);
    expect(one.signed_out).toBe(1);
    expect((await call<Data>("/auth/userinfo", {}, { cookie: first.cookie })).status).toBe(401);
    const rest = all.filter((id) => id !== browser);
    const row = await onlyAuditRow(person.id);
    expect(row).toMatchObject({
      operatorId: op.id,
      operator: op.email,
      ip: expect.any(String),
      action: "person.sign_out",
      targetType: "person",
      before: { live_sessions: all },
      after: { live_sessions: rest },
    });
    expect(row.id).toBe(one.audit_id);

    const unknown = await call<Data>(
      "/admin/people/sign-out",
      { id: person.id, session_id: browser },
      { cookie },
    );
    expect(unknown.body.data.error).toBe("DEVICE_NOT_FOUND");

    const everything = await ok("/admin/people/sign-out", { id: person.id }, cookie);
    expect(everything.signed_out).toBe(1);
    const rows = await auditRowsOf(person.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: "person.sign_out_all",
      before: { live_sessions: rest },
      after: { live_sessions: [] },
    });
  });

  it("locks sign-in with a reason the person is shown, ends their sessions; unlock lets them back", async () => {
    const { cookie } = await operator();
    const person = await createUser();
    const session = await signIn(person.email);

    const locked = await ok<{ person: { status: string } }>(
      "/admin/people/lock",
      { id: person.id, reason: "Payment dispute, call support" },
      cookie,
    );
    expect(locked.person.status).toBe("LOCKED");
    expect((await call<Data>("/auth/userinfo", {}, { cookie: session.cookie })).status).toBe(401);
    const refused = await call<Data>(
      "/auth/signin",
      { email: person.email, password: PASSWORD },
      { ip: "10.7.0.2", cookie: "LANGUAGE=en" },
    );
    expect([refused.status, refused.body.data.error]).toEqual([403, "ACCOUNT_LOCKED"]);
    expect(refused.body.message).toBe(
      "This account is locked: Payment dispute, call support. Please contact support",
    );
    expect(refused.body.data.locked_reason).toBe("Payment dispute, call support");
    const viRefusal = await call<Data>(
      "/auth/signin",
      { email: person.email, password: PASSWORD },
      { ip: "10.7.0.2", cookie: "LANGUAGE=vi" },
    );
    expect(viRefusal.body.message).toBe(
      "Tài khoản này đã bị khóa: Payment dispute, call support. Vui lòng liên hệ hỗ trợ",
    );
    const row = await onlyAuditRow(person.id);
    expect(row).toMatchObject({
      action: "person.lock",
      before: { status: "ACTIVE", locked_reason: null, live_sessions: [expect.any(String)] },
      after: { status: "LOCKED", locked_reason: "Payment dispute, call support", live_sessions: [] },
    });

    await ok("/admin/people/unlock", { id: person.id }, cookie);
    const rows = await auditRowsOf(person.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: "person.unlock",
      before: { status: "LOCKED", locked_reason: "Payment dispute, call support" },
      after: { status: "ACTIVE", locked_reason: null },
    });
    expect((await signIn(person.email)).body.code).toBe(200);
    const again = await call<Data>("/admin/people/unlock", { id: person.id }, { cookie });
    expect(again.body.data.error).toBe("ACCOUNT_NOT_LOCKED");
    expect(await auditRowsOf(person.id)).toHaveLength(2);
  });

  it("a locked account without a reason is answered as before", async () => {
    const person = await createUser({ status: "LOCKED" });
    const res = await call<Data>(
      "/auth/signin",
      { email: person.email, password: PASSWORD },
      { ip: "10.7.0.3", cookie: "LANGUAGE=en" },
    );
    expect(res.body.message).toBe("This account is locked. Please contact support");
    expect(res.body.data.locked_reason).toBeNull();
  });

  it("resets two-factor: secret, backup codes and trusted browsers gone; a required one is set up again", async () => {
    const { cookie } = await operator();
    const { user: person, secret } = await createOperator({ scope: "user", isRequire2fa: true });
    const db = await getDb();
    await db.insert(backupCodes).values([
      { id: `bc1-${person.id}`, userId: person.id, codeHash: "h1" },
      { id: `bc2-${person.id}`, userId: person.id, codeHash: "h2" },
    ]);
    await db.insert(trustedDevices).values({
      id: `td-${person.id}`,
      userId: person.id,
      tokenHash: `t-${person.id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const reset = await ok<{ person: { two_fa: string | null } }>(
      "/admin/people/reset-2fa",
      { id: person.id, note: "Lost phone, identity checked by call" },
      cookie,
    );
    expect(reset.person.two_fa).toBeNull();
    const [after] = await db.select().from(users).where(eq(users.id, person.id));
    expect(after).toMatchObject({ twoFaType: null, twoFaSecret: null, twoFaEnabledAt: null });
    expect(await db.select().from(backupCodes).where(eq(backupCodes.userId, person.id))).toEqual([]);
    const [device] = await db.select().from(trustedDevices).where(eq(trustedDevices.userId, person.id));
    expect(device?.revokedAt).toBeInstanceOf(Date);

    const row = await onlyAuditRow(person.id);
    expect(row).toMatchObject({
      action: "person.reset_2fa",
      before: { two_fa: "totp", backup_codes_unused: 2, trusted_devices: 1 },
      after: { two_fa: null, two_fa_enabled_at: null, backup_codes_unused: 0, trusted_devices: 0 },
      note: "Lost phone, identity checked by call",
    });
    expect(JSON.stringify(row)).not.toContain(secret);

    const next = await signIn(person.email);
    expect(String(next.body.data.redirect_url)).toMatch(/^\/require-enable-2fa\?/);
    const again = await call<Data>("/admin/people/reset-2fa", { id: person.id }, { cookie });
    expect(again.body.data.error).toBe("TWO_FA_NOT_ENABLED");
    expect(await auditRowsOf(person.id)).toHaveLength(1);
  });

  it("resends the verification email, at most every five minutes", async () => {
    const { cookie } = await operator();
    const person = await createUser({ isVerifyEmail: false });
    const sent = await ok<{ sent_at: string }>(
      "/admin/people/resend-verification",
      { id: person.id },
      cookie,
    );
    const mail = outbox().filter((m) => m.to === person.email);
    expect(mail.at(-1)?.params.link).toMatch(/\/verify-email\?token=/);
    expect(await onlyAuditRow(person.id)).toMatchObject({
      action: "person.resend_verification",
      before: { verify_mail_sent_at: null },
      after: { verify_mail_sent_at: sent.sent_at },
    });
    const tooSoon = await call<Data>("/admin/people/resend-verification", { id: person.id }, { cookie });
    expect(tooSoon.body.data.error).toBe("VERIFY_MAIL_TOO_EARLY");
    const verified = await createUser();
    const no = await call<Data>("/admin/people/resend-verification", { id: verified.id }, { cookie });
    expect(no.body.data.error).toBe("PERSON_EMAIL_VERIFIED");
    expect(await auditRowsOf(verified.id)).toEqual([]);
  });

  it.each([
    ["point", 7.25, null, "point"],
    ["credit", 12.5, "ADMIN_ADD", "credit"],
    ["credit_app", 3, "APP_DEPOSIT", "credit_app"],
    ["money", 150_000, "MONEY_ADD", "money"],
  ] as const)(
    "adds to %s with the operator's note in the person's log",
    async (kind, amount, type, field) => {
      const { cookie } = await operator();
      const person = await createUser();
      const done = await ok<{ balance: number; reference_no: string }>(
        "/admin/people/adjust-balance",
        { id: person.id, kind, amount, note: "Compensation for outage" },
        cookie,
      );
      expect(done.balance).toBe(amount);
      const session = await signIn(person.email);
      const me = (await call<Record<string, number>>("/auth/userinfo", {}, { cookie: session.cookie })).body
        .data;
      expect(me[field]).toBe(amount);
      if (type) {
        const log = await call<{ items: { type: string; description: string; reference_no?: string }[] }>(
          "/partner/my-credit-log",
          {},
          { cookie: session.cookie },
        );
        expect(log.body.data.items).toEqual([
          expect.objectContaining({ type, description: "Compensation for outage" }),
        ]);
      } else {
        const log = await call<{ items: { point: number; description: string }[] }>(
          "/point/my-point-log",
          {},
          { cookie: session.cookie },
        );
        expect(log.body.data.items).toEqual([
          expect.objectContaining({ point: amount, description: "Compensation for outage" }),
        ]);
      }
      expect(await onlyAuditRow(person.id)).toMatchObject({
        action: "person.adjust_balance",
        before: { [kind]: 0 },
        after: { [kind]: amount, reference_no: done.reference_no },
        note: "Compensation for outage",
      });
    },
  );

  it("takes from a balance (ADMIN_DEDUCT), never below zero, and refuses a zero or a bad amount", async () => {
    const { cookie } = await operator();
    const person = await createUser({ credit: "20.00", money: 1000 });
    const taken = await ok<{ balance: number }>(
      "/admin/people/adjust-balance",
      { id: person.id, kind: "credit", amount: -5.5, note: "Duplicate top-up" },
      cookie,
    );
    expect(taken.balance).toBe(14.5);
    expect(await onlyAuditRow(person.id)).toMatchObject({
      before: { credit: 20 },
      after: { credit: 14.5 },
      note: "Duplicate top-up",
    });
    const session = await signIn(person.email);
    const log = await call<{ items: { type: string; credit: number }[] }>(
      "/partner/my-credit-log",
      {},
      { cookie: session.cookie },
    );
    expect(log.body.data.items).toEqual([expect.objectContaining({ type: "ADMIN_DEDUCT", credit: -5.5 })]);

    const tooMuch = await call<Data>(
      "/admin/people/adjust-balance",
      { id: person.id, kind: "money", amount: -1001, note: "x" },
      { cookie },
    );
    expect(tooMuch.body.data.error).toBe("INSUFFICIENT_BALANCE");
    for (const bad of [
      { kind: "money", amount: 0.5, note: "x" },
      { kind: "point", amount: 0, note: "x" },
      { kind: "point", amount: 1.234, note: "x" },
      { kind: "point", amount: 1, note: "" },
      { kind: "gold", amount: 1, note: "x" },
    ]) {
      const res = await call<Data>("/admin/people/adjust-balance", { id: person.id, ...bad }, { cookie });
      expect(res.body.data.error, JSON.stringify(bad)).toBe("VALIDATION");
    }
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, person.id));
    expect([row?.money, row?.credit]).toEqual([1000, "14.50"]);
    expect(await auditRowsOf(person.id)).toHaveLength(1);
  });

  it("a refused action writes no audit row", async () => {
    const { cookie } = await operator();
    const deleted = await createUser({ status: "DELETED" });
    const res = await call<Data>("/admin/people/lock", { id: deleted.id, reason: "x" }, { cookie });
    expect(res.body.data.error).toBe("PERSON_NOT_FOUND");
    const pending = await createUser({ status: "DELETION_PENDING" });
    const refused = await call<Data>("/admin/people/lock", { id: pending.id, reason: "x" }, { cookie });
    expect(refused.body.data.error).toBe("ACCOUNT_NOT_LOCKABLE");
    const rows = await (await getDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "person.lock"), eq(auditLog.targetId, pending.id)));
    expect(rows).toEqual([]);
    expect(await auditRowsOf(deleted.id)).toEqual([]);
  });
});
