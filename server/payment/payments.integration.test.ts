import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { pointLogs } from "@/server/db/tables/balances";
import type { PaymentRow } from "@/server/db/tables/commerce";
import { payments } from "@/server/db/tables/commerce";
import { findOrderById } from "@/server/order/repository";
import { findPaymentById } from "@/server/payment/repository";
import {
  configureProducts,
  countRows,
  createdOrder,
  insertTestPayment,
  payOrder,
  pointsOf,
  signIn,
} from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

beforeAll(() => configureProducts());

type PaymentItem = {
  _id: string;
  reference_no: string;
  order_id: string;
  order_reference_no: string;
  method: string;
  gateway: string;
  amount: number;
  points_used: number;
  status: string;
  is_hidden: boolean;
};
type Page<T> = { items: T[]; total: number };
const error = (body: { data: unknown }) => (body.data as { error?: string }).error;

/** Takes `points` from the person first, as a confirmed checkout does, then opens the attempt. */
async function pendingWithPoints(userId: string, orderId: string, points: number): Promise<PaymentRow> {
  await adjustBalance(await getDb(), {
    userId,
    balance: "point",
    amount: -points,
    note: "checkout",
    now: new Date(),
  });
  return insertTestPayment(orderId, { pointsUsed: points.toFixed(2), amount: 239000 - 1000 * points });
}

