// Bank transfers: SePay-shaped notifications (Apikey), applied once per bank transaction id, and
// the operator's confirm-transfer through the same path.
import { beforeAll, describe, expect, it } from "vitest";
import { ordersConfirmTransfer } from "@/server/admin/commerce";
import { getDb } from "@/server/db/client";
import {
  bankNotify,
  bankTransfer,
  bankTransfersOfOrder,
  configureCheckout,
  oneExtension,
  orderEventsOf,
  orderRow,
  outboxEventsOf,
  paymentRow,
  paymentsOf,
  pointsOf,
  startedCheckout,
  storesOf,
} from "@/tests/support/checkout";

beforeAll(() => configureCheckout());

let nextId = 700_000 + Math.floor(Math.random() * 100_000);
const bankId = () => nextId++;

/** SePay's body for an incoming transfer. */
const sepay = (id: number, content: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  gateway: "Vietcombank",
  transactionDate: "2025-04-01 09:15:00",
  accountNumber: "0123456789",
  code: null,
  content,
  transferType: "in",
  transferAmount: amount,
  accumulated: 19_077_000,
  subAccount: null,
  referenceCode: `FT25091${id}`,
  description: `BankAPINotify ${content}`,
  ...extra,
});

async function transferAttempt(points = 0) {
  const started = await startedCheckout("CASH", points);
  expect(started.attempt.transfer?.amount).toBe(started.attempt.due);
  return started;
}

async function expectPaidOnce(orderId: string) {
  const order = await orderRow(orderId);
  expect(order.status).toBe("PAID");
  expect((await orderEventsOf(orderId)).map((e) => e.toStatus)).toEqual(["PAID"]);
  expect((await outboxEventsOf(orderId)).map((e) => e.type)).toEqual(["order.paid"]);
  const [extended] = await storesOf(orderId);
  expect(extended?.store?.lastExpiresAt).toBeNull();
  expect(extended?.store?.expiresAt?.getTime()).toBe(oneExtension(order.paidAt as Date, 1).getTime());
  return order;
}

