import "server-only";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { issueInvoices, settleInvoice } from "@/server/invoice/service";
import type { OrderStatus } from "@/server/order/schema";
import { buyWithCredit } from "@/server/order/service/buy-with-credit";
import { createOrderAsOperator } from "@/server/order/service/create-order";
import { hasOrders } from "@/server/order/service/list-orders";
import { transitionOrder } from "@/server/order/state";
import { openAttempt, voidPayment } from "@/server/payment/attempts";
import { recordReferral } from "@/server/referral/service";
import { createUser, findUserByEmail, setAffiliate, updateAffiliate } from "@/server/user/service";

const DAY = 24 * 60 * 60 * 1000;

/** The stores the seed buys for: the app, and the store's id and name there. */
const STORES = {
  shop: { app: "ls", id: "demo-shop", name: "Demo Shop" },
  shopHanoi: { app: "ls", id: "demo-shop-2", name: "Demo Shop Hanoi" },
  landing: { app: "lp", id: "demo-landing", name: "Demo Landing" },
  lanShop: { app: "ls", id: "friend-shop", name: "Lan's Shop" },
  tuanShop: { app: "ls", id: "tuan-shop", name: "Tuan Shop" },
  minhLanding: { app: "lp", id: "minh-landing", name: "Minh Landing" },
  hoaLanding: { app: "lp", id: "hoa-landing", name: "Hoa Landing" },
} as const;

/** What the seed orders, `daysAgo`: one line, a package for some months for one of the stores. */
type OrderSpec = { daysAgo: number; store: keyof typeof STORES; pkg: string; months: number };

type Attempt = { gateway: "VNPAY" | "ZALOPAY"; outcome: "CANCEL" | "PAID" | "PENDING" };

/** Issue 9: orders and payments in every status over five months, stores on two apps. */
const ORDERS: (OrderSpec & { end: OrderStatus; note?: string; attempts?: Attempt[] })[] = [
  { daysAgo: 150, store: "shop", pkg: "PRO", months: 1, end: "PAID", note: "Bank transfer confirmed" },
  {
    daysAgo: 120,
    store: "landing",
    pkg: "PREMIUM_5",
    months: 12,
    end: "PAID",
    attempts: [{ gateway: "VNPAY", outcome: "PAID" }],
  },
  {
    daysAgo: 90,
    store: "shop",
    pkg: "STARTER",
    months: 1,
    end: "CANCEL",
    attempts: [{ gateway: "VNPAY", outcome: "CANCEL" }],
    note: "Chose another package",
  },
  { daysAgo: 60, store: "landing", pkg: "PRO", months: 3, end: "INVALID", note: "Duplicate order" },
  {
    daysAgo: 40,
    store: "shopHanoi",
    pkg: "PRO",
    months: 1,
    end: "PAID_DEBIT",
    note: "Pay at the end of the month",
  },
  {
    daysAgo: 10,
    store: "shop",
    pkg: "PRO",
    months: 2,
    end: "PAID",
    attempts: [
      { gateway: "ZALOPAY", outcome: "CANCEL" },
      { gateway: "VNPAY", outcome: "PAID" },
    ],
  },
  {
    daysAgo: 3,
    store: "landing",
    pkg: "ENTERPRISE",
    months: 12,
    end: "PENDING",
    attempts: [
      { gateway: "VNPAY", outcome: "CANCEL" },
      { gateway: "ZALOPAY", outcome: "PENDING" },
    ],
  },
  { daysAgo: 0, store: "shopHanoi", pkg: "STARTER", months: 1, end: "PENDING" },
];

/** The affiliate programme's customers and what each paid for. */
const CUSTOMER_ORDERS: (OrderSpec & { email: string })[] = [
  { email: "demo-friend-1@example.com", store: "lanShop", pkg: "STARTER", months: 1, daysAgo: 100 },
  { email: "demo-friend-2@example.com", store: "minhLanding", pkg: "PRO", months: 3, daysAgo: 45 },
  { email: "demo-friend-1-a@example.com", store: "tuanShop", pkg: "PRO", months: 1, daysAgo: 40 },
  { email: "demo-friend-3@example.com", store: "hoaLanding", pkg: "PREMIUM_5", months: 12, daysAgo: 10 },
];

/** The seed's order for a person at `now`, priced from the catalog like any other. */
function seedOrder(db: Db, userId: string, spec: OrderSpec, now: Date) {
  const store = STORES[spec.store];
  return createOrderAsOperator(db, {
    userId,
    appCode: store.app,
    lines: [{ store_id: store.id, store_name: store.name, package_code: spec.pkg, months: spec.months }],
    operator: "seed",
    now,
  });
}

