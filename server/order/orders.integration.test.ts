import dayjs from "dayjs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { newId, newToken } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { orderEvents, orderLines, orders, packages, payments, stores } from "@/server/db/tables/commerce";
import { outbox } from "@/server/db/tables/outbox";
import { referrals } from "@/server/db/tables/referrals";
import { findOrderById } from "@/server/order/repository";
import { transitionOrder } from "@/server/order/state";
import { findPaymentById } from "@/server/payment/repository";
import { recordReferral } from "@/server/referral/service";
import { revokeToken } from "@/server/session/service";
import { insertStore } from "@/server/store/repository";
import {
  configureProducts,
  countRows,
  createdOrder,
  productCreatesOrder as createWithVietnameseDefault,
  insertTestPayment,
  type OrderLine,
  PRODUCT_KEYS,
  payOrder,
  pointsOf,
  productToken,
  setOrderCreatedAt,
  signIn,
} from "@/tests/factories/commerce";
import { openTestSession } from "@/tests/factories/session";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

// Events are queued only for an app with a webhook; nothing here runs the worker.
beforeAll(() => configureProducts({ ls: "http://127.0.0.1:9/never-called" }));

/** The product's call, answered in English. */
const productCreatesOrder = (...[user, options]: Parameters<typeof createWithVietnameseDefault>) =>
  createWithVietnameseDefault(user, { lang: "en", ...options });

const line = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  store_id: `store-${newId()}`,
  store_name: "My shop",
  package_code: "PRO",
  months: 1,
  ...overrides,
});

type Page<T> = { items: T[]; total: number };
type OrderItem = { _id: string; reference_no: string; status: string; transaction_id: string };

/** POST /order/create with an explicit bearer and body (the factory's is the happy path). */
function rawCreate(body: unknown, headers: Record<string, string>) {
  return call<{ error?: string }>(
    "/order/create",
    { lang: "en", ...(body as object) },
    { headers: { origin: "", ...headers }, cookie: "LANGUAGE=en" },
  );
}

const counts = async () => ({ orders: await countRows(orders), lines: await countRows(orderLines) });

