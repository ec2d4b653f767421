// The API reference is only worth reading if it is true: real answers of real calls (through
// dispatch, on a fresh database) parsed with the output schema each call documents, and real
// failures checked against the error codes it lists. A field the schema does not name fails too.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as routeGet } from "@/app/2.0/[...path]/route";
import type { ErrorCode } from "@/lib/errors";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import { serveApi } from "@/server/http/fast-path";
import { errorsOf } from "@/server/openapi/error-codes";
import { PRODUCT_EVENTS, productEventDto } from "@/server/outbox/schema";
import { registry } from "@/server/registry";
import {
  configureProducts,
  createdOrder,
  PRODUCT_KEYS,
  payOrder,
  productCreatesOrder,
  productToken,
  signIn,
} from "@/tests/factories/commerce";
import { partnerWithCustomer } from "@/tests/factories/partner";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { type CallOptions, type CallResponse, call, lastCode } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

/** Parses `data` with the call's documented output: a mismatch, or a field it does not name, fails. */
function expectDocumented(path: string, data: unknown): void {
  const output = registry[path]?.output;
  if (!output) throw new Error(`${path} documents no answer`);
  const parsed = output.safeParse(data);
  expect(parsed.success, `${path}: ${parsed.error ? z.prettifyError(parsed.error) : ""}`).toBe(true);
  expect(parsed.data, `${path} answers fields its schema does not document`).toEqual(data);
}

