// Reopening a checkout whose bank transfer is pending: /order/get-transaction hands the owner that
// transfer (amount, reference, VietQR) so the page shows it instead of the method picker; the
// result page's /payment/status says what became of the attempt's points.
import { beforeAll, describe, expect, it } from "vitest";
import type { PendingTransferDto } from "@/server/checkout/schema";
import { call } from "@/tests/setup/api";
import { bankNotify, buyer, checkout, configureCheckout, pointsOf, vnpayIpn } from "@/tests/support/checkout";

beforeAll(() => configureCheckout());

type Transaction = {
  is_owner: boolean;
  pending_transfer: PendingTransferDto | null;
  account: { point?: number };
};

const getTransaction = (transactionId: string, cookie?: string, clock?: () => Date) =>
  call<Transaction>("/order/get-transaction", { transaction_id: transactionId }, { cookie, clock });

const paymentStatus = (paymentId: string, cookie: string) =>
  call<{ status: string; points_used: number; points_outcome: string }>(
    "/payment/status",
    { payment_id: paymentId },
    { cookie },
  );

let nextBankId = 900_000 + Math.floor(Math.random() * 50_000);

describe("/order/get-transaction: the pending bank transfer", () => {
  it("none before the person confirms a transfer", async () => {
    const b = await buyer();
    const answer = await getTransaction(b.order.transaction_id, b.cookie);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.pending_transfer).toBeNull();
  });

  it("the owner gets the opened transfer back: same attempt, amount after points, reference, VietQR", async () => {
    const b = await buyer(15);
    const started = await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH", use_point: true });
    expect(started.body.code).toBe(200);
    const answer = await getTransaction(b.order.transaction_id, b.cookie);
    const pending = answer.body.data.pending_transfer;
    expect(pending).not.toBeNull();
    expect(pending).toMatchObject({
      payment_id: started.body.data.payment_id,
      reference_no: started.body.data.reference_no,
      points_used: 15,
      transfer: {
        amount: b.order.total - 15_000,
        content: b.order.reference_no,
        account_no: "0123456789",
        bank_name: "Vietcombank",
      },
    });
    expect(pending?.transfer.qr_payload).toContain("A000000727");
    expect(pending?.transfer.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(pending?.expires_at).toBeTruthy();
    // The points are held by that attempt.
    expect(answer.body.data.account.point).toBe(0);
    expect((await paymentStatus(started.body.data.payment_id, b.cookie)).body.data.points_outcome).toBe(
      "held",
    );
  });

  it("someone else holding the link, or nobody signed in, never sees it", async () => {
    const b = await buyer();
    await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH", use_point: false });
    const other = await buyer();
    expect(
      (await getTransaction(b.order.transaction_id, other.cookie)).body.data.pending_transfer,
    ).toBeNull();
    expect((await getTransaction(b.order.transaction_id)).body.data.pending_transfer).toBeNull();
  });

  it("a gateway attempt is not a transfer; an expired transfer is not offered again", async () => {
    const b = await buyer();
    await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: false });
    expect((await getTransaction(b.order.transaction_id, b.cookie)).body.data.pending_transfer).toBeNull();

    const c = await buyer();
    await checkout(c.cookie, { order_id: c.order.order_id, method: "CASH", use_point: false });
    // BANK_TRANSFER_EXPIRY_HOURS is 72 by default: a day later it still stands, four days later not.
    const later = (hours: number) => () => new Date(Date.now() + hours * 3_600_000);
    expect(
      (await getTransaction(c.order.transaction_id, c.cookie, later(24))).body.data.pending_transfer,
    ).not.toBeNull();
    expect(
      (await getTransaction(c.order.transaction_id, c.cookie, later(96))).body.data.pending_transfer,
    ).toBeNull();
  });

  it("cancelled from the checkout: gone, and its points are back and said so", async () => {
    const b = await buyer(10);
    const started = await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH", use_point: true });
    const paymentId = started.body.data.payment_id;
    const cancelled = await call("/payment/cancel", { id: paymentId }, { cookie: b.cookie });
    expect(cancelled.body.code).toBe(200);
    const answer = await getTransaction(b.order.transaction_id, b.cookie);
    expect(answer.body.data.pending_transfer).toBeNull();
    expect(answer.body.data.account.point).toBe(10);
    expect(await pointsOf(b.user.id)).toBe(10);
    const status = await paymentStatus(paymentId, b.cookie);
    expect(status.body.data).toMatchObject({ status: "CANCEL", points_used: 10, points_outcome: "returned" });
  });

  it("paid by the bank: no transfer to show any more, and the points were spent", async () => {
    const b = await buyer(5);
    const started = await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH", use_point: true });
    const notified = await bankNotify({
      id: nextBankId++,
      gateway: "Vietcombank",
      content: `CT ${b.order.reference_no}`,
      transferType: "in",
      transferAmount: started.body.data.due,
    });
    expect(notified.body).toEqual({ success: true });
    const answer = await getTransaction(b.order.transaction_id, b.cookie);
    expect(answer.body.data.pending_transfer).toBeNull();
    const status = await paymentStatus(started.body.data.payment_id, b.cookie);
    expect(status.body.data).toMatchObject({ status: "PAID", points_outcome: "spent" });
  });

  it("a failed gateway attempt gave its points back; none used says none", async () => {
    const b = await buyer(3);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: true,
    });
    expect((await vnpayIpn(started.body.data.url as string, "cancelled")).RspCode).toBe("00");
    expect((await paymentStatus(started.body.data.payment_id, b.cookie)).body.data.points_outcome).toBe(
      "returned",
    );
    const c = await buyer();
    const plain = await checkout(c.cookie, { order_id: c.order.order_id, method: "CASH", use_point: false });
    expect((await paymentStatus(plain.body.data.payment_id, c.cookie)).body.data.points_outcome).toBe("none");
  });
});