describe("/order/create", () => {
  it("prices the lines from the product's own catalog and answers the checkout link", async () => {
    const user = await createUser();
    const storeA = `store-${newId()}`;
    const r = await productCreatesOrder(user, {
      lines: [
        line({ store_id: storeA, package_code: "pro", months: 3 }),
        line({ package_code: "PREMIUM_5", months: 24, store_name: "Second shop" }),
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Order created");
    const created = r.body.data;
    // ls catalog: PRO 239 000 / 1 month; PREMIUM_5 4 000 000 / 12 months + 2 bonus.
    expect(created.total).toBe(239000 * 3 + 4000000 * 2);
    expect(created.status).toBe("PENDING");
    expect(created.reference_no).toMatch(/^OD\d{6}[A-Z0-9]{6}$/);
    expect(Buffer.from(created.transaction_id, "base64url").length).toBeGreaterThanOrEqual(16);
    const url = new URL(created.checkout_url);
    expect(url.pathname).toBe("/checkout");
    expect(url.searchParams.get("transaction_id")).toBe(created.transaction_id);
    expect(url.searchParams.get("app_code")).toBe("ls");

    const db = await getDb();
    const order = await findOrderById(db, created.order_id);
    expect(order).toMatchObject({
      userId: user.id,
      appCode: "ls",
      createdBy: "product:ls",
      status: "PENDING",
    });
    const rows = await db.select().from(orderLines).where(eq(orderLines.orderId, created.order_id));
    const byCode = Object.fromEntries(rows.map((l) => [l.packageCode, l]));
    expect(byCode.PRO).toMatchObject({ storeId: storeA, months: 3, bonusMonths: 0, subtotal: 717000 });
    expect(byCode.PREMIUM_5).toMatchObject({
      months: 24,
      bonusMonths: 4,
      subtotal: 8000000,
      partnerDiscount: 40,
      commissionType: "percent",
      packageName: "Sales Business 3",
    });
    expect(Number(byCode.PREMIUM_5?.commissionValue)).toBe(15);
  });

  it("uses the catalog of the app whose key is presented", async () => {
    const user = await createUser();
    const r = await productCreatesOrder(user, { app: "lp", lines: [line()] });
    expect(r.body.code).toBe(200);
    expect(r.body.data.total).toBe(299000); // lp PRO
    expect(new URL(r.body.data.checkout_url).searchParams.get("app_code")).toBe("lp");
  });

  it("accepts 36 months of a 12-month package (the most one line may buy)", async () => {
    const user = await createUser();
    const r = await productCreatesOrder(user, { lines: [line({ package_code: "PREMIUM_5", months: 36 })] });
    expect(r.body.code).toBe(200);
    expect(r.body.data.total).toBe(12000000);
  });

  describe("refusals write nothing", () => {
    let user: Awaited<ReturnType<typeof createUser>>;
    beforeAll(async () => {
      user = await createUser();
    });

    async function expectRefused(
      send: () => Promise<{
        status: number;
        body: { code: number; message: string; data: { error?: string } };
      }>,
      expected: { status: number; error: string; message?: string | RegExp },
    ) {
      const before = await counts();
      const r = await send();
      expect(r.status).toBe(expected.status);
      expect(r.body.code).toBe(expected.status);
      expect(r.body.data.error).toBe(expected.error);
      if (expected.message) expect(r.body.message).toMatch(expected.message);
      expect(await counts()).toEqual(before);
      return r;
    }

    it("without a product key", async () => {
      const token = await productToken(user);
      await expectRefused(() => rawCreate({ token, lines: [line()] }, {}), {
        status: 401,
        error: "PRODUCT_KEY_INVALID",
        message: "The product key is missing or wrong",
      });
      await expectRefused(() => rawCreate({ token, lines: [line()] }, { authorization: "Bearer " }), {
        status: 401,
        error: "PRODUCT_KEY_INVALID",
      });
    });

    it("with a wrong product key", async () => {
      const token = await productToken(user);
      for (const key of ["ls-api-key-0123456780", `${PRODUCT_KEYS.ls}x`, PRODUCT_KEYS.ls.slice(0, -1)]) {
        await expectRefused(() => rawCreate({ token, lines: [line()] }, { authorization: `Bearer ${key}` }), {
          status: 401,
          error: "PRODUCT_KEY_INVALID",
        });
      }
    });

    it("with a key of one app and a token the person gave another app", async () => {
      const lpToken = await productToken(user, "lp");
      await expectRefused(
        () => rawCreate({ token: lpToken, lines: [line()] }, { authorization: `Bearer ${PRODUCT_KEYS.ls}` }),
        {
          status: 401,
          error: "PERSON_TOKEN_INVALID",
          message: "The person's token is not valid for this product. Ask them to sign in again",
        },
      );
    });

    it("with the person's portal session instead of a product token", async () => {
      const token = await openTestSession(await getDb(), user, "luid");
      await expectRefused(() => productCreatesOrder(user, { token }), {
        status: 401,
        error: "PERSON_TOKEN_INVALID",
      });
    });

    it("with an expired token", async () => {
      const token = await openTestSession(await getDb(), user, "ls", {
        createdAt: new Date(Date.now() - 8 * 86_400_000),
        expiresAt: new Date(Date.now() - 1000),
      });
      await expectRefused(() => productCreatesOrder(user, { token }), {
        status: 401,
        error: "PERSON_TOKEN_INVALID",
      });
    });

    it("with a token revoked after it worked once", async () => {
      const token = await productToken(user);
      expect((await productCreatesOrder(user, { token })).body.code).toBe(200);
      await revokeToken(await getDb(), token, new Date());
      await expectRefused(() => productCreatesOrder(user, { token }), {
        status: 401,
        error: "PERSON_TOKEN_INVALID",
      });
    });

    it("with a token nobody issued", async () => {
      await expectRefused(() => productCreatesOrder(user, { token: newToken() }), {
        status: 401,
        error: "PERSON_TOKEN_INVALID",
      });
    });

    it("for an unknown package", async () => {
      const r = await expectRefused(
        () => productCreatesOrder(user, { lines: [line({ package_code: "GOLD" })] }),
        {
          status: 400,
          error: "PACKAGE_UNKNOWN",
          message: "There is no package GOLD for this app",
        },
      );
      expect((r.body.data as { line?: number }).line).toBe(0);
    });

    it("for an inactive package", async () => {
      const db = await getDb();
      const where = and(eq(packages.appCode, "ls"), eq(packages.code, "STARTER"));
      expect(
        (await productCreatesOrder(user, { lines: [line({ package_code: "STARTER" })] })).body.code,
      ).toBe(200);
      await db.update(packages).set({ isActive: false }).where(where);
      try {
        await expectRefused(() => productCreatesOrder(user, { lines: [line({ package_code: "STARTER" })] }), {
          status: 400,
          error: "PACKAGE_UNKNOWN",
        });
      } finally {
        await db.update(packages).set({ isActive: true }).where(where);
      }
    });

    it.each([
      [
        "not a multiple of the package's term",
        "PREMIUM_5",
        18,
        "Months must be a multiple of 12, from 12 to 36",
      ],
      ["above 36", "PREMIUM_5", 48, "Months must be a multiple of 12, from 12 to 36"],
      ["below the package's term", "PREMIUM_5", 6, "Months must be a multiple of 12, from 12 to 36"],
      ["0", "PRO", 0, "Months must be a multiple of 1, from 1 to 36"],
      ["negative", "PRO", -3, "Months must be a multiple of 1, from 1 to 36"],
      ["37 of a monthly package", "PRO", 37, "Months must be a multiple of 1, from 1 to 36"],
    ])("for months %s", async (_label, code, months, message) => {
      await expectRefused(
        () => productCreatesOrder(user, { lines: [line({ package_code: code, months })] }),
        {
          status: 400,
          error: "PACKAGE_MONTHS_INVALID",
          message,
        },
      );
    });

    it("for fractional months or no lines (validation)", async () => {
      await expectRefused(() => productCreatesOrder(user, { lines: [line({ months: 1.5 })] }), {
        status: 400,
        error: "VALIDATION",
      });
      await expectRefused(() => productCreatesOrder(user, { lines: [] }), {
        status: 400,
        error: "VALIDATION",
      });
    });

    it("for a store owned by another person", async () => {
      const owner = await createUser();
      const storeId = `store-${newId()}`;
      const now = new Date();
      await insertStore(await getDb(), {
        id: newId(),
        appCode: "ls",
        storeId,
        name: "Owner's shop",
        ownerId: owner.id,
        createdAt: now,
        updatedAt: now,
      });
      const r = await expectRefused(
        () => productCreatesOrder(user, { lines: [line(), line({ store_id: storeId })] }),
        { status: 409, error: "STORE_NOT_OWNED", message: "This store belongs to another account" },
      );
      expect((r.body.data as { line?: number }).line).toBe(1);
      // The owner may buy for it; another app's store of the same id is another store.
      expect((await productCreatesOrder(owner, { lines: [line({ store_id: storeId })] })).body.code).toBe(
        200,
      );
      expect(
        (await productCreatesOrder(user, { app: "lp", lines: [line({ store_id: storeId })] })).body.code,
      ).toBe(200);
    });

    it("when a later line is bad, the good lines before it are not written either", async () => {
      await expectRefused(
        () => productCreatesOrder(user, { lines: [line(), line({ package_code: "PREMIUM_10", months: 5 })] }),
        { status: 400, error: "PACKAGE_MONTHS_INVALID" },
      );
    });
  });

  describe("Idempotency-Key", () => {
    it("answers a retry with the same order", async () => {
      const user = await createUser();
      const token = await productToken(user);
      const key = `key-${newId()}`;
      const lines = [line()];
      const before = await countRows(orders);
      const first = await productCreatesOrder(user, { token, lines, idempotencyKey: key });
      const second = await productCreatesOrder(user, { token, lines, idempotencyKey: key });
      expect(first.body.code).toBe(200);
      expect(second.body.code).toBe(200);
      expect(second.body.data.transaction_id).toBe(first.body.data.transaction_id);
      expect(second.body.data.order_id).toBe(first.body.data.order_id);
      expect(second.body.data.reference_no).toBe(first.body.data.reference_no);
      expect(await countRows(orders)).toBe(before + 1);
    });

    it("refuses the same key with another body (409) and writes nothing", async () => {
      const user = await createUser();
      const token = await productToken(user);
      const key = `key-${newId()}`;
      const lines = [line()];
      expect((await productCreatesOrder(user, { token, lines, idempotencyKey: key })).body.code).toBe(200);
      const before = await counts();
      const other = await productCreatesOrder(user, {
        token,
        lines: [{ ...lines[0], months: 2 } as OrderLine],
        idempotencyKey: key,
      });
      expect(other.status).toBe(409);
      expect(other.body.data.error).toBe("IDEMPOTENCY_MISMATCH");
      expect(other.body.message).toBe("This Idempotency-Key was already used for a different order");
      expect(await counts()).toEqual(before);
    });

    it("five concurrent creates with one key make one order", async () => {
      const user = await createUser();
      const token = await productToken(user);
      const key = `key-${newId()}`;
      const lines = [line({ package_code: "PREMIUM_10", months: 12 })];
      const before = await counts();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => productCreatesOrder(user, { token, lines, idempotencyKey: key })),
      );
      expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.data.transaction_id)).size).toBe(1);
      expect(await counts()).toEqual({ orders: before.orders + 1, lines: before.lines + 1 });
      const db = await getDb();
      expect(
        await db
          .select()
          .from(orders)
          .where(and(eq(orders.appCode, "ls"), eq(orders.idempotencyKey, key))),
      ).toHaveLength(1);
    });

    it("keys are per product, and no key means no deduplication", async () => {
      const user = await createUser();
      const key = `key-${newId()}`;
      const ls = await productCreatesOrder(user, { idempotencyKey: key });
      const lp = await productCreatesOrder(user, { app: "lp", idempotencyKey: key });
      expect(ls.body.code).toBe(200);
      expect(lp.body.code).toBe(200);
      expect(lp.body.data.order_id).not.toBe(ls.body.data.order_id);
      const token = await productToken(user);
      const lines = [line()];
      const a = await productCreatesOrder(user, { token, lines });
      const b = await productCreatesOrder(user, { token, lines });
      expect(b.body.data.order_id).not.toBe(a.body.data.order_id);
    });
  });
});

