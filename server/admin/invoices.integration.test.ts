// Issue 24: the console's affiliate invoices. Every affiliate's invoices by month, status and
// person; issuing a month shows first what it will create (writing nothing) and then creates
// exactly that, once; paying on a day and cancelling with a note, each with one audit row. The
// calls want the admin scope and the second factor; the money ones a re-authentication within 15
// minutes. (/invoice/list-invoice and the command line: invoices-cli.integration.test.ts.)
import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { newId } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { commissions, invoices } from "@/server/db/tables/commerce";
import type { UserRow } from "@/server/db/tables/users";
import { registry } from "@/server/registry";
import { signIn } from "@/tests/factories/commerce";
import { freshMonth, monthOfCommissions, nextMonth } from "@/tests/factories/commissions";
import { adminWithoutSecondFactor, reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

type Data = Record<string, unknown> & { error?: string };
type Invoice = Record<string, unknown> & { id: string; status: string; email: string; total: number };
type Planned = { affiliate_id: string; email: string; commission_count: number; total: number };
type Preview = { month: string; affiliates: Planned[]; commission_count: number; total: number };
type Issued = {
  month: string;
  created: number;
  invoices: (Planned & { id: string })[];
  total: number;
  audit_id: string;
};

const MINUTE = 60_000;

async function ok<T = Data>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  const parsed = registry[path]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  expect(parsed?.data).toEqual(res.body.data);
  return res.body.data;
}

const auditAbout = async (targetId: string) =>
  (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);

async function auditCount(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

async function rowCounts() {
  const db = await getDb();
  const [inv] = await db.select({ n: count() }).from(invoices);
  const [unpaid] = await db.select({ n: count() }).from(commissions).where(eq(commissions.status, "UNPAID"));
  return { invoices: inv?.n, unpaid: unpaid?.n, audit: await auditCount() };
}

async function operator() {
  const op = await signedInOperator();
  await reauthenticate(op.cookie);
  return op;
}

beforeEach(() => resetLimitsForTests());

const byEmail = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);

describe("issuing a month", () => {
  it("the preview shows per affiliate what issuing will create and writes nothing; issuing creates exactly that, once", async () => {
    const { user: op, cookie } = await operator();
    const month = freshMonth();
    const { ann, bob } = await monthOfCommissions(month);
    const before = await rowCounts();

    const preview = await ok<Preview>("/admin/invoices/preview", { month }, cookie);
    expect(preview).toEqual({
      month,
      affiliates: [
        { affiliate_id: ann.id, email: ann.email, commission_count: 2, total: 150_000 },
        { affiliate_id: bob.id, email: bob.email, commission_count: 1, total: 30_000 },
      ].sort(byEmail),
      commission_count: 3,
      total: 180_000,
    });
    expect(await rowCounts()).toEqual(before);

    const issued = await ok<Issued>("/admin/invoices/issue", { month }, cookie);
    expect(issued).toMatchObject({ month, created: 2, total: 180_000 });
    expect(issued.invoices.map(({ id: _, ...planned }) => planned)).toEqual(preview.affiliates);
    expect(await auditAbout(month)).toEqual([
      expect.objectContaining({
        id: issued.audit_id,
        operatorId: op.id,
        action: "invoice.issue",
        targetType: "invoice",
        targetId: month,
        before: null,
        after: { month, created: 2, invoice_ids: issued.invoices.map((i) => i.id), total: 180_000 },
      }),
    ]);
    const db = await getDb();
    const rows = await db.select().from(invoices).where(eq(invoices.month, month));
    expect(rows.map((r) => [r.affiliateId, r.total, r.status]).sort()).toEqual(
      [
        [ann.id, 150_000, "PENDING"],
        [bob.id, 30_000, "PENDING"],
      ].sort(),
    );

    // Again: nothing new, and the preview is empty; the audit says so.
    expect((await ok<Preview>("/admin/invoices/preview", { month }, cookie)).affiliates).toEqual([]);
    const again = await ok<Issued>("/admin/invoices/issue", { month }, cookie);
    expect(again).toMatchObject({ created: 0, invoices: [], total: 0 });
    expect((await auditAbout(month)).map((r) => r.after)).toEqual([
      expect.objectContaining({ created: 2 }),
      { month, created: 0, invoice_ids: [], total: 0 },
    ]);
    expect(await db.select().from(invoices).where(eq(invoices.month, month))).toHaveLength(2);
    const after = await ok<Preview>("/admin/invoices/preview", { month: nextMonth(month) }, cookie);
    expect(after.affiliates).toEqual([
      { affiliate_id: bob.id, email: bob.email, commission_count: 1, total: 999_000 },
    ]);

    for (const bad of ["2040-13", "2040-1", "last month", ""]) {
      const res = await call<Data>("/admin/invoices/preview", { month: bad }, { cookie });
      expect(res.body.data.error, bad).toBe("VALIDATION");
    }
  });
});

