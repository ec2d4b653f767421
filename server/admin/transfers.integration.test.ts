// Issue 24: the console's bank transfers. The partial, unmatched and late ones with their raw
// notification; an unmatched or partial one applied to a pending order pays it through the same
// order path as a matched notification, exactly once (a second, concurrent or replayed apply pays
// nothing), with one audit row. Every call wants the admin scope and the second factor; applying
// also a re-authentication within 15 minutes.
import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { registry } from "@/server/registry";
import { adminWithoutSecondFactor, reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import {
  bankNotify,
  bankTransfer,
  buyer,
  configureCheckout,
  orderEventsOf,
  orderRow,
  outboxEventsOf,
  paymentRow,
  paymentsOf,
  startedCheckout,
} from "@/tests/support/checkout";
import { paymentsTransfers } from "./commerce";

type Data = Record<string, unknown> & { error?: string };
type Row = Record<string, unknown> & { id: string; status: string };
type Page = { items: Row[]; total: number };

const MINUTE = 60_000;
let nextId = 900_000 + Math.floor(Math.random() * 90_000);
const bankId = () => nextId++;

/** SePay's body for an incoming transfer. */
const sepay = (id: number, content: string, amount: number) => ({
  id,
  gateway: "Vietcombank",
  transactionDate: "2025-04-01 09:15:00",
  accountNumber: "0123456789",
  content,
  transferType: "in",
  transferAmount: amount,
  referenceCode: `FT25091${id}`,
});

async function notified(content: string, amount: number): Promise<string> {
  const id = bankId();
  expect((await bankNotify(sepay(id, content, amount))).body).toEqual({ success: true });
  return String(id);
}

async function ok<T = Data>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  const parsed = registry[path]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  return res.body.data;
}

const transferStatus = async (id: string) => (await bankTransfer(id))?.status;

const auditAbout = async (targetId: string) =>
  (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);