describe("/order/my-order", () => {
  it("lists only the person's orders, newest first, filtered by status, reference and dates", async () => {
    const user = await createUser({ timezone: "Asia/Ho_Chi_Minh" });
    const stranger = await createUser();
    await createdOrder(stranger);
    // Around midnight of 10 March in Ho Chi Minh City (UTC+7).
    const a = await createdOrder(user); // 2026-03-09 23:59:59 local
    const b = await createdOrder(user); // 2026-03-10 00:00:00 local
    const c = await createdOrder(user); // 2026-03-10 23:59:59.999 local
    const d = await createdOrder(user); // 2026-03-11 00:00:00 local
    await setOrderCreatedAt(a.order_id, new Date("2026-03-09T16:59:59.000Z"));
    await setOrderCreatedAt(b.order_id, new Date("2026-03-09T17:00:00.000Z"));
    await setOrderCreatedAt(c.order_id, new Date("2026-03-10T16:59:59.999Z"));
    await setOrderCreatedAt(d.order_id, new Date("2026-03-10T17:00:00.000Z"));
    await payOrder(b.order_id);
    const cookie = await signIn(user);
    const list = async (body: Record<string, unknown>) => {
      const r = await call<Page<OrderItem>>("/order/my-order", body, { cookie });
      expect(r.body.code).toBe(200);
      return { ids: r.body.data.items.map((o) => o._id), total: r.body.data.total };
    };
    const [A, B, C, D] = [a.order_id, b.order_id, c.order_id, d.order_id];

    expect(await list({})).toEqual({ ids: [D, C, B, A], total: 4 });
    expect(await list({ status: "PAID" })).toEqual({ ids: [B], total: 1 });
    expect(await list({ status: "PENDING" })).toEqual({ ids: [D, C, A], total: 3 });
    expect(await list({ reference_no: c.reference_no.toLowerCase() })).toEqual({ ids: [C], total: 1 });
    expect(await list({ reference_no: "OD000000NOPE00" })).toEqual({ ids: [], total: 0 });
    // A plain day is the whole day in the person's zone.
    expect(await list({ from_date: "2026-03-10", to_date: "2026-03-10" })).toEqual({ ids: [C, B], total: 2 });
    expect(await list({ from_date: "2026-03-11" })).toEqual({ ids: [D], total: 1 });
    expect(await list({ to_date: "2026-03-09" })).toEqual({ ids: [A], total: 1 });
    // ISO instants are taken as given.
    expect(
      await list({ from_date: "2026-03-10T00:00:00+07:00", to_date: "2026-03-10T23:59:59.999+07:00" }),
    ).toEqual({ ids: [C, B], total: 2 });
    expect(await list({ from_date: "2026-03-09T16:59:59Z", to_date: "2026-03-09T17:00:00Z" })).toEqual({
      ids: [B, A],
      total: 2,
    });
    // Paging keeps the total.
    expect(await list({ limit: 2, offset: 1 })).toEqual({ ids: [C, B], total: 4 });
  });

  // First impression 12: the list says what each order bought, without opening its detail.
  it("answers each order with its lines: app, package (wire code and display code) and store", async () => {
    const user = await createUser();
    const created = await createdOrder(user, {
      lines: [
        line({ package_code: "PREMIUM_5", months: 12, store_name: "Minh Shop" }),
        line({ store_name: "Lan Shop" }),
      ],
    });
    const cookie = await signIn(user);
    const r = await call<Page<OrderItem & { app_code: string; lines: Record<string, unknown>[] }>>(
      "/order/my-order",
      {},
      { cookie },
    );
    const [order] = r.body.data.items;
    expect(order?._id).toBe(created.order_id);
    expect(order?.lines).toHaveLength(2);
    expect(order?.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          app_code: "ls",
          package_code: "PREMIUM_5",
          display_code: "BUSSINESS_3",
          store_name: "Minh Shop",
          months: 12,
        }),
        expect.objectContaining({ package_code: "PRO", display_code: "PRO", store_name: "Lan Shop" }),
      ]),
    );
  });

  it("reads a plain day in the person's own zone", async () => {
    const user = await createUser({ timezone: "UTC" });
    const late = await createdOrder(user);
    const early = await createdOrder(user);
    await setOrderCreatedAt(late.order_id, new Date("2026-03-10T23:30:00Z"));
    await setOrderCreatedAt(early.order_id, new Date("2026-03-10T16:30:00Z"));
    const cookie = await signIn(user);
    const r = await call<Page<OrderItem>>(
      "/order/my-order",
      { from_date: "2026-03-10", to_date: "2026-03-10" },
      { cookie },
    );
    expect(r.body.data.items.map((o) => o._id)).toEqual([late.order_id, early.order_id]);
    const vn = await call<Page<OrderItem>>(
      "/order/my-order",
      { from_date: "2026-03-11T00:00:00+07:00", to_date: "2026-03-11T23:59:59+07:00" },
      { cookie },
    );
    expect(vn.body.data.items.map((o) => o._id)).toEqual([late.order_id]);
  });

  it("refuses bad filters and a caller without a session", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    for (const body of [
      { status: "DONE" },
      { from_date: "2026-02-30" },
      { to_date: "yesterday" },
      { limit: 0 },
      { limit: 500 },
    ]) {
      const r = await call("/order/my-order", body, { cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((r.body.data as { error: string }).error).toBe("VALIDATION");
    }
    const anonymous = await call("/order/my-order", {});
    expect(anonymous.status).toBe(401);
  });
});

