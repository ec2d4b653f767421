import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { call } from "@/tests/setup/api";
import { ensureDemoAccount } from "./demo";

type PageData<T> = { items: T[]; total: number };

describe("demo seed", () => {
  it("fills the demo account once: balances equal the sum of their log rows, referred accounts listed", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "demo-seed-"));
    const db = await getDb();
    const demo = await ensureDemoAccount(db, dir);
    await ensureDemoAccount(db, dir); // a second start adds nothing
    const { cookie } = await call("/auth/signin", demo);
    const me = (await call<Record<string, number | boolean>>("/auth/userinfo", {}, { cookie })).body.data;
    expect(me.is_partner).toBe(true);

    const credit = (
      await call<PageData<{ credit: number; balance: string; type: string }>>(
        "/partner/my-credit-log",
        { limit: 200 },
        { cookie },
      )
    ).body.data;
    expect(credit.total).toBe(12);
    const sum = (balance: string) =>
      credit.items.filter((r) => r.balance === balance).reduce((s, r) => s + r.credit, 0);
    expect(me.money).toBe(sum("money"));
    expect(me.credit).toBeCloseTo(sum("credit"), 2);
    expect(me.credit_app).toBeCloseTo(sum("credit_app"), 2);

    const points = (
      await call<PageData<{ point: number }>>("/point/my-point-log", { limit: 200 }, { cookie })
    ).body.data;
    expect(points.total).toBe(4);
    expect(me.point).toBeCloseTo(
      points.items.reduce((s, r) => s + r.point, 0),
      2,
    );

    // Issue 9: orders in every status, payments of every kind, stores on two apps.
    const orders = (
      await call<PageData<{ status: string; app_code: string }>>(
        "/order/my-order",
        { limit: 200 },
        { cookie },
      )
    ).body.data;
    expect(new Set(orders.items.map((o) => o.status))).toEqual(
      new Set(["PENDING", "PAID", "PAID_DEBIT", "CANCEL", "INVALID"]),
    );
    expect(new Set(orders.items.map((o) => o.app_code))).toEqual(new Set(["ls", "lp"]));
    const payments = (
      await call<PageData<{ status: string; method: string }>>(
        "/payment/my-payment",
        { limit: 200 },
        { cookie },
      )
    ).body.data;
    expect(new Set(payments.items.map((p) => p.status))).toEqual(new Set(["PENDING", "PAID", "CANCEL"]));
    expect(new Set(payments.items.map((p) => p.method))).toEqual(
      new Set(["ONLINE_METHOD", "OFFLINE_METHOD"]),
    );

    const referrals = (
      await call<PageData<{ verify_reward: number | null }>>(
        "/referral/my-referral",
        { limit: 20 },
        { cookie },
      )
    ).body.data;
    expect(referrals.total).toBe(4);
    expect(referrals.items.filter((r) => r.verify_reward === 1)).toHaveLength(3);
    expect(
      (referrals.items as { purchased_reward?: number | null }[]).filter((r) => r.purchased_reward === 1),
    ).toHaveLength(3);

    // Issue 11: commissions over two levels, one paid and one pending invoice, customers' stores on two apps.
    const commissions = (
      await call<PageData<{ level: number; status: string }>>(
        "/affilate/my-commission",
        { limit: 200 },
        { cookie },
      )
    ).body.data;
    expect(new Set(commissions.items.map((c) => c.level))).toEqual(new Set([1, 2]));
    const invoices = (
      await call<PageData<{ status: string }>>("/invoice/my-invoice", { limit: 20 }, { cookie })
    ).body.data;
    expect(invoices.items.map((i) => i.status).sort()).toEqual(["PAID", "PENDING"]);
    const stores = (
      await call<PageData<{ app_code: string }>>("/partner/list-store", { limit: 20 }, { cookie })
    ).body.data;
    expect(new Set(stores.items.map((st) => st.app_code))).toEqual(new Set(["ls", "lp"]));

    const affiliate = (
      await call<{ affilateInfo: { payment_info: string } | null }>(
        "/affilate/my-affilate-info",
        {},
        { cookie },
      )
    ).body.data;
    expect(affiliate.affilateInfo?.payment_info).toContain("Vietcombank");
  });
});
