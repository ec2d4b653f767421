// Whatever a gateway or the bank sends — a NUL, a lone surrogate, broken JSON, missing fields, the
// wrong method — it reads an answer in its own shape, never the portal's {code, message, data}.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutCalls } from "@/server/checkout/handlers";
import { serveApi } from "@/server/http/fast-path";
import { metrics } from "@/server/ops/metrics";
import { type CallOptions, call } from "@/tests/setup/api";
import { BANK_KEY, configureCheckout } from "@/tests/support/checkout";

beforeAll(() => configureCheckout());

const VNPAY_99 = { RspCode: "99", Message: "Unknow error" };
const ZALOPAY_REFUSED = { return_code: -1, return_message: "invalid callback" };

/** A gateway's call: no Origin (a server), the raw body as sent. */
const send = (path: string, rawBody: string | undefined, options: CallOptions = {}) =>
  call(path, {}, { ...options, rawBody, headers: { origin: "", ...options.headers } });

/** `"\udfff"` written in JSON: valid JSON, but a lone surrogate once parsed. */
const LONE_SURROGATE = "\\udfff";
const NUL_ESCAPED = "\\u0000";

/** A SePay notification with this content, as JSON text. */
const bankBody = (content: string) =>
  `{"id":"gw-${Date.now()}","content":"${content}","transferType":"in","transferAmount":1000}`;

describe("VNPAY IPN answers {RspCode, Message}, 200, whatever comes", () => {
  const ipn = (query: string, options: CallOptions = {}) =>
    send("/payment/vnpay-ipn", undefined, { method: "GET", query, ...options });

  it("a NUL byte in a parameter → 99", async () => {
    const answer = await ipn("vnp_TxnRef=%00&vnp_Amount=1000&vnp_SecureHash=ab");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(VNPAY_99);
  });

  it("a lone surrogate in a JSON body (posted, not VNPAY's GET) → 99", async () => {
    const answer = await send("/payment/vnpay-ipn", `{"vnp_TxnRef":"${LONE_SURROGATE}"}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(VNPAY_99);
  });

  it("malformed JSON → 99", async () => {
    const answer = await send("/payment/vnpay-ipn", '{"vnp_TxnRef":');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(VNPAY_99);
  });

  it("missing fields → VNPAY's own 97 (nothing signed)", async () => {
    const answer = await ipn("");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ RspCode: "97", Message: "Invalid signature" });
  });

  it("counts the refusal as the 400 it was", async () => {
    const count = async () =>
      (await metrics().requests.get()).values.find(
        (v) => v.labels.call === "/payment/vnpay-ipn" && v.labels.code === "400",
      )?.value ?? 0;
    const before = await count();
    await ipn("vnp_TxnRef=%00");
    expect(await count()).toBe(before + 1);
  });
});

describe("ZaloPay callback answers {return_code, return_message}, 200, whatever comes", () => {
  const callback = (rawBody: string) => send("/payment/zalopay-callback", rawBody);

  it.each([
    ["a NUL (escaped)", `{"data":"${NUL_ESCAPED}","mac":"ab"}`],
    ["a NUL byte", '{"data":"\u0000","mac":"ab"}'],
    ["a lone surrogate", `{"data":"${LONE_SURROGATE}","mac":"ab"}`],
    ["malformed JSON", '{"data":'],
    ["missing fields", "{}"],
    ["a field of the wrong type", '{"data":1,"mac":["x"]}'],
  ])("%s → -1, refused", async (_label, rawBody) => {
    const answer = await callback(rawBody);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(ZALOPAY_REFUSED);
  });

  it("the wrong method → -1", async () => {
    const answer = await send("/payment/zalopay-callback", undefined, { method: "GET" });
    expect(answer.body).toEqual(ZALOPAY_REFUSED);
  });

  it("our own failure → 0, so ZaloPay calls again", () => {
    const rawError = checkoutCalls["/payment/zalopay-callback"].rawError;
    expect(rawError?.({ status: 500, error: "INTERNAL" })).toEqual({
      status: 200,
      body: { return_code: 0, return_message: "error" },
    });
  });
});

describe("bank notification answers {success: false, error} with the refusal's status", () => {
  const notify = (rawBody: string, authorization = `Apikey ${BANK_KEY}`) =>
    send("/payment/bank-notify", rawBody, { headers: { authorization } });

  it.each([
    ["a NUL (escaped)", bankBody(`IBFT ${NUL_ESCAPED}`), "BAD_JSON"],
    ["a NUL byte", bankBody("IBFT \u0000"), "BAD_JSON"],
    ["a lone surrogate", bankBody(`IBFT ${LONE_SURROGATE}`), "BAD_JSON"],
    ["malformed JSON", '{"id":', "BAD_JSON"],
    ["missing fields", "{}", "VALIDATION"],
  ])("%s → 400", async (_label, rawBody, error) => {
    const answer = await notify(rawBody);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error });
  });

  it("a wrong key → 401", async () => {
    const answer = await notify(bankBody("IBFT"), "Apikey wrong-key-0123456789abc");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, error: "PRODUCT_KEY_INVALID" });
  });
});

describe("through the server's fast path (npm start)", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => serveApi(req, res, "localhost"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2.0`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("NUL bytes and a lone surrogate get each gateway's own answer", async () => {
    const vnpay = await fetch(`${base}/payment/vnpay-ipn?vnp_TxnRef=%00`);
    expect([vnpay.status, await vnpay.json()]).toEqual([200, VNPAY_99]);
    expect(vnpay.headers.get("x-request-id")).toBeTruthy();
    const zalopay = await fetch(`${base}/payment/zalopay-callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.from('{"data":"\u0000","mac":"ab"}'),
    });
    expect([zalopay.status, await zalopay.json()]).toEqual([200, ZALOPAY_REFUSED]);
    const bank = await fetch(`${base}/payment/bank-notify`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Apikey ${BANK_KEY}` },
      body: bankBody(LONE_SURROGATE),
    });
    expect([bank.status, await bank.json()]).toEqual([400, { success: false, error: "BAD_JSON" }]);
  });
});