describe.each(["/payment/my-payment", "/payment/list"])("%s", (path) => {
  // Four attempts around midnight of 10 March in Ho Chi Minh City (UTC+7), and two never listed.
  let cookie: string;
  let utcCookie: string;
  let orderRef: string;
  const p: Record<"a" | "b" | "c" | "d", PaymentRow> = {} as never;

  beforeAll(async () => {
    const user = await createUser({ timezone: "Asia/Ho_Chi_Minh" });
    const first = await createdOrder(user);
    const second = await createdOrder(user);
    orderRef = first.reference_no;
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const listed = [
      ["a", first, "ONLINE_METHOD", "VNPAY", 100000, "PENDING", "2026-03-09T16:59:59.000Z"],
      ["b", first, "OFFLINE_METHOD", "CASH", 300000, "PAID", "2026-03-09T17:00:00.000Z"],
      ["c", second, "ONLINE_METHOD", "ZALOPAY", 200000, "CANCEL", "2026-03-10T16:59:59.999Z"],
      ["d", second, "ONLINE_METHOD", "VNPAY", 50000, "INVALID", "2026-03-10T17:00:00.000Z"],
    ] as const;
    for (const [key, order, method, gateway, amount, status, createdAt] of listed) {
      p[key] = await insertTestPayment(order.order_id, {
        referenceNo: `PM${key.toUpperCase()}${tag}`,
        method,
        gateway,
        amount,
        status,
        createdAt: new Date(createdAt),
      });
    }
    await insertTestPayment(second.order_id, {
      status: "CANCEL",
      isHidden: true,
      createdAt: new Date("2026-03-10T10:00:00.000Z"),
    });
    const stranger = await createUser();
    await insertTestPayment((await createdOrder(stranger)).order_id, {
      createdAt: new Date("2026-03-10T10:00:00.000Z"),
    });
    cookie = await signIn(user);

    // The same kind of rows for a person who lives in UTC.
    const utcUser = await createUser({ timezone: "UTC" });
    const utcOrder = await createdOrder(utcUser);
    const utcTimes = ["2026-03-09T17:00:00.000Z", "2026-03-10T16:59:59.999Z", "2026-03-10T17:00:00.000Z"];
    for (const [i, at] of utcTimes.entries()) {
      await insertTestPayment(utcOrder.order_id, { createdAt: new Date(at), referenceNo: `PMU${tag}X${i}` });
    }
    utcCookie = await signIn(utcUser);
  });

  async function list(body: Record<string, unknown>, as = cookie) {
    const r = await call<Page<PaymentItem>>(path, body, { cookie: as });
    expect(r.body.code, r.body.message).toBe(200);
    const names = Object.fromEntries(Object.entries(p).map(([k, v]) => [v.id, k]));
    return { ids: r.body.data.items.map((i) => names[i._id] ?? i.reference_no), total: r.body.data.total };
  }

  it("lists the person's visible attempts, newest first, with their order's reference", async () => {
    expect(await list({})).toEqual({ ids: ["d", "c", "b", "a"], total: 4 });
    const r = await call<Page<PaymentItem>>(path, {}, { cookie });
    expect(r.body.data.items.find((i) => i._id === p.b.id)).toMatchObject({
      reference_no: p.b.referenceNo,
      order_reference_no: orderRef,
      method: "OFFLINE_METHOD",
      gateway: "CASH",
      amount: 300000,
      status: "PAID",
      is_hidden: false,
    });
  });

  it("filters by status and by method", async () => {
    expect(await list({ status: "PENDING" })).toEqual({ ids: ["a"], total: 1 });
    expect(await list({ status: "INVALID" })).toEqual({ ids: ["d"], total: 1 });
    expect(await list({ method: "OFFLINE_METHOD" })).toEqual({ ids: ["b"], total: 1 });
    expect(await list({ method: "ONLINE_METHOD" })).toEqual({ ids: ["d", "c", "a"], total: 3 });
    expect(await list({ method: "ONLINE_METHOD", status: "CANCEL" })).toEqual({ ids: ["c"], total: 1 });
  });

  it("filters by the payment's reference or its order's, in any case", async () => {
    expect(await list({ reference_no: p.c.referenceNo.toLowerCase() })).toEqual({ ids: ["c"], total: 1 });
    expect(await list({ reference_no: orderRef })).toEqual({ ids: ["b", "a"], total: 2 });
    expect(await list({ reference_no: "PMNOTHING" })).toEqual({ ids: [], total: 0 });
  });

  it("filters by plain days in the person's zone", async () => {
    expect(await list({ from_date: "2026-03-10", to_date: "2026-03-10" })).toEqual({
      ids: ["c", "b"],
      total: 2,
    });
    expect(await list({ to_date: "2026-03-09" })).toEqual({ ids: ["a"], total: 1 });
    expect(await list({ from_date: "2026-03-11" })).toEqual({ ids: ["d"], total: 1 });
    // The same day for a person in UTC: 00:00–23:59:59.999 UTC.
    const utc = await list({ from_date: "2026-03-10", to_date: "2026-03-10" }, utcCookie);
    expect(utc.total).toBe(2);
    expect(utc.ids.map((ref) => String(ref).slice(-2))).toEqual(["X2", "X1"]);
  });

  it("filters by ISO instants as given", async () => {
    expect(
      await list({ from_date: "2026-03-10T00:00:00+07:00", to_date: "2026-03-10T23:59:59.999+07:00" }),
    ).toEqual({ ids: ["c", "b"], total: 2 });
    expect(await list({ from_date: "2026-03-09T16:59:59Z", to_date: "2026-03-09T17:00:00Z" })).toEqual({
      ids: ["b", "a"],
      total: 2,
    });
    expect(await list({ from_date: "2026-03-10T17:00:00.001Z" })).toEqual({ ids: [], total: 0 });
  });

  it("sorts by amount, status and reference, both ways, and pages", async () => {
    expect((await list({ sort: "amount" })).ids).toEqual(["d", "a", "c", "b"]);
    expect((await list({ sort: "-amount" })).ids).toEqual(["b", "c", "a", "d"]);
    expect((await list({ sort: "status" })).ids).toEqual(["c", "d", "b", "a"]);
    expect((await list({ sort: "-status" })).ids).toEqual(["a", "b", "d", "c"]);
    expect((await list({ sort: "reference_no" })).ids).toEqual(["a", "b", "c", "d"]);
    expect((await list({ sort: "-reference_no" })).ids).toEqual(["d", "c", "b", "a"]);
    expect((await list({ sort: "created_at" })).ids).toEqual(["a", "b", "c", "d"]);
    expect(await list({ sort: "amount", limit: 2, offset: 1 })).toEqual({ ids: ["a", "c"], total: 4 });
  });

  it("refuses unknown filters and sorts, and a caller without a session", async () => {
    for (const body of [
      { sort: "gateway" },
      { status: "DONE" },
      { method: "CARD" },
      { from_date: "2026-02-30" },
    ]) {
      const r = await call(path, body, { cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(error(r.body)).toBe("VALIDATION");
    }
    expect((await call(path, {})).status).toBe(401);
  });
});

describe("/payment/detail", () => {
  it("answers the attempt with its order's real lines and the customer", async () => {
    const user = await createUser();
    const created = await createdOrder(user, {
      lines: [
        { store_id: "s-1", store_name: "One", package_code: "PREMIUM_10", months: 12 },
        { store_id: "s-2", store_name: "Two", package_code: "PRO", months: 2 },
      ],
    });
    const attempt = await insertTestPayment(created.order_id);
    const cookie = await signIn(user);
    const r = await call<
      PaymentItem & {
        order_total: number;
        order_status: string;
        lines: { store_id: string; display_code: string; bonus_months: number }[];
        customer: { email: string };
      }
    >("/payment/detail", { id: attempt.id }, { cookie });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({
      _id: attempt.id,
      order_id: created.order_id,
      order_reference_no: created.reference_no,
      order_total: 7200000 + 478000,
      order_status: "PENDING",
      customer: { email: user.email },
    });
    expect(r.body.data.lines.map((l) => [l.store_id, l.display_code, l.bonus_months]).sort()).toEqual([
      ["s-1", "BUSSINESS_10", 3],
      ["s-2", "PRO", 0],
    ]);
  });

  it("answers not found for another person's attempt and an unknown id", async () => {
    const owner = await createUser();
    const attempt = await insertTestPayment((await createdOrder(owner)).order_id);
    const cookie = await signIn(await createUser());
    for (const id of [attempt.id, "nope"]) {
      const r = await call("/payment/detail", { id }, { cookie });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe("Payment not found");
      expect(error(r.body)).toBe("PAYMENT_NOT_FOUND");
    }
    expect((await call("/payment/detail", { id: attempt.id })).status).toBe(401);
  });
});

describe("/payment/cancel", () => {
  it("ends a pending attempt and gives its points back once; the order stays payable", async () => {
    const user = await createUser({ point: "100.00" });
    const created = await createdOrder(user);
    const attempt = await pendingWithPoints(user.id, created.order_id, 30);
    expect(await pointsOf(user.id)).toBe(70);
    const cookie = await signIn(user);
    const r = await call("/payment/cancel", { id: attempt.id, note: "wrong card" }, { cookie });
    expect(r.body.code).toBe(200);
    expect(r.body.message).toBe("Payment cancelled");
    const db = await getDb();
    expect(await findPaymentById(db, attempt.id)).toMatchObject({ status: "CANCEL", note: "wrong card" });
    expect(await pointsOf(user.id)).toBe(100);
    const [returned] = await db
      .select()
      .from(pointLogs)
      .where(eq(pointLogs.referenceNo, `${attempt.referenceNo}-R`));
    expect(Number(returned?.points)).toBe(30);
    expect((await findOrderById(db, created.order_id))?.status).toBe("PENDING");

    const again = await call("/payment/cancel", { id: attempt.id }, { cookie });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only a pending payment can be cancelled");
    expect(error(again.body)).toBe("PAYMENT_NOT_PENDING");
    expect(await pointsOf(user.id)).toBe(100);
  });

  it("two concurrent cancels return the points once", async () => {
    const user = await createUser({ point: "100.00" });
    const created = await createdOrder(user);
    const attempt = await pendingWithPoints(user.id, created.order_id, 25);
    const cookie = await signIn(user);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call("/payment/cancel", { id: attempt.id }, { cookie })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 409, 409]);
    expect(await pointsOf(user.id)).toBe(100);
    expect(await countRows(pointLogs, eq(pointLogs.userId, user.id))).toBe(2);
  });

  it("refuses a paid attempt with a clear message", async () => {
    const user = await createUser();
    const created = await createdOrder(user);
    await payOrder(created.order_id);
    const db = await getDb();
    const [paid] = await db.select().from(payments).where(eq(payments.orderId, created.order_id));
    const cookie = await signIn(user);
    const r = await call("/payment/cancel", { id: paid?.id }, { cookie });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("Only a pending payment can be cancelled");
    expect((await findPaymentById(db, paid?.id ?? ""))?.status).toBe("PAID");
  });

  it("answers not found for another person's attempt and leaves it and its points alone", async () => {
    const owner = await createUser({ point: "100.00" });
    const attempt = await pendingWithPoints(owner.id, (await createdOrder(owner)).order_id, 10);
    const cookie = await signIn(await createUser());
    const r = await call("/payment/cancel", { id: attempt.id }, { cookie });
    expect(r.status).toBe(404);
    expect(error(r.body)).toBe("PAYMENT_NOT_FOUND");
    expect((await findPaymentById(await getDb(), attempt.id))?.status).toBe("PENDING");
    expect(await pointsOf(owner.id)).toBe(90);
  });
});