describe("issuing the same month twice at once", () => {
  it("creates each affiliate's invoice once", async () => {
    const { cookie } = await operator();
    const month = freshMonth();
    await monthOfCommissions(month);
    const both = await Promise.all([1, 2].map(() => ok<Issued>("/admin/invoices/issue", { month }, cookie)));
    expect(both.map((r) => r.created).sort()).toEqual([0, 2]);
    expect(await (await getDb()).select().from(invoices).where(eq(invoices.month, month))).toHaveLength(2);
    expect(await auditAbout(month)).toHaveLength(2);
  });
});

describe("the invoices of every affiliate", () => {
  it("lists them by month, status and person, with the affiliate's email", async () => {
    const { cookie } = await operator();
    const month = freshMonth();
    const { ann, bob } = await monthOfCommissions(month);
    await ok("/admin/invoices/issue", { month }, cookie);
    const list = (body: Record<string, unknown>) =>
      ok<{ items: Invoice[]; total: number }>("/admin/invoices/list", { limit: 200, ...body }, cookie);

    const all = await list({ month });
    expect(all.total).toBe(2);
    expect(all.items.find((r) => r.affiliate_id === ann.id)).toEqual({
      _id: expect.any(String),
      id: expect.any(String),
      affiliate_id: ann.id,
      email: ann.email,
      month,
      total: 150_000,
      commission_count: 2,
      status: "PENDING",
      paid_at: null,
      note: null,
      created_at: expect.any(String),
    });
    expect(
      (await list({ month, person: bob.email.slice(0, 8).toUpperCase() })).items.map((r) => r.email),
    ).toEqual([bob.email]);
    expect((await list({ person: ann.id })).items.map((r) => r.month)).toEqual([month]);
    expect((await list({ month, status: "PAID" })).total).toBe(0);
    expect((await list({ month, status: "PENDING" })).total).toBe(2);
    expect((await list({ month: nextMonth(month) })).total).toBe(0);
  });
});

describe("paying and cancelling", () => {
  async function issuedMonth(cookie: string) {
    const month = freshMonth();
    const people = await monthOfCommissions(month);
    const issued = await ok<Issued>("/admin/invoices/issue", { month }, cookie);
    const idOf = (u: UserRow) => issued.invoices.find((i) => i.affiliate_id === u.id)?.id ?? "";
    return { month, ...people, annInvoice: idOf(people.ann), bobInvoice: idOf(people.bob) };
  }

  it("pays on a day (noon in Vietnam's time): the invoice and its commissions PAID; one audit row", async () => {
    const { user: op, cookie } = await operator();
    const { annInvoice } = await issuedMonth(cookie);
    const paid = await ok<{ invoice: Invoice; audit_id: string }>(
      "/admin/invoices/pay",
      { id: annInvoice, paid_at: "2041-03-05" },
      cookie,
    );
    expect(paid.invoice).toMatchObject({
      id: annInvoice,
      status: "PAID",
      paid_at: "2041-03-05T05:00:00.000Z",
    });
    const db = await getDb();
    expect(
      (await db.select().from(commissions).where(eq(commissions.invoiceId, annInvoice))).map((c) => c.status),
    ).toEqual(["PAID", "PAID"]);
    expect(await auditAbout(annInvoice)).toEqual([
      expect.objectContaining({
        id: paid.audit_id,
        operatorId: op.id,
        action: "invoice.pay",
        targetType: "invoice",
        before: { status: "PENDING", paid_at: null },
        after: { status: "PAID", paid_at: "2041-03-05T05:00:00.000Z" },
      }),
    ]);

    const again = await call<Data>(
      "/admin/invoices/pay",
      { id: annInvoice, paid_at: "2041-03-06" },
      { cookie },
    );
    expect([again.status, again.body.data.error]).toEqual([409, "INVOICE_NOT_PENDING"]);
    const cancel = await call<Data>("/admin/invoices/cancel", { id: annInvoice, note: "Late" }, { cookie });
    expect(cancel.body.data.error).toBe("INVOICE_NOT_PENDING");
    const none = await call<Data>(
      "/admin/invoices/pay",
      { id: "no-such", paid_at: "2041-03-06" },
      { cookie },
    );
    expect([none.status, none.body.data.error]).toEqual([404, "INVOICE_NOT_FOUND"]);
    for (const day of ["2041-02-30", "05/03/2041", "2041-03-05T10:00:00Z", ""]) {
      const bad = await call<Data>("/admin/invoices/pay", { id: annInvoice, paid_at: day }, { cookie });
      expect(bad.body.data.error, day).toBe("VALIDATION");
    }
    expect(await auditAbout(annInvoice)).toHaveLength(1);
  });

  it("cancels with a note: the commissions can be invoiced again; one audit row", async () => {
    const { cookie } = await operator();
    const { month, bob, bobInvoice } = await issuedMonth(cookie);
    const cancelled = await ok<{ invoice: Invoice; audit_id: string }>(
      "/admin/invoices/cancel",
      { id: bobInvoice, note: "Wrong bank account" },
      cookie,
    );
    expect(cancelled.invoice).toMatchObject({ status: "CANCEL", note: "Wrong bank account", paid_at: null });
    expect(await auditAbout(bobInvoice)).toEqual([
      expect.objectContaining({
        action: "invoice.cancel",
        before: { status: "PENDING", note: null },
        after: { status: "CANCEL", note: "Wrong bank account" },
        note: "Wrong bank account",
      }),
    ]);
    const db = await getDb();
    const released = await db
      .select()
      .from(commissions)
      .where(and(eq(commissions.affiliateId, bob.id), eq(commissions.status, "UNPAID")));
    expect(released.every((c) => c.invoiceId === null)).toBe(true);
    const preview = await ok<Preview>("/admin/invoices/preview", { month }, cookie);
    expect(preview.affiliates).toEqual([
      { affiliate_id: bob.id, email: bob.email, commission_count: 1, total: 30_000 },
    ]);
    const reissued = await ok<Issued>("/admin/invoices/issue", { month }, cookie);
    expect(reissued.created).toBe(1);
    const needsNote = await call<Data>(
      "/admin/invoices/cancel",
      { id: reissued.invoices[0]?.id },
      { cookie },
    );
    expect(needsNote.body.data.error).toBe("VALIDATION");
  });
});