describe("/order/detail", () => {
  it("answers the person's order with its lines", async () => {
    const user = await createUser();
    const created = await createdOrder(user, {
      lines: [line({ package_code: "PREMIUM_5", months: 12 }), line({ months: 2 })],
    });
    const cookie = await signIn(user);
    const r = await call<{
      _id: string;
      status: string;
      total: number;
      lines: { package_code: string; display_code: string; months: number; bonus_months: number }[];
    }>("/order/detail", { id: created.order_id }, { cookie });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ _id: created.order_id, status: "PENDING", total: 4000000 + 478000 });
    expect(r.body.data.lines).toHaveLength(2);
    expect(r.body.data.lines.find((l) => l.package_code === "PREMIUM_5")).toMatchObject({
      display_code: "BUSSINESS_3",
      months: 12,
      bonus_months: 2,
    });
  });

  it("answers not found for another person's order and an unknown id", async () => {
    const owner = await createUser();
    const created = await createdOrder(owner);
    const cookie = await signIn(await createUser());
    for (const id of [created.order_id, "nope"]) {
      const r = await call("/order/detail", { id }, { cookie });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe("This order does not exist");
      expect((r.body.data as { error: string }).error).toBe("ORDER_NOT_FOUND");
    }
    expect((await call("/order/detail", { id: created.order_id })).status).toBe(401);
  });
});