describe("/payment/hide", () => {
  it("hides a cancelled or invalid attempt from the lists", async () => {
    const user = await createUser();
    const created = await createdOrder(user);
    const cancelled = await insertTestPayment(created.order_id, { status: "CANCEL" });
    const invalid = await insertTestPayment(created.order_id, { status: "INVALID" });
    const cookie = await signIn(user);
    for (const attempt of [cancelled, invalid]) {
      const r = await call("/payment/hide", { id: attempt.id }, { cookie });
      expect(r.body.code).toBe(200);
      expect(r.body.message).toBe("Payment hidden");
      expect((await findPaymentById(await getDb(), attempt.id))?.isHidden).toBe(true);
    }
    const listed = await call<Page<PaymentItem>>("/payment/my-payment", {}, { cookie });
    expect(listed.body.data.total).toBe(0);
  });

  it("refuses a pending or paid attempt with a clear message", async () => {
    const user = await createUser();
    const created = await createdOrder(user);
    const pending = await insertTestPayment(created.order_id);
    const paid = await insertTestPayment(created.order_id, { status: "PAID" });
    const cookie = await signIn(user);
    for (const attempt of [pending, paid]) {
      const r = await call("/payment/hide", { id: attempt.id }, { cookie });
      expect(r.status).toBe(409);
      expect(r.body.message).toBe("Only a cancelled or invalid payment can be hidden");
      expect(error(r.body)).toBe("PAYMENT_NOT_HIDEABLE");
      expect((await findPaymentById(await getDb(), attempt.id))?.isHidden).toBe(false);
    }
    const listed = await call<Page<PaymentItem>>("/payment/list", {}, { cookie });
    expect(listed.body.data.total).toBe(2);
  });

  it("answers not found for another person's attempt", async () => {
    const owner = await createUser();
    const attempt = await insertTestPayment((await createdOrder(owner)).order_id, { status: "CANCEL" });
    const cookie = await signIn(await createUser());
    const r = await call("/payment/hide", { id: attempt.id }, { cookie });
    expect(r.status).toBe(404);
    expect(error(r.body)).toBe("PAYMENT_NOT_FOUND");
    expect((await findPaymentById(await getDb(), attempt.id))?.isHidden).toBe(false);
  });
});
