import { beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { setAffiliateLevel, setAffiliateStatus } from "@/server/admin/service";
import { getDb } from "@/server/db/client";
import { issueInvoices } from "@/server/invoice/service";
import { transitionOrder } from "@/server/order/state";
import { recordReferral } from "@/server/referral/service";
import { configureProducts, productCreatesOrder } from "@/tests/factories/commerce";
import { partnerWithCustomer } from "@/tests/factories/partner";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

beforeAll(() => configureProducts());

const signIn = async (email: string) => (await call("/auth/signin", { email, password: PASSWORD })).cookie;

describe("affiliates (smoke)", () => {
  it("an order paid three levels deep writes three commissions once; invoices once per month", async () => {
    const db = await getDb();
    const top = await createUser();
    const mid = await createUser();
    const low = await createUser();
    const buyer = await createUser();
    const clock = () => new Date();
    await recordReferral({ db, clock }, mid.id, { referral_id: top.code });
    await recordReferral({ db, clock }, low.id, { referral_id: mid.code });
    await recordReferral({ db, clock }, buyer.id, { referral_id: low.code });
    for (const u of [top, mid, low]) await setAffiliateStatus(db, u.email, true);
    await setAffiliateLevel(db, top.email, 2);
    const created = await productCreatesOrder(buyer);
    const pay = () =>
      transitionOrder(
        { db, env: env(), now: new Date() },
        { orderId: created.body.data.order_id, to: "PAID", actor: "test" },
      );
    expect((await pay()).changed).toBe(true);
    expect((await pay()).changed).toBe(false);
    const lowList = await call<{ items: { amount: number; level: number }[]; total_amount: number }>(
      "/affilate/my-commission",
      {},
      { cookie: await signIn(low.email) },
    );
    expect(lowList.body.data.items).toEqual([expect.objectContaining({ level: 1, amount: 47_800 })]);
    const topList = await call<{ items: { amount: number; level: number }[] }>(
      "/affilate/my-commission",
      {},
      { cookie: await signIn(top.email) },
    );
    expect(topList.body.data.items).toEqual([expect.objectContaining({ level: 3, amount: 7_170 })]);
    const month = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);
    expect(await issueInvoices(db, month, new Date())).toHaveLength(3);
    expect(await issueInvoices(db, month, new Date())).toHaveLength(0);
    const customers = await call<{ total: number; total_purchased: number }>(
      "/affilate/my-affilate-list",
      {},
      { cookie: await signIn(low.email) },
    );
    expect(customers.body.data).toMatchObject({ total: 1, total_purchased: 1 });
  });

  it("a partner upgrades a customer's store with credit; 50 at once with credit for one → one", async () => {
    const { partner, customer } = await partnerWithCustomer(200);
    const cookie = await signIn(partner.email);
    const activated = await call(
      "/partner/active-store",
      { app_code: "ls", email: customer.email },
      { cookie },
    );
    expect(activated.body.code).toBe(200);
    const stores = await call<{ items: { _id: string; package_code: string }[] }>(
      "/partner/list-store",
      { email: customer.email, app_code: "ls" },
      { cookie },
    );
    const store = stores.body.data.items[0];
    expect(store?.package_code).toBe("STARTER");
    const credit = (await call<{ credit: number }>("/partner/my-credit", {}, { cookie })).body.data.credit;
    // STARTER ls: 79,000 × 50% / 1000 = 39.5 → floor 39
    expect(credit).toBe(200 - 39);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call("/partner/upgrade-store", { store: store?._id, package: "PRO", app_code: "ls" }, { cookie }),
      ),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    const after = (await call<{ credit: number }>("/partner/my-credit", {}, { cookie })).body.data.credit;
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBe(161 - 119);
  });
});