describe("bank notification", () => {
  it("the reference among the bank's own words and spaces, for the amount due, pays the order", async () => {
    const a = await transferAttempt(15);
    const id = bankId();
    const content = `MBVCB.9123456789.512345.  ${a.order.reference_no}   chuyen tien.CT tu 0011223344 NGUYEN VAN A`;
    const answer = await bankNotify(sepay(id, content, a.attempt.due));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });

    await expectPaidOnce(a.order.order_id);
    expect(await paymentRow(a.attempt.payment_id)).toMatchObject({
      status: "PAID",
      gateway: "CASH",
      gatewayTxn: String(id),
      amount: a.order.total - 15_000,
    });
    expect(await bankTransfer(String(id))).toMatchObject({
      status: "matched",
      orderId: a.order.order_id,
      referenceNo: a.order.reference_no,
      amount: a.attempt.due,
      actor: "bank:Vietcombank",
    });
    expect((await orderEventsOf(a.order.order_id))[0]?.actor).toBe("bank:Vietcombank");
    expect(await pointsOf(a.user.id)).toBe(0);
  });

  it("the reference written in lower case with a space inside still matches", async () => {
    const a = await transferAttempt();
    const ref = a.order.reference_no.toLowerCase();
    const content = `IBFT ${ref.slice(0, 8)} ${ref.slice(8)} thanh toan`;
    await bankNotify(sepay(bankId(), content, a.attempt.due));
    expect((await orderRow(a.order.order_id)).status).toBe("PAID");
  });

  it("less than the due is recorded partial; the order stays PENDING", async () => {
    const a = await transferAttempt();
    const id = bankId();
    expect((await bankNotify(sepay(id, `IBFT ${a.order.reference_no}`, a.attempt.due - 1000))).body).toEqual({
      success: true,
    });
    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
    expect((await paymentRow(a.attempt.payment_id)).status).toBe("PENDING");
    expect(await bankTransfer(String(id))).toMatchObject({
      status: "partial",
      orderId: a.order.order_id,
      amount: a.attempt.due - 1000,
    });
    expect(await orderEventsOf(a.order.order_id)).toEqual([]);
  });

  it("a transfer without any reference is recorded unmatched", async () => {
    const id = bankId();
    expect((await bankNotify(sepay(id, "CHUYEN TIEN MUA HANG THANG 4", 239_000))).body).toEqual({
      success: true,
    });
    expect(await bankTransfer(String(id))).toMatchObject({
      status: "unmatched",
      orderId: null,
      referenceNo: null,
      amount: 239_000,
    });
  });

  it("a reference of no order is recorded unmatched with what was read", async () => {
    const id = bankId();
    await bankNotify(sepay(id, "IBFT OD991231ZZZZZZ", 239_000));
    expect(await bankTransfer(String(id))).toMatchObject({
      status: "unmatched",
      referenceNo: "OD991231ZZZZZZ",
    });
  });

  it("the same bank id twice is applied once", async () => {
    const a = await transferAttempt();
    const body = sepay(bankId(), `IBFT ${a.order.reference_no}`, a.attempt.due);
    expect((await bankNotify(body)).body).toEqual({ success: true });
    expect((await bankNotify(body)).body).toEqual({ success: true });
    await expectPaidOnce(a.order.order_id);
    expect((await paymentsOf(a.order.order_id)).map((p) => p.status)).toEqual(["PAID"]);
    expect(await bankTransfersOfOrder(a.order.order_id)).toEqual([
      expect.objectContaining({ id: String(body.id), status: "matched" }),
    ]);
  });

  it("a second transfer for an order already paid is recorded late (for a refund), and pays nothing", async () => {
    const a = await transferAttempt();
    await bankNotify(sepay(bankId(), `IBFT ${a.order.reference_no}`, a.attempt.due));
    const second = bankId();
    await bankNotify(sepay(second, `IBFT ${a.order.reference_no}`, a.attempt.due));
    expect(await bankTransfer(String(second))).toMatchObject({ status: "late", orderId: a.order.order_id });
    await expectPaidOnce(a.order.order_id);
  });

  it("a wrong or missing Apikey is refused with a 401 in SePay's shape and nothing is recorded", async () => {
    const a = await transferAttempt();
    const tries: (string | null)[] = [
      "Apikey wrong-key-0123456789abc",
      null,
      "Bearer bank-webhook-key-0123456789",
      "Apikey ",
    ];
    for (const authorization of tries) {
      const id = bankId();
      const answer = await bankNotify(
        sepay(id, `IBFT ${a.order.reference_no}`, a.attempt.due),
        authorization,
      );
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, error: "PRODUCT_KEY_INVALID" });
      expect(await bankTransfer(String(id))).toBeUndefined();
    }
    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
  });

  it("an outgoing transfer is acknowledged and ignored", async () => {
    const a = await transferAttempt();
    const id = bankId();
    const answer = await bankNotify(
      sepay(id, `IBFT ${a.order.reference_no}`, a.attempt.due, { transferType: "out" }),
    );
    expect(answer.body).toEqual({ success: true });
    expect(await bankTransfer(String(id))).toBeUndefined();
    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
  });

  it("5 identical notifications at once: paid once, one bank_transfers row, status matched", async () => {
    const a = await transferAttempt();
    const body = sepay(bankId(), `IBFT ${a.order.reference_no}`, a.attempt.due);
    const answers = await Promise.all(Array.from({ length: 5 }, () => bankNotify(body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await expectPaidOnce(a.order.order_id);
    expect((await paymentsOf(a.order.order_id)).map((p) => p.status)).toEqual(["PAID"]);
    // One caller applies it: a concurrent replay must not mark it "late" (which asks for a refund).
    expect(await bankTransfersOfOrder(a.order.order_id)).toEqual([
      expect.objectContaining({ id: String(body.id), status: "matched" }),
    ]);
  });
});

describe("operator confirm-transfer", () => {
  it("pays through the same path as a bank notification, once", async () => {
    const a = await transferAttempt(20);
    const db = await getDb();
    const said = await ordersConfirmTransfer(db, {
      reference: ` ${a.order.reference_no.toLowerCase()} `,
      amount: a.attempt.due,
      by: "alice",
      id: "manual-case-1",
    });
    expect(said).toBe(`order ${a.order.reference_no} is paid`);
    await expectPaidOnce(a.order.order_id);
    expect(await paymentRow(a.attempt.payment_id)).toMatchObject({
      status: "PAID",
      gatewayTxn: "manual-case-1",
    });
    expect(await bankTransfer("manual-case-1")).toMatchObject({
      status: "matched",
      actor: "operator:alice",
      orderId: a.order.order_id,
    });
    expect((await orderEventsOf(a.order.order_id))[0]?.actor).toBe("operator:alice");
    // The same confirmation again changes nothing.
    await expect(
      ordersConfirmTransfer(db, {
        reference: a.order.reference_no,
        amount: a.attempt.due,
        by: "alice",
        id: "manual-case-1",
      }),
    ).rejects.toThrow();
    await expectPaidOnce(a.order.order_id);
  });

  it("less than the due is recorded partial and refused; an unknown reference is unmatched", async () => {
    const a = await transferAttempt();
    const db = await getDb();
    await expect(
      ordersConfirmTransfer(db, {
        reference: a.order.reference_no,
        amount: 1000,
        by: "bob",
        id: "manual-case-2",
      }),
    ).rejects.toThrow(/less than/);
    expect(await bankTransfer("manual-case-2")).toMatchObject({ status: "partial", actor: "operator:bob" });
    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
    await expect(
      ordersConfirmTransfer(db, {
        reference: "OD000000NOPE00",
        amount: 1000,
        by: "bob",
        id: "manual-case-3",
      }),
    ).rejects.toThrow(/unmatched/);
    expect(await bankTransfer("manual-case-3")).toMatchObject({ status: "unmatched" });
  });
});
