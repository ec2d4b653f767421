// Issue 24: the console's payments: every person's attempts (/admin/payments/list), asking a
// gateway about one attempt (/admin/payments/check-status: the admin tool's reconcile for one
// attempt, with one audit row), and DESIGN §13's /payment/list — every person's rows for an
// operator with the second factor, the caller's own for anyone else.
import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { registry } from "@/server/registry";
import { adminWithoutSecondFactor, createOperator, signedInOperator } from "@/tests/factories/operator";
import { call } from "@/tests/setup/api";
import {
  buyer,
  checkout,
  orderEventsOf,
  orderRow,
  paymentRow,
  setUpGatewayPeer,
  startedCheckout,
  vnpayParams,
} from "@/tests/support/checkout";

type Data = Record<string, unknown> & { error?: string };
type Page = { items: (Data & { _id: string; person_email?: string })[]; total: number };

const peer = setUpGatewayPeer();
beforeEach(() => resetLimitsForTests());

async function ok<T = Data>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  const parsed = registry[path]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  return res.body.data;
}

const auditOf = async (targetId: string) =>
  (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId));

async function auditCount(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/** A buyer's pending VNPAY attempt and the reference VNPAY knows it by. */
async function vnpayAttempt() {
  const b = await buyer();
  const started = await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY" });
  expect(started.body.code).toBe(200);
  const params = vnpayParams(started.body.data.url as string);
  return { ...b, attempt: started.body.data, txnRef: params.vnp_TxnRef as string, params };
}

describe("payments in the console", () => {
  it("lists every person's attempts by person, product, method and reference", async () => {
    const { cookie } = await signedInOperator();
    const a = await startedCheckout("CASH");
    const b = await vnpayAttempt();
    const mine = await ok<Page>("/admin/payments/list", { person: a.user.email }, cookie);
    expect(mine.items.map((r) => r._id)).toEqual([a.attempt.payment_id]);
    expect(mine.items[0]).toMatchObject({
      person_id: a.user.id,
      person_email: a.user.email,
      gateway: "CASH",
      order_reference_no: a.order.reference_no,
      can_check_status: false,
    });
    const online = await ok<Page>(
      "/admin/payments/list",
      { person: b.user.id, method: "ONLINE_METHOD" },
      cookie,
    );
    expect(online.items).toEqual([
      expect.objectContaining({ _id: b.attempt.payment_id, gateway: "VNPAY", can_check_status: true }),
    ]);
    const byOrderRef = await ok<Page>("/admin/payments/list", { reference_no: b.order.reference_no }, cookie);
    expect(byOrderRef.items.map((r) => r._id)).toEqual([b.attempt.payment_id]);
    expect((await ok<Page>("/admin/payments/list", { person: b.user.id, app: "lp" }, cookie)).total).toBe(0);
  });

  it("check-status is refused without the scope or the second factor, writing nothing", async () => {
    const b = await vnpayAttempt();
    const before = await auditCount();
    const path = "/admin/payments/check-status";
    expect((await call<Data>(path, { id: b.attempt.payment_id })).body.data.error).toBe("UNAUTHORIZED");
    const person = await call<Data>(path, { id: b.attempt.payment_id }, { cookie: b.cookie });
    expect(person.body.data.error).toBe("ADMIN_REQUIRED");
    const no2fa = await call<Data>(
      path,
      { id: b.attempt.payment_id },
      { cookie: (await adminWithoutSecondFactor()).cookie },
    );
    expect(no2fa.body.data.error).toBe("ADMIN_2FA_REQUIRED");
    expect(await auditCount()).toBe(before);
    expect(peer.vnpayQueries.filter((q) => q.vnp_TxnRef === b.txnRef)).toEqual([]);
  });

  it("check-status: VNPAY has the money, so the order is paid; one audit row, before and after", async () => {
    const { cookie } = await signedInOperator();
    const b = await vnpayAttempt();
    peer.vnpayTxns.set(b.txnRef, {
      status: "00",
      amountVnd: b.attempt.due,
      transactionNo: "17770001",
      createDate: b.params.vnp_CreateDate,
    });
    // No re-authentication needed: it applies what the gateway says, as the sweeper would.
    const checked = await ok<Data & { gateway_answer: { query: Record<string, string> } }>(
      "/admin/payments/check-status",
      { id: b.attempt.payment_id },
      cookie,
    );
    expect(checked).toMatchObject({
      outcome: "paid",
      is_final: true,
      before: "PENDING",
      status: "PAID",
      order_status: "PAID",
    });
    expect(checked.gateway_answer.query.vnp_TransactionStatus).toBe("00");
    expect(checked.gateway_answer.query.vnp_SecureHash).toBe("[hidden]");
    expect(await paymentRow(b.attempt.payment_id)).toMatchObject({ status: "PAID", gatewayTxn: "17770001" });
    expect((await orderEventsOf(b.order.order_id)).map((e) => e.actor)).toEqual(["query:VNPAY"]);
    const rows = await auditOf(b.attempt.payment_id);
    expect(rows.map((r) => [r.action, r.targetType, r.before, r.after])).toEqual([
      ["payment.check_status", "payment", { status: "PENDING" }, { status: "PAID", outcome: "paid" }],
    ]);

    // The order's page shows the stored answer, secret-like fields hidden.
    const detail = await ok<{ attempts: Data[] }>("/admin/orders/get", { id: b.order.order_id }, cookie);
    expect(JSON.stringify(detail.attempts)).not.toMatch(/"vnp_SecureHash":"[0-9a-f]{20,}/);
    expect(detail.attempts[0]).toMatchObject({ status: "PAID", can_check_status: false });

    // Asked again: no longer pending, refused, nothing written.
    const again = await call<Data>("/admin/payments/check-status", { id: b.attempt.payment_id }, { cookie });
    expect(again.body.data.error).toBe("PAYMENT_NOT_PENDING");
    expect(await auditOf(b.attempt.payment_id)).toHaveLength(1);
  });

  it("check-status: not finished at VNPAY leaves it pending (audited); failed cancels it", async () => {
    const { cookie } = await signedInOperator();
    const b = await vnpayAttempt();
    peer.vnpayTxns.set(b.txnRef, {
      status: "01",
      amountVnd: b.attempt.due,
      createDate: b.params.vnp_CreateDate,
    });
    const waiting = await ok<Data>("/admin/payments/check-status", { id: b.attempt.payment_id }, cookie);
    expect(waiting).toMatchObject({ outcome: "pending", is_final: false, status: "PENDING" });
    peer.vnpayTxns.set(b.txnRef, {
      status: "02",
      amountVnd: b.attempt.due,
      createDate: b.params.vnp_CreateDate,
    });
    const failed = await ok<Data>("/admin/payments/check-status", { id: b.attempt.payment_id }, cookie);
    expect(failed).toMatchObject({ outcome: "failed", status: "CANCEL", order_status: "PENDING" });
    expect((await orderRow(b.order.order_id)).status).toBe("PENDING");
    const rows = (await auditOf(b.attempt.payment_id)).map((r) => r.after);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { status: "PENDING", outcome: "pending" },
        { status: "CANCEL", outcome: "failed" },
      ]),
    );
  });

  it("check-status: a transfer has no gateway to ask; an unknown attempt is not found", async () => {
    const { cookie } = await signedInOperator();
    const a = await startedCheckout("CASH");
    const cash = await call<Data>("/admin/payments/check-status", { id: a.attempt.payment_id }, { cookie });
    expect([cash.status, cash.body.data.error]).toEqual([409, "PAYMENT_NOT_QUERYABLE"]);
    const none = await call<Data>("/admin/payments/check-status", { id: "nope" }, { cookie });
    expect([none.status, none.body.data.error]).toEqual([404, "PAYMENT_NOT_FOUND"]);
    expect(await auditOf(a.attempt.payment_id)).toEqual([]);
  });
});

