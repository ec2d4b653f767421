// /order/get-transaction: the checkout link's capability. The owner signed in sees their account
// and the methods; anyone else holding the link sees a masked email and no points.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "@/tests/setup/api";
import { buyer, checkout, configureCheckout, vnpayIpn } from "@/tests/support/checkout";

beforeAll(() => configureCheckout());

type Transaction = {
  order_id?: string;
  reference_no: string;
  status: string;
  total: number;
  is_owner: boolean;
  methods: string[];
  account: { email: string; fullname?: string; phone?: string; point?: number };
  error?: string;
};

const getTransaction = (transactionId: string, cookie?: string) =>
  call<Transaction>("/order/get-transaction", { transaction_id: transactionId, lang: "en" }, { cookie });

describe("/order/get-transaction", () => {
  it("the owner sees the order, their account details with points, and the configured methods", async () => {
    const b = await buyer(12.5);
    const answer = await getTransaction(b.order.transaction_id, b.cookie);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({
      reference_no: b.order.reference_no,
      status: "PENDING",
      total: b.order.total,
      is_owner: true,
      methods: ["CASH", "VNPAY", "ZALOPAY"],
      account: { email: b.user.email, fullname: b.user.fullname, phone: b.user.phone, point: 12.5 },
    });
  });

  it("the owner's points follow the checkout: taken at confirm, back after a cancelled payment", async () => {
    const b = await buyer(40);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: true,
    });
    expect(started.body.data.points_used).toBe(40);
    expect((await getTransaction(b.order.transaction_id, b.cookie)).body.data.account.point).toBe(0);
    expect((await vnpayIpn(started.body.data.url as string, "cancelled")).RspCode).toBe("00");
    expect((await getTransaction(b.order.transaction_id, b.cookie)).body.data.account.point).toBe(40);
  });

  it("another signed-in person sees a masked email and no points", async () => {
    const owner = await buyer(99);
    const other = await buyer(5);
    const answer = await getTransaction(owner.order.transaction_id, other.cookie);
    expect(answer.body.code).toBe(200);
    const data = answer.body.data;
    expect(data.is_owner).toBe(false);
    expect(data.reference_no).toBe(owner.order.reference_no);
    expect(data.account).toEqual({ email: `${owner.user.email[0]}***@example.com` });
    expect(JSON.stringify(data)).not.toContain(owner.user.email);
    expect(JSON.stringify(data)).not.toContain(other.user.email);
    expect(data.account.point).toBeUndefined();
    expect(data.account.phone).toBeUndefined();
  });

  it("anonymous sees the same masked view", async () => {
    const owner = await buyer(99);
    const answer = await getTransaction(owner.order.transaction_id);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.is_owner).toBe(false);
    expect(answer.body.data.account).toEqual({ email: `${owner.user.email[0]}***@example.com` });
    expect(answer.body.data.methods).toEqual(["CASH", "VNPAY", "ZALOPAY"]);
  });

  it("a cancelled order, an unknown link, or the order id instead of the link are 404", async () => {
    const b = await buyer();
    const cancelled = await call("/order/cancel", { id: b.order.order_id }, { cookie: b.cookie });
    expect(cancelled.body.code).toBe(200);
    for (const [id, cookie] of [
      [b.order.transaction_id, b.cookie],
      [b.order.transaction_id, undefined],
      ["not-a-transaction-id", b.cookie],
    ] as const) {
      const answer = await getTransaction(id, cookie);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        code: 404,
        message: "This order does not exist",
        data: { error: "ORDER_NOT_FOUND" },
      });
    }
    const other = await buyer();
    const byOrderId = await getTransaction(other.order.order_id);
    expect(byOrderId.status).toBe(404);
  });
});
