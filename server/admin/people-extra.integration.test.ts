// Issue 24, the person page's further calls through /2.0: a balance's log, export and deletion,
// the two-factor requirement, and SPEC §7's /user/list, /user/show, /user/update-info. Only an
// admin whose sign-in proved the second factor gets in; each change writes exactly one audit row.
import { count, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { type AuditRow, auditLog } from "@/server/db/tables/audit";
import { securityEvents } from "@/server/db/tables/security-events";
import { type UserRow, users } from "@/server/db/tables/users";
import { EXPORT_FILES } from "@/server/export/service";
import { registry } from "@/server/registry";
import { adminWithoutSecondFactor, reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

type Data = Record<string, unknown> & { error?: string; fields?: Record<string, string> };
const MINUTE = 60_000;

/** The answer of `path`, which must succeed and match its documented output exactly. */
async function ok<T = Data>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body).slice(0, 500)}`).toBe(200);
  const parsed = registry[path]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  expect(parsed?.data).toEqual(res.body.data);
  return res.body.data;
}

async function auditRowsOf(targetId: string): Promise<AuditRow[]> {
  return (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);
}

async function auditCount(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

async function personRow(id: string): Promise<UserRow> {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no such person");
  return row;
}

const NEW_CALLS: Record<string, (person: UserRow) => Record<string, unknown>> = {
  "/admin/people/balance-logs": (p) => ({ id: p.id, kind: "point" }),
  "/admin/people/export": (p) => ({ id: p.id }),
  "/admin/people/delete": (p) => ({ id: p.id, note: "Support ticket 42" }),
  "/admin/people/set-require-2fa": (p) => ({ id: p.id, required: true }),
  "/user/list": (p) => ({ q: p.email }),
  "/user/show": (p) => ({ id: p.id }),
  "/user/update-info": (p) => ({ id: p.id, fullname: "Changed Name" }),
};

let personCookie: string;
let noSecondFactorCookie: string;

beforeAll(async () => {
  const plain = await createUser();
  const signedIn = await call("/auth/signin", { email: plain.email, password: PASSWORD }, { ip: "10.8.0.1" });
  personCookie = `${signedIn.cookie}; LANGUAGE=en`;
  noSecondFactorCookie = (await adminWithoutSecondFactor()).cookie;
});

beforeEach(() => resetLimitsForTests());

describe("who may call them", () => {
  it("all are operator calls", () => {
    for (const path of Object.keys(NEW_CALLS)) expect(registry[path]?.auth, path).toBe("admin");
  });

  it.each(Object.keys(NEW_CALLS))(
    "%s refuses no session, a person without the scope (no 'own' answer) and an admin without the second factor",
    async (path) => {
      const person = await createUser();
      const body = NEW_CALLS[path]?.(person) ?? {};
      const before = await auditCount();
      const nobody = await call<Data>(path, body);
      expect([nobody.status, nobody.body.data.error]).toEqual([401, "UNAUTHORIZED"]);
      const plain = await call<Data>(path, body, { cookie: personCookie });
      expect([plain.status, plain.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
      const unproved = await call<Data>(path, body, { cookie: noSecondFactorCookie });
      expect([unproved.status, unproved.body.data.error]).toEqual([403, "ADMIN_2FA_REQUIRED"]);
      expect(await auditCount()).toBe(before);
      expect((await personRow(person.id)).fullname).toBe("Test Person");
      expect((await personRow(person.id)).status).toBe("ACTIVE");
    },
  );
});

describe("SPEC §7 operator calls", () => {
  it("/user/list and /user/show answer what the console's search and person page do", async () => {
    const { cookie } = await signedInOperator();
    const person = await createUser({ fullname: "Listed Person" });
    const list = await ok<{ items: { id: string }[] }>("/user/list", { q: person.email }, cookie);
    expect(list).toEqual(await ok("/admin/people/search", { q: person.email }, cookie));
    expect(list.items.map((i) => i.id)).toEqual([person.id]);
    const shown = await ok<{ person: { id: string } }>("/user/show", { id: person.id }, cookie);
    expect(shown.person.id).toBe(person.id);
    const missing = await call<Data>("/user/show", { id: "nobody" }, { cookie });
    expect([missing.status, missing.body.data.error]).toEqual([404, "PERSON_NOT_FOUND"]);
  });

  it("/user/update-info changes the fields sent, a new phone unverified, with one audit row", async () => {
    const { user: op, cookie } = await signedInOperator();
    const person = await createUser({ isVerifyPhone: true });
    const changed = await ok<{ person: { fullname: string; phone: string }; audit_id: string }>(
      "/user/update-info",
      {
        id: person.id,
        fullname: "  Nguyễn Văn Mới ",
        phone: "+84 987 654 321",
        language: "en",
        timezone: "Asia/Bangkok",
        note: "Ticket 7",
      },
      cookie,
    );
    expect(changed.person).toMatchObject({ fullname: "Nguyễn Văn Mới", phone: "0987654321" });
    const row = await personRow(person.id);
    expect(row).toMatchObject({
      fullname: "Nguyễn Văn Mới",
      phone: "0987654321",
      isVerifyPhone: false,
      language: "en",
      timezone: "Asia/Bangkok",
      email: person.email,
    });
    const [audit, ...more] = await auditRowsOf(person.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      id: changed.audit_id,
      operatorId: op.id,
      action: "person.update_info",
      targetType: "person",
      // The name is the person's free text: the row says it changed, not what it says (issue 37).
      before: {
        fullname: "set",
        phone: "0912345678",
        is_verify_phone: true,
        language: person.language,
        timezone: person.timezone,
      },
      after: {
        fullname: "changed",
        phone: "0987654321",
        is_verify_phone: false,
        language: "en",
        timezone: "Asia/Bangkok",
      },
      note: "Ticket 7",
    });

    // Only the name this time: the phone keeps its state.
    await ok("/user/update-info", { id: person.id, fullname: "Again" }, cookie);
    expect((await auditRowsOf(person.id)).at(-1)).toMatchObject({
      before: { fullname: "set" },
      after: { fullname: "changed" },
    });
  });

  it("/user/update-info refuses a bad phone, and the number SMS two-factor codes go to", async () => {
    const { cookie } = await signedInOperator();
    const person = await createUser();
    const bad = await call<Data>("/user/update-info", { id: person.id, phone: "12" }, { cookie });
    expect([bad.status, bad.body.data.error, Object.keys(bad.body.data.fields ?? {})]).toEqual([
      400,
      "VALIDATION",
      ["phone"],
    ]);
    const zone = await call<Data>("/user/update-info", { id: person.id, timezone: "Mars/Base" }, { cookie });
    expect(zone.body.data.error).toBe("VALIDATION");

    const sms = await createUser({ twoFaType: "SMS", twoFaEnabledAt: new Date() });
    const refused = await call<Data>("/user/update-info", { id: sms.id, phone: "0987000111" }, { cookie });
    expect(refused.body.data.error).toBe("VALIDATION");
    expect(refused.body.data.fields?.phone).toMatch(/two-factor/i);
    expect((await personRow(sms.id)).phone).toBe("0912345678");
    expect(await auditRowsOf(person.id)).toEqual([]);
    expect(await auditRowsOf(sms.id)).toEqual([]);
  });
});

describe("the person page's actions", () => {
  it("requires two-factor at sign-in, or not (that after a re-authentication): one audit row each", async () => {
    const { user: op, cookie } = await signedInOperator();
    const person = await createUser();
    expect(await ok("/admin/people/set-require-2fa", { id: person.id, required: true }, cookie)).toEqual({
      is_require_2fa: true,
    });
    const detail = await ok<{ person: { is_require_2fa: boolean } }>(
      "/admin/people/get",
      { id: person.id },
      cookie,
    );
    expect(detail.person.is_require_2fa).toBe(true);
    expect(await auditRowsOf(person.id)).toEqual([
      expect.objectContaining({
        operatorId: op.id,
        action: "person.set_require_2fa",
        before: { is_require_2fa: false },
        after: { is_require_2fa: true },
      }),
    ]);
    // Issue 37: no longer requiring it weakens the person's sign-in: "confirm it's you" first.
    const unconfirmed = await call<Data>(
      "/admin/people/set-require-2fa",
      { id: person.id, required: false },
      { cookie },
    );
    expect([unconfirmed.status, unconfirmed.body.data.error]).toEqual([403, "REAUTH_REQUIRED"]);
    expect((await personRow(person.id)).isRequire2fa).toBe(true);
    await reauthenticate(cookie);
    await ok("/admin/people/set-require-2fa", { id: person.id, required: false }, cookie);
    expect((await personRow(person.id)).isRequire2fa).toBe(false);
    expect((await auditRowsOf(person.id)).map((r) => [r.before, r.after])).toEqual([
      [{ is_require_2fa: false }, { is_require_2fa: true }],
      [{ is_require_2fa: true }, { is_require_2fa: false }],
    ]);
  });

  it("exports the person's data as their own download gives it, audited, with their security event", async () => {
    const { user: op, cookie } = await signedInOperator();
    const person = await createUser({ language: "en" });
    const other = await createUser();
    // Issue 37: the person's whole data leaves the portal: "confirm it's you" first.
    const unconfirmed = await call<Data>("/admin/people/export", { id: person.id }, { cookie });
    expect([unconfirmed.status, unconfirmed.body.data.error]).toEqual([403, "REAUTH_REQUIRED"]);
    expect(await auditRowsOf(person.id)).toEqual([]);
    await reauthenticate(cookie);
    const file = await ok<{ file_name: string; size: number; base64: string; audit_id: string }>(
      "/admin/people/export",
      { id: person.id },
      cookie,
    );
    const bytes = new Uint8Array(Buffer.from(file.base64, "base64"));
    expect(bytes.length).toBe(file.size);
    const files = unzipSync(bytes);
    const json = strFromU8(files[EXPORT_FILES.json] ?? new Uint8Array());
    expect(JSON.parse(json).profile).toMatchObject({ id: person.id, email: person.email });
    expect(json).not.toContain(other.email);
    expect(strFromU8(files[EXPORT_FILES.html] ?? new Uint8Array())).toContain('lang="en"');
    expect(await auditRowsOf(person.id)).toEqual([
      expect.objectContaining({
        id: file.audit_id,
        operatorId: op.id,
        action: "person.export",
        before: null,
        after: null,
        note: file.file_name,
      }),
    ]);
    const events = await (await getDb())
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, person.id));
    expect(events.filter((e) => e.type === "data_exported").map((e) => e.data)).toEqual([
      expect.objectContaining({ by: op.email }),
    ]);
    const missing = await call<Data>("/admin/people/export", { id: "nobody" }, { cookie });
    expect(missing.body.data.error).toBe("PERSON_NOT_FOUND");
  });

  it("deletes an account only after a re-authentication within 15 minutes, with a note", async () => {
    const { user: op, cookie } = await signedInOperator();
    const person = await createUser();
    const own = await call("/auth/signin", { email: person.email, password: PASSWORD }, { ip: "10.8.0.2" });
    const body = { id: person.id, note: "Asked by email, ticket 42" };
    const before = await auditCount();

    const none = await call<Data>("/admin/people/delete", body, { cookie });
    expect([none.status, none.body.data.error]).toEqual([403, "REAUTH_REQUIRED"]);
    await reauthenticate(cookie, Date.now() - 16 * MINUTE);
    const stale = await call<Data>("/admin/people/delete", body, { cookie });
    expect(stale.body.data.error).toBe("REAUTH_REQUIRED");
    await reauthenticate(cookie, Date.now() - 14 * MINUTE);
    const noNote = await call<Data>("/admin/people/delete", { id: person.id }, { cookie });
    expect(noNote.body.data.error).toBe("VALIDATION");
    expect(await auditCount()).toBe(before);
    expect((await personRow(person.id)).status).toBe("ACTIVE");

    const done = await ok<{ person: { status: string }; deletion_due_at: string; audit_id: string }>(
      "/admin/people/delete",
      body,
      cookie,
    );
    expect(done.person.status).toBe("DELETION_PENDING");
    const row = await personRow(person.id);
    expect(row.status).toBe("DELETION_PENDING");
    expect(row.deletionDueAt?.toISOString()).toBe(done.deletion_due_at);
    expect((await call<Data>("/auth/userinfo", {}, { cookie: own.cookie })).status).toBe(401);
    expect(await auditRowsOf(person.id)).toEqual([
      expect.objectContaining({
        id: done.audit_id,
        operatorId: op.id,
        action: "person.delete",
        before: { status: "ACTIVE", deletion_due_at: null },
        after: { status: "DELETION_PENDING", deletion_due_at: done.deletion_due_at },
        note: "Asked by email, ticket 42",
      }),
    ]);

    const again = await call<Data>("/admin/people/delete", body, { cookie });
    expect(again.body.data.error).toBe("ACCOUNT_DELETION_PENDING");
    expect(await auditRowsOf(person.id)).toHaveLength(1);
  });

  it("lists one balance's log of the person at a time, paged, every column shown, nothing audited", async () => {
    const { cookie } = await signedInOperator();
    const person = await createUser();
    const db = await getDb();
    const at = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
    const change = (balance: "point" | "credit" | "credit_app" | "money", amount: number, minutes: number) =>
      adjustBalance(db, {
        userId: person.id,
        balance,
        amount,
        type:
          balance === "point"
            ? undefined
            : balance === "credit"
              ? "ADMIN_ADD"
              : balance === "credit_app"
                ? "APP_DEPOSIT"
                : "MONEY_ADD",
        note: `${balance} ${amount}`,
        now: at(minutes),
      });
    await change("point", 10, 5);
    await change("point", 2.5, 4);
    const credit = await change("credit", 30, 3);
    await change("credit_app", 7, 2);
    await change("money", 50_000, 1);
    const before = await auditCount();

    type LogPage = { items: { amount: number; type: string | null; description: string }[]; total: number };
    const logs = (kind: string, extra: Record<string, unknown> = {}) =>
      ok<LogPage>("/admin/people/balance-logs", { id: person.id, kind, ...extra }, cookie);
    const points = await logs("point");
    expect(points.total).toBe(2);
    expect(points.items.map((i) => [i.amount, i.type, i.description])).toEqual([
      [2.5, null, "point 2.5"],
      [10, null, "point 10"],
    ]);
    const creditPage = await logs("credit");
    expect(creditPage.items).toEqual([
      expect.objectContaining({
        amount: 30,
        type: "ADMIN_ADD",
        description: "credit 30",
        // A non-partner's own log hides the reference; the operator sees it.
        reference_no: credit.referenceNo,
      }),
    ]);
    expect((await logs("credit_app")).items.map((i) => [i.amount, i.type])).toEqual([[7, "APP_DEPOSIT"]]);
    expect((await logs("money")).items.map((i) => [i.amount, i.type])).toEqual([[50_000, "MONEY_ADD"]]);
    const paged = await logs("point", { limit: 1, offset: 1 });
    expect([paged.total, paged.items.map((i) => i.amount)]).toEqual([2, [10]]);
    expect(await auditCount()).toBe(before);

    const bad = await call<Data>("/admin/people/balance-logs", { id: person.id, kind: "gold" }, { cookie });
    expect(bad.body.data.error).toBe("VALIDATION");
    const missing = await call<Data>(
      "/admin/people/balance-logs",
      { id: "nobody", kind: "point" },
      { cookie },
    );
    expect(missing.body.data.error).toBe("PERSON_NOT_FOUND");
  });
});
