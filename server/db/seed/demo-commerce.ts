import "server-only";
import { env } from "@/lib/env";
import type { Db } from "@/server/db/client";
import { findOrdersOf } from "@/server/order/repository";
import type { OrderStatus } from "@/server/order/schema";
import { createOrderAsOperator } from "@/server/order/service";
import { transitionOrder } from "@/server/order/state";
import { openAttempt, voidPayment } from "@/server/payment/service";
import { findUserByEmail } from "@/server/user/repository";

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

/** A referred friend's first paid order: the demo's referral list shows its purchase reward. */
async function friendBuys(db: Db, base: number): Promise<void> {
  const friend = await findUserByEmail(db, "demo-friend-1@example.com");
  if (!friend) return;
  const now = new Date(base - 70 * DAY);
  const order = await createOrderAsOperator(db, {
    userId: friend.id,
    appCode: "ls",
    lines: [{ store_id: "friend-shop", store_name: "Lan's Shop", package_code: "STARTER", months: 1 }],
    operator: "seed",
    now,
  });
  await transitionOrder({ db, env: env(), now }, { orderId: order.id, to: "PAID", actor: "seed" });
}

/** Fills the demo account's orders once (an existing data dir gets them on its next start). */
export async function fillDemoOrders(db: Db, demoId: string): Promise<void> {
  const existing = await findOrdersOf(db, demoId, { limit: 1, offset: 0 });
  if (existing.total > 0) return;
  const base = Date.now();
  await friendBuys(db, base);
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