/** Calls `path` and checks a success against its documented answer; returns the answer. */
async function documentedCall<T = Record<string, unknown>>(
  path: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<CallResponse<T>> {
  const response = await call<T>(path, body, options);
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  expect(response.body.code).toBe(200);
  expectDocumented(path, response.body.data);
  return response;
}

const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.looseObject({
    error: z.string(),
    request_id: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** A failure answers the ErrorEnvelope with a code the call lists, at that code's status. */
function expectDocumentedError(path: string, response: CallResponse, code: ErrorCode): void {
  const call = registry[path];
  if (!call) throw new Error(`no call ${path}`);
  const parsed = errorEnvelope.parse(response.body);
  expect(parsed.data.error).toBe(code);
  expect(errorsOf(call), `${path} does not list ${code}`).toContain(code);
  expect(response.status).toBe(parsed.code);
}

/** Every product event the outbox holds, checked against the webhook it is documented as. */
async function expectQueuedEventsDocumented(types: string[]): Promise<void> {
  const rows = await (await getDb()).select().from(outbox).where(eq(outbox.kind, "event"));
  const events = rows.map((r) => (r.payload as { event: { type: keyof typeof PRODUCT_EVENTS } }).event);
  expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(types));
  for (const event of events) {
    const schema = productEventDto(event.type, PRODUCT_EVENTS[event.type].data);
    const parsed = schema.safeParse(event);
    expect(parsed.success, `${event.type}: ${parsed.error ? z.prettifyError(parsed.error) : ""}`).toBe(true);
    expect(parsed.data, `${event.type} carries fields its schema does not document`).toEqual(event);
  }
}

beforeAll(() => configureProducts({ ls: "https://ls.family.example/webhooks/portal" }));
beforeEach(() => resetLimitsForTests());

describe("real answers match the documented output schemas", () => {
  it("sign-up, code, sign-in and the session's calls", async () => {
    const { body, response } = await signUp({ lang: "en" });
    expect(response.body.code).toBe(200);
    expectDocumented("/auth/signup", response.body.data);
    const token = (response.body.data as { token: string }).token;
    await documentedCall("/auth/flow-info", { token, step: "verify_account" });
    await documentedCall("/auth/flow-status", { token, purpose: "verify_account" });
    // Resending at once is too early: a documented refusal.
    expectDocumentedError(
      "/auth/resend-otp",
      await call("/auth/resend-otp", { token }),
      "OTP_RESEND_TOO_EARLY",
    );
    const verified = await documentedCall("/auth/verify-account", {
      token,
      code: lastCode(body.email as string),
    });
    expect(verified.body.data).toHaveProperty("user");

    const person = await createUser();
    const signedIn = await documentedCall("/auth/signin", { email: person.email, password: PASSWORD });
    const cookie = signedIn.cookie;
    await documentedCall("/auth/userinfo", {}, { cookie });
    // A product checks a token it was handed.
    const product = await productToken(person, "ls");
    await documentedCall("/auth/userinfo", {}, { headers: { authorization: product, origin: "" } });
    await documentedCall("/user/update", { fullname: "Renamed Person", language: "en" }, { cookie });
    await documentedCall("/user/sessions", {}, { cookie });
    await documentedCall("/user/security-events", {}, { cookie });
    await documentedCall("/user/my-refferral-info", {}, { cookie });
    await documentedCall("/user/my-ref-affilate", {}, { cookie });
    await documentedCall("/affilate/my-affilate-info", {}, { cookie });
    await documentedCall("/affilate/create", { payment_info: "Bank ABC 0123" }, { cookie });
    await documentedCall("/affilate/my-affilate-list", {}, { cookie });
    await documentedCall("/auth2-fa/generate-setup-url", {}, { cookie });
    await documentedCall("/auth/flow-status", { token: "nope", purpose: "reset_password" });
    await documentedCall("/user/forgotten-pass", { email: person.email });
    // The product's sign-out of its own token: documented, and session.ended is queued for it.
    await documentedCall("/auth/logout", {}, { headers: { authorization: product, origin: "" } });
    await expectQueuedEventsDocumented(["session.ended"]);
  });

  it("orders, payments, points, credit and the catalog", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    const created = await productCreatesOrder(person);
    expect(created.status).toBe(200);
    expectDocumented("/order/create", created.body.data);
    const listed = await documentedCall<{ items: unknown[] }>("/order/my-order", {}, { cookie });
    expect(listed.body.data.items).toHaveLength(1);
    await documentedCall("/order/detail", { id: created.body.data.order_id }, { cookie });
    await documentedCall(
      "/order/get-transaction",
      { transaction_id: created.body.data.transaction_id },
      { cookie },
    );
    await documentedCall("/order/get-transaction", { transaction_id: created.body.data.transaction_id });
    await payOrder(created.body.data.order_id);
    const payments = await documentedCall<{ items: { _id: string }[] }>(
      "/payment/my-payment",
      {},
      { cookie },
    );
    expect(payments.body.data.items.length).toBeGreaterThan(0);
    await documentedCall("/payment/detail", { id: payments.body.data.items[0]?._id }, { cookie });
    const other = await createdOrder(person);
    await documentedCall("/order/cancel", { id: other.order_id, note: "not now" }, { cookie });

    const db = await getDb();
    const now = new Date();
    await adjustBalance(db, { userId: person.id, balance: "point", amount: 12.5, now });
    await adjustBalance(db, { userId: person.id, balance: "credit", amount: 30, type: "ADMIN_ADD", now });
    const points = await documentedCall<{ items: unknown[] }>("/point/my-point-log", {}, { cookie });
    expect(points.body.data.items.length).toBeGreaterThan(0);
    const credit = await documentedCall<{ items: unknown[] }>("/partner/my-credit-log", {}, { cookie });
    expect(credit.body.data.items.length).toBeGreaterThan(0);
    await documentedCall("/referral/my-referral", {}, { cookie });
    await documentedCall("/partner/my-credit", {}, { cookie });
    const catalog = await documentedCall<{ items: unknown[] }>("/package/list", { app_code: "ls" });
    expect(catalog.body.data.items.length).toBeGreaterThan(0);
    await expectQueuedEventsDocumented(["order.paid", "order.cancelled"]);
  });

  it("a partner's stores, packages and credit, and the store events", async () => {
    const { partner, customer } = await partnerWithCustomer(500);
    const cookie = await signIn(partner);
    await documentedCall("/partner/active-store", { app_code: "ls", email: customer.email }, { cookie });
    const stores = await documentedCall<{ items: { _id: string }[] }>(
      "/partner/list-store",
      { email: customer.email, app_code: "ls" },
      { cookie },
    );
    const store = stores.body.data.items[0]?._id;
    await documentedCall("/partner/list-package", { app_code: "ls", store }, { cookie });
    await documentedCall("/partner/upgrade-store", { store, package: "PRO", app_code: "ls" }, { cookie });
    await documentedCall("/partner/list-order-detail", { email: customer.email }, { cookie });
    await documentedCall("/affilate/my-commission", {}, { cookie });
    await documentedCall("/invoice/my-invoice", {}, { cookie });
    await expectQueuedEventsDocumented(["store.activated", "store.upgraded", "order.paid"]);
  });

  it("the raw calls: the captcha challenge and this document", async () => {
    const challenge = await call("/captcha/challenge", undefined, { method: "GET" });
    expect(challenge.status).toBe(200);
    expectDocumented("/captcha/challenge", challenge.body);
    const reference = await call("/openapi.json", undefined, { method: "GET" });
    expect(reference.status).toBe(200);
    expectDocumented("/openapi.json", reference.body);
    const paths = Object.keys((reference.body as unknown as { paths: object }).paths);
    expect(paths).toContain("/2.0/order/create");
    expect(paths).toHaveLength(Object.keys(registry).length);
  });
});

describe("real failures answer the error codes their calls document", () => {
  it("a validation error", async () => {
    const response = await call("/auth/signin", { email: "not an email", password: "x" });
    expect(response.status).toBe(400);
    expectDocumentedError("/auth/signin", response, "VALIDATION");
    expect(response.body.data).toHaveProperty("fields.email");
  });

  it("an unauthorized call", async () => {
    expectDocumentedError("/auth/userinfo", await call("/auth/userinfo", {}), "UNAUTHORIZED");
    expectDocumentedError("/order/my-order", await call("/order/my-order", {}), "UNAUTHORIZED");
  });

  it("a product's refusals", async () => {
    const person = await createUser();
    const wrongKey = await call(
      "/order/create",
      { token: "x", lines: [{ store_id: "s", store_name: "S", package_code: "PRO", months: 1 }] },
      { headers: { authorization: "Bearer not-a-key", origin: "" } },
    );
    expectDocumentedError("/order/create", wrongKey, "PRODUCT_KEY_INVALID");
    const foreignToken = await productCreatesOrder(person, { token: await productToken(person, "lp") });
    expectDocumentedError("/order/create", foreignToken, "PERSON_TOKEN_INVALID");
    const unknown = await productCreatesOrder(person, {
      lines: [{ store_id: "s1", store_name: "S", package_code: "NOPE", months: 1 }],
    });
    expectDocumentedError("/order/create", unknown, "PACKAGE_UNKNOWN");
    expect(PRODUCT_KEYS.ls).toBeTruthy();
  });

  it("a signed-in refusal of the call's own", async () => {
    const person = await createUser();
    const cookie = await signIn(person);
    expectDocumentedError(
      "/order/detail",
      await call("/order/detail", { id: "missing" }, { cookie }),
      "ORDER_NOT_FOUND",
    );
    expectDocumentedError(
      "/user/change-password",
      await call(
        "/user/change-password",
        { old_password: "Wrong#1234", new_password: "Newer#1234", confirm_password: "Newer#1234" },
        { cookie },
      ),
      "PASSWORD_INCORRECT",
    );
  });
});

describe("GET /2.0/openapi.json through both front doors", () => {
  const expectReference = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { openapi: string; paths: object; webhooks: object };
    expectDocumented("/openapi.json", body);
    expect(Object.keys(body.paths)).toHaveLength(Object.keys(registry).length);
    expect(Object.keys(body.webhooks)).toHaveLength(7);
  };

  it("the custom server's fast path (npm start)", async () => {
    const server = createServer((req, res) => serveApi(req, res, "localhost"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await expectReference(await fetch(`http://127.0.0.1:${port}/2.0/openapi.json`));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("Next's route handler (next dev)", async () => {
    await expectReference(await routeGet(new Request("http://portal.test/2.0/openapi.json")));
  });
});