describe("/order/cancel", () => {
  it("cancels a pending order: note, audit row, event, pending attempts voided with their points back", async () => {
    const user = await createUser({ point: "100.00" });
    const created = await createdOrder(user);
    const db = await getDb();
    const { adjustBalance } = await import("@/server/balance/service");
    await adjustBalance(db, {
      userId: user.id,
      balance: "point",
      amount: -40,
      now: new Date(),
      note: "test",
    });
    const attempt = await insertTestPayment(created.order_id, { pointsUsed: "40.00", amount: 199000 });
    expect(await pointsOf(user.id)).toBe(60);
    const cookie = await signIn(user);
    const r = await call<{ status: string }>(
      "/order/cancel",
      { id: created.order_id, note: "changed my mind", status: "CANCEL" },
      { cookie },
    );
    expect(r.body.code).toBe(200);
    expect(r.body.message).toBe("Order cancelled");
    expect(r.body.data.status).toBe("CANCEL");
    const order = await findOrderById(db, created.order_id);
    expect(order).toMatchObject({
      status: "CANCEL",
      statusNote: "changed my mind",
      statusBy: `user:${user.id}`,
    });
    expect(
      await db.select().from(orderEvents).where(eq(orderEvents.orderId, created.order_id)),
    ).toMatchObject([
      { fromStatus: "PENDING", toStatus: "CANCEL", actor: `user:${user.id}`, note: "changed my mind" },
    ]);
    expect((await findPaymentById(db, attempt.id))?.status).toBe("CANCEL");
    expect(await pointsOf(user.id)).toBe(100);
    const events = await db.select().from(outbox).where(eq(outbox.kind, "event"));
    const mine = events.filter(
      (e) =>
        (e.payload as { event: { data: { order_id: string } } }).event.data.order_id === created.order_id,
    );
    expect(mine.map((e) => (e.payload as { event: { type: string } }).event.type)).toEqual([
      "order.cancelled",
    ]);
  });

  it("refuses a paid or cancelled order with a clear message and changes nothing", async () => {
    const user = await createUser();
    const paid = await createdOrder(user);
    await payOrder(paid.order_id);
    const cookie = await signIn(user);
    const r = await call("/order/cancel", { id: paid.order_id }, { cookie });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("Only a pending order can be cancelled");
    expect((r.body.data as { error: string }).error).toBe("ORDER_NOT_PENDING");
    const db = await getDb();
    expect((await findOrderById(db, paid.order_id))?.status).toBe("PAID");
    expect(await countRows(orderEvents, eq(orderEvents.orderId, paid.order_id))).toBe(1);

    const pending = await createdOrder(user);
    expect((await call("/order/cancel", { id: pending.order_id }, { cookie })).body.code).toBe(200);
    const again = await call("/order/cancel", { id: pending.order_id }, { cookie });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only a pending order can be cancelled");
    expect(await countRows(orderEvents, eq(orderEvents.orderId, pending.order_id))).toBe(1);
  });

  it("answers not found for another person's order and leaves it pending", async () => {
    const owner = await createUser();
    const created = await createdOrder(owner);
    const cookie = await signIn(await createUser());
    const r = await call("/order/cancel", { id: created.order_id }, { cookie });
    expect(r.status).toBe(404);
    expect((r.body.data as { error: string }).error).toBe("ORDER_NOT_FOUND");
    expect((await findOrderById(await getDb(), created.order_id))?.status).toBe("PENDING");
  });

  it("accepts only the CANCEL status", async () => {
    const user = await createUser();
    const created = await createdOrder(user);
    const cookie = await signIn(user);
    const r = await call("/order/cancel", { id: created.order_id, status: "PAID" }, { cookie });
    expect(r.status).toBe(400);
    expect((await findOrderById(await getDb(), created.order_id))?.status).toBe("PENDING");
  });
});