async function auditCount(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/** An operator signed in with the second factor, re-authenticated now. */
async function operator() {
  const op = await signedInOperator();
  await reauthenticate(op.cookie);
  return op;
}

beforeAll(() => configureCheckout());
beforeEach(() => resetLimitsForTests());

describe("the transfers to look at", () => {
  it("lists them by status and reference, with the order and the raw notification", async () => {
    const { cookie } = await operator();
    const tag = `LOOK${Date.now() % 1_000_000}`;
    const unmatched = await notified(`CHUYEN TIEN ${tag}`, 239_000);
    const short = await startedCheckout("CASH");
    const partial = await notified(`IBFT ${short.order.reference_no} ${tag}`, short.attempt.due - 1000);
    const paid = await startedCheckout("CASH");
    const matched = await notified(`IBFT ${paid.order.reference_no} ${tag}`, paid.attempt.due);
    const list = (body: Record<string, unknown>) =>
      ok<Page>("/admin/transfers/list", { limit: 200, ...body }, cookie);

    const mine = await list({ reference: tag.toLowerCase() });
    expect(mine.items.map((r) => r.id)).toEqual([matched, partial, unmatched]);
    expect(mine.items.find((r) => r.id === unmatched)).toEqual({
      _id: unmatched,
      id: unmatched,
      amount: 239_000,
      content: `CHUYEN TIEN ${tag}`,
      reference_no: null,
      order_id: null,
      order_reference_no: null,
      order_status: null,
      status: "unmatched",
      actor: "bank:Vietcombank",
      raw: { ...sepay(Number(unmatched), `CHUYEN TIEN ${tag}`, 239_000), id: unmatched },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(mine.items.find((r) => r.id === partial)).toMatchObject({
      status: "partial",
      reference_no: short.order.reference_no,
      order_id: short.order.order_id,
      order_reference_no: short.order.reference_no,
      order_status: "PENDING",
    });
    expect(mine.items.find((r) => r.id === matched)).toMatchObject({
      status: "matched",
      order_status: "PAID",
    });

    expect((await list({ status: "partial", reference: tag })).items.map((r) => r.id)).toEqual([partial]);
    expect((await list({ status: "unmatched" })).items.map((r) => r.id)).toContain(unmatched);
    expect((await list({ status: "unmatched" })).items.every((r) => r.status === "unmatched")).toBe(true);
    expect((await list({ reference: short.order.reference_no })).items.map((r) => r.id)).toEqual([partial]);
    expect((await list({ reference: unmatched })).items.map((r) => r.id)).toEqual([unmatched]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list({ reference: tag, from_date: tomorrow })).total).toBe(0);
    const bad = await call<Data>("/admin/transfers/list", { status: "lost" }, { cookie });
    expect(bad.body.data.error).toBe("VALIDATION");
  });
});

describe("applying a transfer to an order", () => {
  it("an unmatched one pays a pending order once, through the order path; one audit row", async () => {
    const { user: op, cookie } = await operator();
    const b = await buyer();
    const id = await notified("CK MUA HANG KHONG GHI MA", b.order.total);
    const applied = await ok<{ transfer: Row; audit_id: string }>(
      "/admin/transfers/apply",
      { id, reference: ` ${b.order.reference_no.toLowerCase()} `, note: "Customer sent the receipt" },
      cookie,
    );
    expect(applied.transfer).toMatchObject({
      id,
      status: "applied",
      order_id: b.order.order_id,
      reference_no: b.order.reference_no,
      order_reference_no: b.order.reference_no,
      order_status: "PAID",
    });

    const order = await orderRow(b.order.order_id);
    expect(order.status).toBe("PAID");
    expect((await orderEventsOf(order.id)).map((e) => [e.toStatus, e.actor])).toEqual([
      ["PAID", `operator:${op.email}`],
    ]);
    expect((await outboxEventsOf(order.id)).map((e) => e.type)).toEqual(["order.paid"]);
    expect((await paymentsOf(order.id)).map((p) => [p.status, p.gateway, p.amount])).toEqual([
      ["PAID", "CASH", b.order.total],
    ]);
    expect(await bankTransfer(id)).toMatchObject({ status: "applied", orderId: order.id });

    expect(await auditAbout(id)).toEqual([
      expect.objectContaining({
        id: applied.audit_id,
        operatorId: op.id,
        operator: op.email,
        action: "transfer.apply",
        targetType: "transfer",
        before: { status: "unmatched", reference_no: null, order_id: null, order_status: "PENDING" },
        after: {
          status: "applied",
          reference_no: b.order.reference_no,
          order_id: order.id,
          order_status: "PAID",
        },
        note: "Customer sent the receipt",
      }),
    ]);

    // Again, or the bank sending the same notification again: nothing more is paid or audited.
    const again = await call<Data>(
      "/admin/transfers/apply",
      { id, reference: b.order.reference_no },
      { cookie },
    );
    expect([again.status, again.body.data.error]).toEqual([409, "TRANSFER_NOT_APPLICABLE"]);
    await bankNotify(sepay(Number(id), "CK MUA HANG KHONG GHI MA", b.order.total));
    expect(await bankTransfer(id)).toMatchObject({ status: "applied" });
    expect(await orderEventsOf(order.id)).toHaveLength(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await auditAbout(id)).toHaveLength(1);
    // The command line's list still shows it.
    expect((await paymentsTransfers(await getDb(), "applied", 200)).map((t) => t.id)).toContain(id);
  });

  it("pays the transfer attempt the person opened (their points used), as a notification would", async () => {
    const { cookie } = await operator();
    const a = await startedCheckout("CASH", 15);
    const id = await notified("CHUYEN KHOAN", a.attempt.due);
    await ok("/admin/transfers/apply", { id, reference: a.order.reference_no }, cookie);
    expect(await paymentRow(a.attempt.payment_id)).toMatchObject({
      status: "PAID",
      gatewayTxn: id,
      amount: a.attempt.due,
    });
    expect((await orderRow(a.order.order_id)).status).toBe("PAID");
  });

  it("a partial one pays another order it covers, never its own short one", async () => {
    const { cookie } = await operator();
    const own = await startedCheckout("CASH");
    const id = await notified(`IBFT ${own.order.reference_no}`, own.attempt.due - 1000);
    expect(await transferStatus(id)).toBe("partial");
    const before = await auditCount();

    const short = await call<Data>(
      "/admin/transfers/apply",
      { id, reference: own.order.reference_no },
      { cookie },
    );
    expect([short.status, short.body.data.error]).toEqual([409, "TRANSFER_AMOUNT_SHORT"]);
    expect(short.body.message).toBe(
      `The transfer is less than the ${own.attempt.due.toLocaleString("en")} ₫ the order owes: nothing was paid`,
    );
    expect((await orderRow(own.order.order_id)).status).toBe("PENDING");
    expect(await transferStatus(id)).toBe("partial");
    expect(await auditCount()).toBe(before);

    const other = await startedCheckout("CASH", 15);
    const applied = await ok<{ transfer: Row }>(
      "/admin/transfers/apply",
      { id, reference: other.order.reference_no },
      cookie,
    );
    expect(applied.transfer).toMatchObject({ status: "applied", order_id: other.order.order_id });
    expect((await orderRow(other.order.order_id)).status).toBe("PAID");
    expect((await orderRow(own.order.order_id)).status).toBe("PENDING");
    expect((await auditAbout(id)).map((r) => [r.before, r.after])).toEqual([
      [
        {
          status: "partial",
          reference_no: own.order.reference_no,
          order_id: own.order.order_id,
          order_status: "PENDING",
        },
        {
          status: "applied",
          reference_no: other.order.reference_no,
          order_id: other.order.order_id,
          order_status: "PAID",
        },
      ],
    ]);
  });

  it("refuses an unknown transfer, one that paid already, an unknown order and a settled one: nothing written", async () => {
    const { cookie } = await operator();
    const paid = await startedCheckout("CASH");
    const matched = await notified(`IBFT ${paid.order.reference_no}`, paid.attempt.due);
    const late = await notified(`IBFT ${paid.order.reference_no}`, paid.attempt.due);
    expect(await transferStatus(late)).toBe("late");
    const unmatched = await notified("NO REFERENCE HERE", 500_000);
    const pending = await buyer();
    const before = await auditCount();
    const apply = (id: string, reference: string) =>
      call<Data>("/admin/transfers/apply", { id, reference }, { cookie });

    for (const [res, status, error] of [
      [await apply("no-such-transfer", pending.order.reference_no), 404, "TRANSFER_NOT_FOUND"],
      [await apply(matched, pending.order.reference_no), 409, "TRANSFER_NOT_APPLICABLE"],
      [await apply(late, pending.order.reference_no), 409, "TRANSFER_NOT_APPLICABLE"],
      [await apply(unmatched, "OD000000XXXXXX"), 404, "ORDER_NOT_FOUND"],
      [await apply(unmatched, paid.order.reference_no), 409, "TRANSFER_ORDER_SETTLED"],
    ] as const) {
      expect([res.status, res.body.data.error]).toEqual([status, error]);
    }
    const empty = await apply(unmatched, " ");
    expect(empty.body.data.error).toBe("VALIDATION");
    expect(await auditCount()).toBe(before);
    expect(await transferStatus(unmatched)).toBe("unmatched");
    expect((await orderRow(pending.order.order_id)).status).toBe("PENDING");
    expect(await orderEventsOf(paid.order.order_id)).toHaveLength(1);
  });

  it("concurrent applies pay once: the same transfer five times, or two transfers for one order", async () => {
    const { cookie } = await operator();
    const b = await buyer();
    const id = await notified("TRANSFER ONE", b.order.total);
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<Data>("/admin/transfers/apply", { id, reference: b.order.reference_no }, { cookie }),
      ),
    );
    expect(same.map((r) => r.body.data.error ?? "ok").sort()).toEqual([
      "TRANSFER_NOT_APPLICABLE",
      "TRANSFER_NOT_APPLICABLE",
      "TRANSFER_NOT_APPLICABLE",
      "TRANSFER_NOT_APPLICABLE",
      "ok",
    ]);
    expect(await orderEventsOf(b.order.order_id)).toHaveLength(1);
    expect(await paymentsOf(b.order.order_id)).toHaveLength(1);
    expect(await auditAbout(id)).toHaveLength(1);

    const c = await buyer();
    const first = await notified("TRANSFER A", c.order.total);
    const second = await notified("TRANSFER B", c.order.total);
    const both = await Promise.all(
      [first, second].map((t) =>
        call<Data>("/admin/transfers/apply", { id: t, reference: c.order.reference_no }, { cookie }),
      ),
    );
    expect(both.map((r) => r.body.data.error ?? "ok").sort()).toEqual(["TRANSFER_ORDER_SETTLED", "ok"]);
    expect(await orderEventsOf(c.order.order_id)).toHaveLength(1);
    expect(await paymentsOf(c.order.order_id)).toHaveLength(1);
    const statuses = [await transferStatus(first), await transferStatus(second)].sort();
    expect(statuses).toEqual(["applied", "unmatched"]);
    expect((await auditAbout(first)).length + (await auditAbout(second)).length).toBe(1);
  });
});