const monthOf = (at: number) => new Date(at + 7 * 3_600_000).toISOString().slice(0, 7);

/**
 * Issue 11: the demo is an affiliate with customers over two levels (demo-friend-1 is an
 * affiliate too and brought a customer of her own), paid orders that earned commissions, one
 * paid and one pending invoice; and a partner who activated a sales-app store for a customer.
 */
async function fillProgrammes(db: Db, demoId: string, base: number): Promise<void> {
  const friend = await findUserByEmail({ db }, "demo-friend-1@example.com");
  if (!friend) return;
  await setAffiliate({ db }, friend.id, true);
  await updateAffiliate({ db }, friend.id, { paymentInfo: "Techcombank 1903 — Lan Nguyen", level: "1" });
  const second = await createUser(
    { db },
    {
      id: newId(),
      email: "demo-friend-1-a@example.com",
      passwordHash: null,
      fullname: "Tuan Vo",
      phone: "0987654321",
      isVerified: true,
      isVerifyEmail: true,
      code: "demo-friend-1-a",
      createdAt: new Date(base - 60 * DAY),
    },
  );
  if (second)
    await recordReferral({ db, clock: () => new Date(base - 60 * DAY) }, second.id, {
      referral_id: friend.code,
    });

  // Each customer's paid order: commissions and rewards follow through the state module.
  for (const spec of CUSTOMER_ORDERS) {
    const customer = await findUserByEmail({ db }, spec.email);
    if (!customer) continue;
    const now = new Date(base - spec.daysAgo * DAY);
    const order = await seedOrder(db, customer.id, spec, now);
    await transitionOrder({ db, env: env(), now }, { orderId: order.id, to: "PAID", actor: "seed" });
  }

  const paidMonth = monthOf(base - 100 * DAY);
  const [paid] = await issueInvoices(db, paidMonth, new Date(base - 95 * DAY));
  if (paid) await settleInvoice(db, paid.id, "PAID", new Date(base - 90 * DAY), new Date(base - 90 * DAY));
  await issueInvoices(db, monthOf(base - 40 * DAY), new Date(base - 20 * DAY));

  // The partner activates a sales-app store for a customer who had none, paying with credit.
  const customer = await findUserByEmail({ db }, "demo-friend-2@example.com");
  if (customer) {
    const now = new Date(base - 15 * DAY);
    await db.transaction((tx) =>
      buyWithCredit(tx, env(), {
        partnerId: demoId,
        customerId: customer.id,
        appCode: "ls",
        storeId: "ls-minh-shop",
        storeName: "Minh Shop",
        packageCode: "STARTER",
        credit: 39,
        now,
      }),
    );
  }
}

/** Fills the demo account's orders once (an existing data dir gets them on its next start). */
export async function fillDemoOrders(db: Db, demoId: string): Promise<void> {
  if (await hasOrders(db, demoId)) return;
  const base = Date.now();
  await fillProgrammes(db, demoId, base);
  for (const [i, spec] of ORDERS.entries()) {
    const now = new Date(base - spec.daysAgo * DAY - (ORDERS.length - i) * 3_600_000);
    const order = await seedOrder(db, demoId, spec, now);
    let paidBy: string | undefined;
    for (const [n, attempt] of (spec.attempts ?? []).entries()) {
      const at = new Date(now.getTime() + (n + 1) * 600_000);
      const payment = await openAttempt(db, {
        order,
        method: "ONLINE_METHOD",
        gateway: attempt.gateway,
        amount: order.total,
        gatewayRef: `DEMO${order.referenceNo}${n}`,
        expiresAt: new Date(at.getTime() + 15 * 60_000),
        now: at,
      });
      if (attempt.outcome === "CANCEL")
        await db.transaction((tx) => voidPayment(tx, payment, "CANCEL", at, "Cancelled at the gateway"));
      if (attempt.outcome === "PAID") paidBy = payment.id;
    }
    if (spec.end === "PENDING") continue;
    const at = new Date(now.getTime() + 3_600_000);
    await transitionOrder(
      { db, env: env(), now: at },
      {
        orderId: order.id,
        to: spec.end,
        actor: spec.end === "CANCEL" ? `user:${demoId}` : "seed",
        note: spec.note,
        payment: paidBy ? { id: paidBy, gatewayTxn: `DEMO-${order.referenceNo}` } : undefined,
      },
    );
  }
}