describe("/payment/list (DESIGN §13)", () => {
  it("an operator with the second factor sees every person's rows, filterable by person", async () => {
    const { cookie } = await signedInOperator();
    const a = await startedCheckout("CASH");
    const b = await startedCheckout("CASH");
    const all = await ok<Page>("/payment/list", { limit: 200 }, cookie);
    expect(all.items.map((r) => r._id)).toEqual(
      expect.arrayContaining([a.attempt.payment_id, b.attempt.payment_id]),
    );
    const onlyA = await ok<Page>("/payment/list", { person: a.user.email }, cookie);
    expect(onlyA.items.map((r) => [r._id, r.person_email])).toEqual([[a.attempt.payment_id, a.user.email]]);
  });

  it("anyone else — a person, an admin without the second factor — gets their own rows, person ignored", async () => {
    const a = await startedCheckout("CASH");
    const own = await ok<Page>("/payment/list", { person: "", limit: 200 }, a.cookie);
    expect(own.items.map((r) => r._id)).toEqual([a.attempt.payment_id]);
    const other = await startedCheckout("CASH");
    const asked = await ok<Page>("/payment/list", { person: other.user.email }, a.cookie);
    expect(asked.items.map((r) => r._id)).toEqual([a.attempt.payment_id]);
    expect(asked.items[0]).not.toHaveProperty("person_email");

    const { user: admin } = await createOperator();
    const unproved = await ok<Page>(
      "/payment/list",
      { person: other.user.email },
      (await adminWithoutSecondFactor(admin)).cookie,
    );
    expect(unproved.items).toEqual([]);
  });
});