describe("who may look and apply", () => {
  const CALLS = {
    "/admin/transfers/list": () => ({}),
    "/admin/transfers/apply": (id: string, reference: string) => ({ id, reference }),
  } as const;

  it.each(Object.keys(CALLS))(
    "%s refuses no session, a person, and an admin without the second factor",
    async (path) => {
      const b = await buyer();
      const id = await notified("REFUSAL TEST", b.order.total);
      const body = path === "/admin/transfers/apply" ? { id, reference: b.order.reference_no } : {};
      const person = await createUser();
      const personCookie = (await call("/auth/signin", { email: person.email, password: PASSWORD })).cookie;
      const before = await auditCount();

      const nobody = await call<Data>(path, body);
      expect([nobody.status, nobody.body.data.error]).toEqual([401, "UNAUTHORIZED"]);
      const plain = await call<Data>(path, body, { cookie: personCookie });
      expect([plain.status, plain.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
      const noSecond = await call<Data>(path, body, { cookie: (await adminWithoutSecondFactor()).cookie });
      expect([noSecond.status, noSecond.body.data.error]).toEqual([403, "ADMIN_2FA_REQUIRED"]);

      expect(await auditCount()).toBe(before);
      expect(await transferStatus(id)).toBe("unmatched");
      expect((await orderRow(b.order.order_id)).status).toBe("PENDING");
    },
  );

  it("applying wants a re-authentication within 15 minutes; listing does not", async () => {
    const { cookie } = await signedInOperator();
    const b = await buyer();
    const id = await notified("REAUTH TEST", b.order.total);
    const before = await auditCount();
    expect((await call<Data>("/admin/transfers/list", {}, { cookie })).body.code).toBe(200);

    const none = await call<Data>(
      "/admin/transfers/apply",
      { id, reference: b.order.reference_no },
      { cookie },
    );
    expect([none.status, none.body.data.error]).toEqual([403, "REAUTH_REQUIRED"]);
    await reauthenticate(cookie, Date.now() - 16 * MINUTE);
    const stale = await call<Data>(
      "/admin/transfers/apply",
      { id, reference: b.order.reference_no },
      { cookie },
    );
    expect(stale.body.data.error).toBe("REAUTH_REQUIRED");
    expect(await auditCount()).toBe(before);
    expect(await transferStatus(id)).toBe("unmatched");

    await reauthenticate(cookie, Date.now() - 14 * MINUTE);
    await ok("/admin/transfers/apply", { id, reference: b.order.reference_no }, cookie);
    expect(await auditCount()).toBe(before + 1);
  });
});
