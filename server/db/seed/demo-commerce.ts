import "server-only";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { issueInvoices, settleInvoice } from "@/server/invoice/service";
import { findOrdersOf } from "@/server/order/repository";
import type { OrderStatus } from "@/server/order/schema";
import { buyWithCredit, createOrderAsOperator } from "@/server/order/service";
import { transitionOrder } from "@/server/order/state";
import { openAttempt, voidPayment } from "@/server/payment/service";
import { recordReferral } from "@/server/referral/service";
import { findUserByEmail, insertUser, setAffiliate, updateAffiliate } from "@/server/user/repository";

const DAY = 24 * 60 * 60 * 1000;

type DemoOrder = {
  daysAgo: number;
  app: "ls" | "lp";
  store: [string, string];
  pkg: string;
  months: number;
  /** Attempts before the end state: a gateway and whether it was cancelled or paid. */
  attempts?: { gateway: "VNPAY" | "ZALOPAY"; outcome: "CANCEL" | "PAID" | "PENDING" }[];
  end: OrderStatus;
  note?: string;
};

/** Issue 9: orders and payments in every status over five months, stores on two apps. */
const ORDERS: DemoOrder[] = [
  {
    daysAgo: 150,
    app: "ls",
    store: ["demo-shop", "Demo Shop"],
    pkg: "PRO",
    months: 1,
    end: "PAID",
    note: "Bank transfer confirmed",
  },
  {
    daysAgo: 120,
    app: "lp",
    store: ["demo-landing", "Demo Landing"],
    pkg: "PREMIUM_5",
    months: 12,
    end: "PAID",
    attempts: [{ gateway: "VNPAY", outcome: "PAID" }],
  },
  {
    daysAgo: 90,
    app: "ls",
    store: ["demo-shop", "Demo Shop"],
    pkg: "STARTER",
    months: 1,
    end: "CANCEL",
    attempts: [{ gateway: "VNPAY", outcome: "CANCEL" }],
    note: "Chose another package",
  },
  {
    daysAgo: 60,
    app: "lp",
    store: ["demo-landing", "Demo Landing"],
    pkg: "PRO",
    months: 3,
    end: "INVALID",
    note: "Duplicate order",
  },
  {
    daysAgo: 40,
    app: "ls",
    store: ["demo-shop-2", "Demo Shop Hanoi"],
    pkg: "PRO",
    months: 1,
    end: "PAID_DEBIT",
    note: "Pay at the end of the month",
  },
  {
    daysAgo: 10,
    app: "ls",
    store: ["demo-shop", "Demo Shop"],
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
    app: "lp",
    store: ["demo-landing", "Demo Landing"],
    pkg: "ENTERPRISE",
    months: 12,
    end: "PENDING",
    attempts: [
      { gateway: "VNPAY", outcome: "CANCEL" },
      { gateway: "ZALOPAY", outcome: "PENDING" },
    ],
  },
  {
    daysAgo: 0,
    app: "ls",
    store: ["demo-shop-2", "Demo Shop Hanoi"],
    pkg: "STARTER",
    months: 1,
    end: "PENDING",
  },
];

/** A customer's paid order at `daysAgo` (commissions and rewards follow through the state module). */
async function customerBuys(
  db: Db,
  base: number,
  spec: { email: string; app: string; store: [string, string]; pkg: string; months: number; daysAgo: number },
): Promise<void> {
  const customer = await findUserByEmail(db, spec.email);
  if (!customer) return;
  const now = new Date(base - spec.daysAgo * DAY);
  const order = await createOrderAsOperator(db, {
    userId: customer.id,
    appCode: spec.app,
    lines: [
      { store_id: spec.store[0], store_name: spec.store[1], package_code: spec.pkg, months: spec.months },
    ],
    operator: "seed",
    now,
  });
  await transitionOrder({ db, env: env(), now }, { orderId: order.id, to: "PAID", actor: "seed" });
}

const monthOf = (at: number) => new Date(at + 7 * 3_600_000).toISOString().slice(0, 7);

/**
 * Issue 11: the demo is an affiliate with customers over two levels (demo-friend-1 is an
 * affiliate too and brought a customer of her own), paid orders that earned commissions, one
 * paid and one pending invoice; and a partner who activated a sales-app store for a customer.
 */
async function fillProgrammes(db: Db, demoId: string, base: number): Promise<void> {
  const friend = await findUserByEmail(db, "demo-friend-1@example.com");
  if (!friend) return;
  await setAffiliate(db, friend.id, true);
  await updateAffiliate(db, friend.id, { paymentInfo: "Techcombank 1903 — Lan Nguyen", level: "1" });
  const second = await insertUser(db, {
    id: newId(),
    email: "demo-friend-1-a@example.com",
    passwordHash: null,
    fullname: "Tuan Vo",
    phone: "0987654321",
    isVerified: true,
    isVerifyEmail: true,
    code: "demo-friend-1-a",
    createdAt: new Date(base - 60 * DAY),
  });
  if (second)
    await recordReferral({ db, clock: () => new Date(base - 60 * DAY) }, second.id, {
      referral_id: friend.code,
    });

  await customerBuys(db, base, {
    email: "demo-friend-1@example.com",
    app: "ls",
    store: ["friend-shop", "Lan's Shop"],
    pkg: "STARTER",
    months: 1,
    daysAgo: 100,
  });
  await customerBuys(db, base, {
    email: "demo-friend-2@example.com",
    app: "lp",
    store: ["minh-landing", "Minh Landing"],
    pkg: "PRO",
    months: 3,
    daysAgo: 45,
  });
  await customerBuys(db, base, {
    email: "demo-friend-1-a@example.com",
    app: "ls",
    store: ["tuan-shop", "Tuan Shop"],
    pkg: "PRO",
    months: 1,
    daysAgo: 40,
  });
  await customerBuys(db, base, {
    email: "demo-friend-3@example.com",
    app: "lp",
    store: ["hoa-landing", "Hoa Landing"],
    pkg: "PREMIUM_5",
    months: 12,
    daysAgo: 10,
  });

  const paidMonth = monthOf(base - 100 * DAY);
  const [paid] = await issueInvoices(db, paidMonth, new Date(base - 95 * DAY));
  if (paid) await settleInvoice(db, paid.id, "PAID", new Date(base - 90 * DAY), new Date(base - 90 * DAY));
  await issueInvoices(db, monthOf(base - 40 * DAY), new Date(base - 20 * DAY));

  // The partner activates a sales-app store for a customer who had none, paying with credit.
  const customer = await findUserByEmail(db, "demo-friend-2@example.com");
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
  const existing = await findOrdersOf(db, demoId, { limit: 1, offset: 0 });
  if (existing.total > 0) return;
  const base = Date.now();
  await fillProgrammes(db, demoId, base);
  for (const [i, spec] of ORDERS.entries()) {
    const now = new Date(base - spec.daysAgo * DAY - (ORDERS.length - i) * 3_600_000);
    const order = await createOrderAsOperator(db, {
      userId: demoId,
      appCode: spec.app,
      lines: [
        { store_id: spec.store[0], store_name: spec.store[1], package_code: spec.pkg, months: spec.months },
      ],
      operator: "seed",
      now,
    });
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