describe("who may", () => {
  const MONEY = ["/admin/invoices/issue", "/admin/invoices/pay", "/admin/invoices/cancel"];
  const PATHS = ["/admin/invoices/list", "/admin/invoices/preview", ...MONEY];

  async function target() {
    const month = freshMonth();
    const { ann } = await monthOfCommissions(month);
    const [row] = await (await getDb())
      .insert(invoices)
      .values({ id: newId(), affiliateId: ann.id, month: nextMonth(nextMonth(month)), total: 1000 })
      .returning();
    const body: Record<string, Record<string, unknown>> = {
      "/admin/invoices/list": {},
      "/admin/invoices/preview": { month },
      "/admin/invoices/issue": { month },
      "/admin/invoices/pay": { id: row?.id, paid_at: "2041-01-02" },
      "/admin/invoices/cancel": { id: row?.id, note: "No" },
    };
    return { month, invoiceId: String(row?.id), body };
  }

  it.each(PATHS)("%s refuses no session, a person, and an admin without the second factor", async (path) => {
    const t = await target();
    const personCookie = await signIn(await createUser());
    const before = await rowCounts();
    const nobody = await call<Data>(path, t.body[path]);
    expect([nobody.status, nobody.body.data.error]).toEqual([401, "UNAUTHORIZED"]);
    const person = await call<Data>(path, t.body[path], { cookie: personCookie });
    expect([person.status, person.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
    const noSecond = await call<Data>(path, t.body[path], {
      cookie: (await adminWithoutSecondFactor()).cookie,
    });
    expect([noSecond.status, noSecond.body.data.error]).toEqual([403, "ADMIN_2FA_REQUIRED"]);
    expect(await rowCounts()).toEqual(before);
  });

  it.each(MONEY)("%s wants a re-authentication within 15 minutes", async (path) => {
    const { cookie } = await signedInOperator();
    const t = await target();
    const before = await rowCounts();
    const none = await call<Data>(path, t.body[path], { cookie });
    expect([none.status, none.body.data.error]).toEqual([403, "REAUTH_REQUIRED"]);
    await reauthenticate(cookie, Date.now() - 16 * MINUTE);
    expect((await call<Data>(path, t.body[path], { cookie })).body.data.error).toBe("REAUTH_REQUIRED");
    expect(await rowCounts()).toEqual(before);
    await reauthenticate(cookie, Date.now() - 14 * MINUTE);
    await ok(path, t.body[path] ?? {}, cookie);
    expect(await auditCount()).toBe(before.audit + 1);
  });

  it("list and preview need no re-authentication", async () => {
    const { cookie } = await signedInOperator();
    const t = await target();
    await ok("/admin/invoices/list", {}, cookie);
    await ok("/admin/invoices/preview", { month: t.month }, cookie);
  });
});