describe("/order/get-transaction", () => {
  it("shows the order to anyone holding the link, the account only to its owner", async () => {
    const owner = await createUser({ email: `owner${newId().toLowerCase()}@example.com`, point: "12.00" });
    const created = await createdOrder(owner);
    const anonymous = await call<{
      _id: string;
      is_owner: boolean;
      lines: unknown[];
      account: Record<string, unknown>;
    }>("/order/get-transaction", { transaction_id: created.transaction_id });
    expect(anonymous.body.code).toBe(200);
    expect(anonymous.body.data).toMatchObject({ _id: created.order_id, is_owner: false });
    expect(anonymous.body.data.lines).toHaveLength(1);
    expect(anonymous.body.data.account).toEqual({ email: `o***@example.com` });

    const strangerCookie = await signIn(await createUser());
    const stranger = await call<{ is_owner: boolean; account: Record<string, unknown> }>(
      "/order/get-transaction",
      { transaction_id: created.transaction_id },
      { cookie: strangerCookie },
    );
    expect(stranger.body.data.is_owner).toBe(false);
    expect(stranger.body.data.account).toEqual({ email: "o***@example.com" });

    const mine = await call<{ is_owner: boolean; account: Record<string, unknown> }>(
      "/order/get-transaction",
      { transaction_id: created.transaction_id },
      { cookie: await signIn(owner) },
    );
    expect(mine.body.data.is_owner).toBe(true);
    expect(mine.body.data.account).toMatchObject({ email: owner.email, fullname: owner.fullname, point: 12 });
  });

  it("answers 'This order does not exist' for an unknown, cancelled or invalid order", async () => {
    const user = await createUser();
    const cancelled = await createdOrder(user);
    const invalid = await createdOrder(user);
    const db = await getDb();
    await transitionOrder(
      { db, env: env(), now: new Date() },
      { orderId: cancelled.order_id, to: "CANCEL", actor: "system" },
    );
    await transitionOrder(
      { db, env: env(), now: new Date() },
      { orderId: invalid.order_id, to: "INVALID", actor: "system" },
    );
    for (const transaction_id of ["unknown-transaction", cancelled.transaction_id, invalid.transaction_id]) {
      const r = await call("/order/get-transaction", { transaction_id, lang: "en" });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe("This order does not exist");
    }
  });

  it("shows a paid order as paid", async () => {
    const user = await createUser();
    const created = await createdOrder(user);
    await payOrder(created.order_id);
    const r = await call<{ status: string; paid_at: string | null }>("/order/get-transaction", {
      transaction_id: created.transaction_id,
    });
    expect(r.body.data.status).toBe("PAID");
    expect(r.body.data.paid_at).not.toBeNull();
  });
});

