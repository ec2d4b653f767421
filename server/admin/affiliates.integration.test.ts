// Issue 24, the affiliate programme in the console: /admin/affiliates/* (the list with totals, the
// level), and DESIGN §13's operator reading of /affilate/commission-list, /affilate/create and
// /affilate/update. Each refusal writes nothing; each action writes exactly one audit row.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { affiliates } from "@/server/db/tables/balances";
import { commissions } from "@/server/db/tables/commerce";
import type { UserRow } from "@/server/db/tables/users";
import { recordReferral } from "@/server/referral/service";
import { configureProducts, createdOrder, payOrder, signIn } from "@/tests/factories/commerce";
import { adminWithoutSecondFactor, reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import type { AffiliateRowDto } from "./programme-schema";
import { setAffiliateStatus } from "./service";

const MINUTE = 60_000;
type Data = Record<string, unknown> & { error?: string };
type Page<T> = { items: T[]; total: number };
type Commission = { _id: string; affiliate_id: string; amount: number };

beforeAll(() => configureProducts());
beforeEach(() => resetLimitsForTests());

const auditRows = async (targetId: string) =>
  (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId));

const unprovedAdminCookie = async () => (await adminWithoutSecondFactor()).cookie;

/**
 * An affiliate who brought two customers, one of whom paid three orders (ls PRO, 239,000 đ:
 * 47,800 đ of commission each at level 1); the commissions are then one unpaid, one invoiced, one
 * paid, and a fourth order's is void.
 */
async function affiliateWithCommissions(): Promise<{ affiliate: UserRow; buyer: UserRow }> {
  const db = await getDb();
  const clock = () => new Date();
  const affiliate = await createUser({ fullname: `Aff ${newId()}` });
  const buyer = await createUser();
  const idle = await createUser();
  await recordReferral({ db, clock }, buyer.id, { referral_id: affiliate.code });
  await recordReferral({ db, clock }, idle.id, { referral_id: affiliate.code });
  await setAffiliateStatus(db, affiliate.email, true);
  const states = ["UNPAID", "INVOICED", "PAID", "VOID"] as const;
  for (const status of states) {
    const order = await createdOrder(buyer);
    await payOrder(order.order_id);
    await db
      .update(commissions)
      .set({ status })
      .where(and(eq(commissions.orderId, order.order_id), eq(commissions.affiliateId, affiliate.id)));
  }
  return { affiliate, buyer };
}

