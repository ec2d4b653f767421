import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { configureProducts, productCreatesOrder } from "@/tests/factories/commerce";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { vnpayParsePayUrl, vnpayResultParams, vnpaySignedReturn } from "@/tests/peers/gateway-signing";
import { call } from "@/tests/setup/api";

const VNPAY = { VNPAY_TMN_CODE: "TESTTMN1", VNPAY_HASH_SECRET: "test-vnpay-hash-secret-0123456789" };

beforeAll(() => {
  Object.assign(process.env, VNPAY, {
    BANK_BIN: "970436",
    BANK_NAME: "Vietcombank",
    BANK_BRANCH: "HCM",
    BANK_ACCOUNT_NO: "0123456789",
    BANK_ACCOUNT_NAME: "CONG TY DEMO",
    BANK_WEBHOOK_KEY: "bank-webhook-key-0123456789",
  });
  configureProducts();
  resetEnvForTests();
});

async function buyer(points = 0) {
  const user = await createUser();
  if (points)
    await adjustBalance(await getDb(), {
      userId: user.id,
      balance: "point",
      amount: points,
      now: new Date(),
    });
  const created = await productCreatesOrder(user);
  const { cookie } = await call("/auth/signin", { email: user.email, password: PASSWORD });
  return { user, order: created.body.data, cookie };
}

describe("checkout (smoke)", () => {
  it("VNPAY with points: the IPN pays once, a replay answers 02", async () => {
    const { order, cookie } = await buyer(40.5);
    const started = await call<{
      url: string;
      points_used: number;
      due: number;
      new_point: number;
      payment_id: string;
    }>("/order/checkout", { order_id: order.order_id, method: "VNPAY", use_point: true }, { cookie });
    expect(started.body.code).toBe(200);
    expect(started.body.data.points_used).toBe(40);
    expect(started.body.data.due).toBe(order.total - 40_000);
    expect(started.body.data.new_point).toBeCloseTo(0.5);
    const pay = vnpayParsePayUrl(started.body.data.url, VNPAY.VNPAY_HASH_SECRET);
    expect(pay.isSignatureValid).toBe(true);
    const ipn = vnpaySignedReturn(
      vnpayResultParams(pay.params, { outcome: "paid" }),
      VNPAY.VNPAY_HASH_SECRET,
    );
    const first = await call("/payment/vnpay-ipn", {}, { method: "GET", query: ipn });
    expect(first.body).toEqual({ RspCode: "00", Message: "Confirm Success" });
    const again = await call("/payment/vnpay-ipn", {}, { method: "GET", query: ipn });
    expect((again.body as unknown as { RspCode: string }).RspCode).toBe("02");
    const status = await call<{ status: string; order_status: string }>(
      "/payment/status",
      { payment_id: started.body.data.payment_id },
      { cookie },
    );
    expect(status.body.data.order_status).toBe("PAID");
  });

  it("bank transfer: instructions with a VietQR, then the bank notification pays it", async () => {
    const { order, cookie } = await buyer();
    const started = await call<{ transfer: { content: string; qr_payload: string; amount: number } }>(
      "/order/checkout",
      { order_id: order.order_id, method: "CASH", use_point: false },
      { cookie },
    );
    expect(started.body.data.transfer.content).toBe(order.reference_no);
    expect(started.body.data.transfer.qr_payload).toContain("A000000727");
    const notify = await call(
      "/payment/bank-notify",
      {
        id: 9001,
        gateway: "Vietcombank",
        content: `IBFT ${order.reference_no} chuyen tien`,
        transferType: "in",
        transferAmount: order.total,
      },
      { headers: { authorization: "Apikey bank-webhook-key-0123456789", origin: "" } },
    );
    expect(notify.body).toEqual({ success: true });
    const list = await call<{ items: { status: string; reference_no: string }[] }>(
      "/order/my-order",
      {},
      { cookie },
    );
    expect(list.body.data.items[0]?.status).toBe("PAID");
  });
});