describe("transitionOrder", () => {
  it("20 concurrent payments of one order deliver it exactly once", async () => {
    const db = await getDb();
    const referrer = await createUser();
    const buyer = await createUser();
    expect(
      await recordReferral({ db, clock: () => new Date() }, buyer.id, { referral_id: referrer.code }),
    ).toBe(referrer.id);
    const storeId = `store-${newId()}`;
    const created = await createdOrder(buyer, {
      lines: [line({ store_id: storeId, package_code: "PREMIUM_5", months: 12 })],
    });
    const now = new Date("2026-04-01T03:00:00.000Z");

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transitionOrder(
          { db, env: env(), now },
          { orderId: created.order_id, to: "PAID", actor: `operator:racer-${i}` },
        ),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.filter((r) => !r.changed).every((r) => !r.changed && r.reason === "not_allowed")).toBe(
      true,
    );

    expect(await countRows(orderEvents, eq(orderEvents.orderId, created.order_id))).toBe(1);
    expect(await countRows(payments, eq(payments.orderId, created.order_id))).toBe(1);
    const [store] = await db
      .select()
      .from(stores)
      .where(and(eq(stores.appCode, "ls"), eq(stores.storeId, storeId)));
    // PREMIUM_5: 12 months + 2 bonus months, once.
    expect(store?.expiresAt?.toISOString()).toBe(dayjs(now).add(14, "month").toDate().toISOString());
    expect(store).toMatchObject({ ownerId: buyer.id, packageCode: "PREMIUM_5" });
    const events = (await db.select().from(outbox).where(eq(outbox.kind, "event"))).filter(
      (e) =>
        (e.payload as { event: { data: { order_id: string } } }).event.data.order_id === created.order_id,
    );
    expect(events).toHaveLength(1);
    expect((events[0]?.payload as { event: { type: string } } | undefined)?.event.type).toBe("order.paid");
    const [referral] = await db.select().from(referrals).where(eq(referrals.referredId, buyer.id));
    expect(referral?.purchasedReward).toBe(env().REFERRAL_PURCHASE_REWARD_MONTHS);
    expect(env().REFERRAL_PURCHASE_REWARD_MONTHS).toBeGreaterThan(0);
  });

  it("a second paid order extends the store again but grants no second purchase reward", async () => {
    const db = await getDb();
    const referrer = await createUser();
    const buyer = await createUser();
    await recordReferral({ db, clock: () => new Date() }, buyer.id, { referral_id: referrer.code });
    const storeId = `store-${newId()}`;
    const first = await createdOrder(buyer, { lines: [line({ store_id: storeId, months: 2 })] });
    const second = await createdOrder(buyer, { lines: [line({ store_id: storeId, months: 3 })] });
    const now = new Date("2026-04-01T03:00:00.000Z");
    await payOrder(first.order_id, now);
    await db.update(referrals).set({ purchasedReward: 99 }).where(eq(referrals.referredId, buyer.id));
    await payOrder(second.order_id, now);
    const [store] = await db
      .select()
      .from(stores)
      .where(and(eq(stores.appCode, "ls"), eq(stores.storeId, storeId)));
    expect(store?.expiresAt?.toISOString()).toBe(dayjs(now).add(5, "month").toDate().toISOString());
    const [referral] = await db.select().from(referrals).where(eq(referrals.referredId, buyer.id));
    expect(referral?.purchasedReward).toBe(99);
  });

  it("two orders for one new store paid at the same moment add up", async () => {
    const db = await getDb();
    const user = await createUser();
    const storeId = `store-${newId()}`;
    const first = await createdOrder(user, { lines: [line({ store_id: storeId, months: 2 })] });
    const second = await createdOrder(user, { lines: [line({ store_id: storeId, months: 3 })] });
    const now = new Date("2026-04-01T03:00:00.000Z");
    const results = await Promise.all(
      [first, second].map((o) =>
        transitionOrder({ db, env: env(), now }, { orderId: o.order_id, to: "PAID", actor: "operator:test" }),
      ),
    );
    expect(results.map((r) => r.changed)).toEqual([true, true]);
    const rows = await db
      .select()
      .from(stores)
      .where(and(eq(stores.appCode, "ls"), eq(stores.storeId, storeId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.expiresAt?.toISOString()).toBe(dayjs(now).add(5, "month").toDate().toISOString());
  });

  it("an order for a store someone else took since it was created never extends that person's store", async () => {
    const db = await getDb();
    const early = await createUser();
    const owner = await createUser();
    const storeId = `store-${newId()}`;
    // Created while the store did not exist yet: nobody owned it.
    const stale = await createdOrder(early, { lines: [line({ store_id: storeId, months: 3 })] });
    const now = new Date("2026-04-01T03:00:00.000Z");
    await payOrder(
      (await createdOrder(owner, { lines: [line({ store_id: storeId, months: 1 })] })).order_id,
      now,
    );
    await transitionOrder(
      { db, env: env(), now },
      { orderId: stale.order_id, to: "PAID", actor: "operator:test" },
    );
    const [store] = await db
      .select()
      .from(stores)
      .where(and(eq(stores.appCode, "ls"), eq(stores.storeId, storeId)));
    expect(store?.ownerId).toBe(owner.id);
    expect(store?.expiresAt?.toISOString()).toBe(dayjs(now).add(1, "month").toDate().toISOString());
  });

  it("settling an order delivered on credit does not extend the store twice", async () => {
    const db = await getDb();
    const user = await createUser();
    const storeId = `store-${newId()}`;
    const created = await createdOrder(user, { lines: [line({ store_id: storeId, months: 2 })] });
    const now = new Date("2026-04-01T03:00:00.000Z");
    const debit = await transitionOrder(
      { db, env: env(), now },
      { orderId: created.order_id, to: "PAID_DEBIT", actor: "operator:test" },
    );
    expect(debit.changed).toBe(true);
    const settled = await transitionOrder(
      { db, env: env(), now: new Date(now.getTime() + 86_400_000) },
      { orderId: created.order_id, to: "PAID", actor: "operator:test" },
    );
    expect(settled.changed).toBe(true);
    const [store] = await db
      .select()
      .from(stores)
      .where(and(eq(stores.appCode, "ls"), eq(stores.storeId, storeId)));
    expect(store?.expiresAt?.toISOString()).toBe(dayjs(now).add(2, "month").toDate().toISOString());
    const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, created.order_id));
    expect(rows.map((e) => `${e.fromStatus}→${e.toStatus}`).sort()).toEqual([
      "PAID_DEBIT→PAID",
      "PENDING→PAID_DEBIT",
    ]);
  });

  it("refuses what the table refuses and an unknown order, changing nothing", async () => {
    const db = await getDb();
    const user = await createUser();
    const created = await createdOrder(user);
    await payOrder(created.order_id);
    const deps = { db, env: env(), now: new Date() };
    for (const to of ["CANCEL", "INVALID", "PAID", "PAID_DEBIT"] as const) {
      const r = await transitionOrder(deps, { orderId: created.order_id, to, actor: "system" });
      expect(r).toMatchObject({ changed: false, reason: "not_allowed" });
    }
    expect(await countRows(orderEvents, eq(orderEvents.orderId, created.order_id))).toBe(1);
    expect(await transitionOrder(deps, { orderId: "missing", to: "PAID", actor: "system" })).toMatchObject({
      changed: false,
      reason: "not_found",
    });
  });

  it("paying through an attempt that is no longer pending rolls everything back", async () => {
    const db = await getDb();
    const user = await createUser();
    const storeId = `store-${newId()}`;
    const created = await createdOrder(user, { lines: [line({ store_id: storeId })] });
    const attempt = await insertTestPayment(created.order_id, { status: "CANCEL" });
    const r = await transitionOrder(
      { db, env: env(), now: new Date() },
      { orderId: created.order_id, to: "PAID", actor: "gateway:VNPAY", payment: { id: attempt.id } },
    );
    expect(r).toMatchObject({ changed: false, reason: "payment_not_pending" });
    expect((await findOrderById(db, created.order_id))?.status).toBe("PENDING");
    expect(await countRows(orderEvents, eq(orderEvents.orderId, created.order_id))).toBe(0);
    expect(await countRows(stores, eq(stores.storeId, storeId))).toBe(0);
    expect(
      await countRows(outbox, sql`${outbox.payload}->'event'->'data'->>'order_id' = ${created.order_id}`),
    ).toBe(0);
  });

  it("paying through one attempt voids the other pending attempts and returns their points", async () => {
    const db = await getDb();
    const user = await createUser({ point: "50.00" });
    const created = await createdOrder(user);
    const { adjustBalance } = await import("@/server/balance/service");
    await adjustBalance(db, { userId: user.id, balance: "point", amount: -20, now: new Date() });
    const other = await insertTestPayment(created.order_id, { pointsUsed: "20.00", gateway: "ZALOPAY" });
    const paying = await insertTestPayment(created.order_id, { gateway: "VNPAY" });
    const r = await transitionOrder(
      { db, env: env(), now: new Date() },
      {
        orderId: created.order_id,
        to: "PAID",
        actor: "gateway:VNPAY",
        payment: { id: paying.id, gatewayTxn: "T1" },
      },
    );
    expect(r.changed).toBe(true);
    expect(await findPaymentById(db, paying.id)).toMatchObject({ status: "PAID", gatewayTxn: "T1" });
    expect((await findPaymentById(db, other.id))?.status).toBe("CANCEL");
    expect(await pointsOf(user.id)).toBe(50);
  });
});

afterAll(() => configureProducts());