describe("/admin/affiliates/* refusals", () => {
  it.each([
    ["/admin/affiliates/list", () => ({})],
    ["/admin/affiliates/set-level", (id: string) => ({ id, level: 2 })],
  ] as const)("%s: no session, no scope, no second factor: refused, nothing written", async (path, body) => {
    const { affiliate } = await affiliateWithCommissions();
    const sent = body(affiliate.id);
    expect((await call<Data>(path, sent)).body.data.error).toBe("UNAUTHORIZED");
    const person = await call<Data>(path, sent, { cookie: await signIn(await createUser()) });
    expect([person.status, person.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
    const unproved = await call<Data>(path, sent, { cookie: await unprovedAdminCookie() });
    expect([unproved.status, unproved.body.data.error]).toEqual([403, "ADMIN_2FA_REQUIRED"]);
    expect(await auditRows(affiliate.id)).toHaveLength(1); // setAffiliateStatus's own
  });
});

describe("/admin/affiliates/list", () => {
  it("shows level, code, customers, paying customers and the commission totals by state", async () => {
    const { cookie } = await signedInOperator();
    const { affiliate } = await affiliateWithCommissions();
    const res = await call<Page<AffiliateRowDto>>(
      "/admin/affiliates/list",
      { q: affiliate.email },
      { cookie },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items).toEqual([
      {
        _id: affiliate.id,
        id: affiliate.id,
        email: affiliate.email,
        fullname: affiliate.fullname,
        code: affiliate.code,
        level: 1,
        joined_at: expect.any(String),
        customers: 2,
        paying_customers: 1,
        earned: 3 * 47_800,
        unpaid: 47_800,
        invoiced: 47_800,
        paid: 47_800,
      },
    ]);
    expect(res.body.data.total).toBe(1);
  });

  it("finds by code and by part of the name, filters by level, and leaves out non-affiliates", async () => {
    const { cookie } = await signedInOperator();
    const { affiliate, buyer } = await affiliateWithCommissions();
    const list = async (body: Record<string, unknown>) =>
      (await call<Page<AffiliateRowDto>>("/admin/affiliates/list", body, { cookie })).body.data;
    expect((await list({ q: affiliate.code.toLowerCase() })).items.map((a) => a.id)).toEqual([affiliate.id]);
    expect((await list({ q: affiliate.fullname.slice(4) })).items.map((a) => a.id)).toEqual([affiliate.id]);
    expect((await list({ q: buyer.email })).total).toBe(0);
    expect((await list({ q: affiliate.email, level: "2" })).total).toBe(0);
    await (await getDb()).update(affiliates).set({ level: "2" }).where(eq(affiliates.userId, affiliate.id));
    expect((await list({ q: affiliate.email, level: "2" })).items.map((a) => a.level)).toEqual([2]);
    expect((await call<Data>("/admin/affiliates/list", { level: "5" }, { cookie })).body.data.error).toBe(
      "VALIDATION",
    );
  });
});

describe("/admin/affiliates/set-level", () => {
  it("wants a re-authentication within 15 minutes, then writes the level and one audit row", async () => {
    const { user: operator, cookie } = await signedInOperator();
    const { affiliate } = await affiliateWithCommissions();
    const body = { id: affiliate.id, level: 3, note: "Top seller" };
    const now = Date.now();
    expect((await call<Data>("/admin/affiliates/set-level", body, { cookie })).body.data.error).toBe(
      "REAUTH_REQUIRED",
    );
    await reauthenticate(cookie, now - 16 * MINUTE);
    expect((await call<Data>("/admin/affiliates/set-level", body, { cookie })).body.data.error).toBe(
      "REAUTH_REQUIRED",
    );
    expect(await auditRows(affiliate.id)).toHaveLength(1);

    await reauthenticate(cookie, now - 14 * MINUTE);
    const done = await call<{ affiliate: AffiliateRowDto; audit_id: string }>(
      "/admin/affiliates/set-level",
      body,
      { cookie },
    );
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.affiliate).toMatchObject({ id: affiliate.id, level: 3, earned: 3 * 47_800 });
    const rows = (await auditRows(affiliate.id)).filter((r) => r.action === "person.set_affiliate_level");
    expect(rows).toEqual([
      expect.objectContaining({
        id: done.body.data.audit_id,
        operatorId: operator.id,
        operator: operator.email,
        targetType: "person",
        before: { level: 1 },
        after: { level: 3 },
        note: "Top seller",
      }),
    ]);
  });

  it("refuses someone outside the programme, nobody, and a level that is not 1–4, writing nothing", async () => {
    const { user: operator, cookie } = await signedInOperator();
    await reauthenticate(cookie);
    const outsider = await createUser();
    const refusals: [Record<string, unknown>, string][] = [
      [{ id: outsider.id, level: 2 }, "NOT_AFFILIATE"],
      [{ id: "nobody", level: 2 }, "PERSON_NOT_FOUND"],
      [{ id: outsider.id, level: 5 }, "VALIDATION"],
      [{ id: outsider.id, level: 0 }, "VALIDATION"],
    ];
    for (const [body, error] of refusals) {
      expect((await call<Data>("/admin/affiliates/set-level", body, { cookie })).body.data.error).toBe(error);
    }
    const db = await getDb();
    expect(await db.select().from(auditLog).where(eq(auditLog.operatorId, operator.id))).toEqual([]);
  });
});

describe("/affilate/commission-list (DESIGN §13)", () => {
  it("answers an operator every affiliate's commissions, `person` (an id or email) naming one", async () => {
    const { cookie } = await signedInOperator();
    const first = await affiliateWithCommissions();
    const second = await affiliateWithCommissions();
    const list = async (body: Record<string, unknown>) =>
      (await call<Page<Commission> & { total_amount: number }>("/affilate/commission-list", body, { cookie }))
        .body.data;
    const everyone = await list({ limit: 200 });
    const owners = new Set(everyone.items.map((c) => c.affiliate_id));
    expect(owners.has(first.affiliate.id) && owners.has(second.affiliate.id)).toBe(true);
    for (const person of [first.affiliate.id, first.affiliate.email.toUpperCase()]) {
      const one = await list({ person });
      expect(one.items.map((c) => c.affiliate_id)).toEqual(Array(3).fill(first.affiliate.id));
      expect(one.total_amount).toBe(3 * 47_800);
    }
    expect((await list({ person: "nobody@example.com" })).total).toBe(0);
  });

  it("answers anyone else their own rows, `person` ignored — an admin without the second factor too", async () => {
    const first = await affiliateWithCommissions();
    const second = await affiliateWithCommissions();
    const own = await call<Page<Commission>>(
      "/affilate/commission-list",
      { person: second.affiliate.id },
      { cookie: await signIn(first.affiliate) },
    );
    expect(own.body.data.items.map((c) => c.affiliate_id)).toEqual(Array(3).fill(first.affiliate.id));
    const unproved = await call<Page<Commission>>(
      "/affilate/commission-list",
      { person: second.affiliate.id },
      { cookie: await unprovedAdminCookie() },
    );
    expect(unproved.body.data).toMatchObject({ items: [], total: 0 });
  });
});

describe("/affilate/create and /affilate/update (DESIGN §13)", () => {
  it("an operator enrols the person `user_id` names, with a level: re-authenticated, one audit row", async () => {
    const { user: operator, cookie } = await signedInOperator();
    const person = await createUser();
    const body = { user_id: person.id, payment_info: "VCB 0123456789", level: 2 };
    expect((await call<Data>("/affilate/create", body, { cookie })).body.data.error).toBe("REAUTH_REQUIRED");
    expect(await auditRows(person.id)).toEqual([]);
    await reauthenticate(cookie);
    const created = await call<{ affilateInfo: { level: number; payment_info: string } | null }>(
      "/affilate/create",
      body,
      { cookie },
    );
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.affilateInfo).toMatchObject({ level: 2, payment_info: "VCB 0123456789" });
    expect(await auditRows(person.id)).toEqual([
      expect.objectContaining({
        action: "person.set_affiliate",
        operatorId: operator.id,
        before: { is_affiliate: false, level: null, payment_info: null },
        // The bank details are the person's: the audit keeps that they changed, not the text (issue 37).
        after: { is_affiliate: true, level: 2, payment_info: "changed" },
      }),
    ]);
    expect(JSON.stringify(await auditRows(person.id))).not.toContain("0123456789");
    // The operator's own affiliate record was not touched.
    const mine = await call<{ affilateInfo: unknown }>("/affilate/my-affilate-info", {}, { cookie });
    expect(mine.body.data.affilateInfo).toBeNull();
  });

  it("an operator changes an affiliate's payment information and level; someone outside is refused", async () => {
    const { user: operator, cookie } = await signedInOperator();
    await reauthenticate(cookie);
    const { affiliate } = await affiliateWithCommissions();
    const updated = await call<Data>(
      "/affilate/update",
      { user_id: affiliate.id, payment_info: "ACB 42", level: 4 },
      { cookie },
    );
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(200);
    const rows = (await auditRows(affiliate.id)).filter((r) => r.operatorId === operator.id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "person.set_affiliate",
        before: { level: 1, payment_info: "" },
        after: { level: 4, payment_info: "changed" },
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain("ACB 42");
    const outsider = await createUser();
    const refused = await call<Data>(
      "/affilate/update",
      { user_id: outsider.id, payment_info: "ACB 42" },
      { cookie },
    );
    expect(refused.body.data.error).toBe("NOT_AFFILIATE");
    expect(await auditRows(outsider.id)).toEqual([]);
  });

  it("a person naming someone else or a level is refused, not read as their own; their own still works", async () => {
    const target = await createUser();
    const self = await createUser();
    const cookie = await signIn(self);
    for (const [path, body] of [
      ["/affilate/create", { user_id: target.id, payment_info: "x" }],
      ["/affilate/create", { payment_info: "x", level: 4 }],
      ["/affilate/update", { user_id: target.id, payment_info: "x" }],
    ] as const) {
      const res = await call<Data>(path, body, { cookie });
      expect([res.status, res.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
    }
    const unproved = await call<Data>(
      "/affilate/create",
      { user_id: target.id, payment_info: "x" },
      { cookie: await unprovedAdminCookie() },
    );
    expect(unproved.body.data.error).toBe("ADMIN_2FA_REQUIRED");
    const db = await getDb();
    expect(await db.select().from(affiliates).where(eq(affiliates.userId, target.id))).toEqual([]);
    expect(await db.select().from(affiliates).where(eq(affiliates.userId, self.id))).toEqual([]);

    const joined = await call<{ affilateInfo: { level: number } }>(
      "/affilate/create",
      { payment_info: "Mine" },
      { cookie },
    );
    expect(joined.body.data.affilateInfo.level).toBe(1);
    const saved = await call<Data>("/affilate/update", { payment_info: "Mine, again" }, { cookie });
    expect(saved.body.data).toEqual({ payment_info: "Mine, again" });
    expect(await auditRows(self.id)).toEqual([]);
  });
});
