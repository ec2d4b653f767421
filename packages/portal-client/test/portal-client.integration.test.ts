// The library against a real portal: the registry served over HTTP in this process (the custom
// server's /2.0 path, server/http/fast-path.ts), a fresh database, and the real outbox posting to a
// product's webhook. What a product would do, call by call.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import { serveApi } from "@/server/http/fast-path";
import { runOutboxOnce } from "@/server/outbox/worker";
import {
  configureProducts,
  PRODUCT_KEYS,
  payOrder,
  productToken,
  webhookSecret,
} from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { type Receiver, startReceiver } from "@/tests/peers/webhook-receiver";
import { call } from "@/tests/setup/api";
import {
  createPortalClient,
  type PortalClient,
  PortalError,
  type PortalEvent,
  sha256Hex,
} from "../src/portal-client";

let server: Server;
let portalUrl: string;
let hook: Receiver;
let portalCalls = 0;

beforeAll(async () => {
  hook = await startReceiver(() => 200);
  configureProducts({ ls: hook.url });
  server = createServer((req, res) => {
    portalCalls += 1;
    serveApi(req, res, "localhost");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  portalUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await hook.close();
  await (await getDb()).delete(outbox);
  configureProducts();
});

const client = (options: { apiKey?: string } = {}): PortalClient =>
  createPortalClient({
    portalUrl,
    appCode: "ls",
    apiKey: options.apiKey ?? PRODUCT_KEYS.ls,
    webhookSecret: webhookSecret("ls"),
    lang: "en",
  });

/** Runs the outbox and verifies, with the library, every webhook request that came since `from`. */
async function deliveredEvents(portal: PortalClient, from: number): Promise<PortalEvent[]> {
  await runOutboxOnce(await getDb());
  return Promise.all(hook.requests.slice(from).map((r) => portal.verifyWebhook(r.body, r.headers)));
}

describe("@account-portal/client against a running portal", () => {
  it("verifies a person's token, keeps it, and drops it when the portal's session.ended arrives", async () => {
    const portal = client();
    const user = await createUser();
    const token = await productToken(user, "ls");
    const person = await portal.verifyToken(token);
    expect(person).toMatchObject({ _id: user.id, email: user.email });

    // The person signs out of that token elsewhere: the cache still answers, without the portal.
    const before = portalCalls;
    const signedOut = await call("/auth/logout", {}, { headers: { authorization: token, origin: "" } });
    expect(signedOut.status).toBe(200);
    await expect(portal.verifyToken(token)).resolves.toMatchObject({ _id: user.id });
    expect(portalCalls).toBe(before);

    // The real outbox posts session.ended; verifyWebhook checks it and the cache lets the token go.
    const from = hook.requests.length;
    const events = await deliveredEvents(portal, from);
    const ended = events.find((e) => e.type === "session.ended");
    expect(ended?.type).toBe("session.ended");
    if (ended?.type !== "session.ended") throw new Error("no session.ended");
    expect(ended.data).toMatchObject({
      user_id: user.id,
      app_code: "ls",
      token_sha256: await sha256Hex(token),
    });
    expect(portal.cachedTokens).toBe(0);
    const refused = await portal.verifyToken(token).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PortalError);
    expect(refused).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("creates an order through the typed client, idempotently, and reads it back as the person", async () => {
    const portal = client();
    const user = await createUser();
    const token = await productToken(user, "ls");
    const catalog = await portal.listPackages();
    expect(catalog.total).toBeGreaterThan(0);
    expect(catalog.items.every((p) => p.app_code === "ls")).toBe(true);
    const pro = catalog.items.find((p) => p.code === "PRO");
    expect(pro).toBeDefined();

    const lines = [
      { store_id: `store-${user.id}`, store_name: "My shop", package_code: "PRO", months: pro?.months ?? 1 },
    ];
    const created = await portal.createOrder({ token, lines }, { idempotencyKey: `cart-${user.id}` });
    expect(created).toMatchObject({ status: "PENDING", total: pro?.price });
    expect(created.checkout_url).toContain(created.transaction_id);
    const again = await portal.createOrder({ token, lines }, { idempotencyKey: `cart-${user.id}` });
    expect(again.order_id).toBe(created.order_id);

    const order = await portal.orderDetail(token, created.order_id);
    expect(order).toMatchObject({
      _id: created.order_id,
      reference_no: created.reference_no,
      status: "PENDING",
    });
    expect(order.lines?.map((l) => l.package_code)).toEqual(["PRO"]);

    const unknown = await portal
      .createOrder({ token, lines: [{ ...lines[0], package_code: "NOPE" } as (typeof lines)[number]] })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 400, code: "PACKAGE_UNKNOWN", data: { line: 0 } });
    expect((unknown as PortalError).message).not.toBe("");
  });

  it("gets order.paid from the real outbox, lists it and has it redelivered, signed each time", async () => {
    const portal = client();
    const user = await createUser();
    const token = await productToken(user, "ls");
    const created = await portal.createOrder({
      token,
      lines: [{ store_id: `s-${user.id}`, store_name: "Shop", package_code: "PRO", months: 1 }],
    });
    await payOrder(created.order_id);
    const from = hook.requests.length;
    const [paid] = (await deliveredEvents(portal, from)).filter((e) => e.type === "order.paid");
    if (paid?.type !== "order.paid") throw new Error("no order.paid");
    expect(paid.data).toMatchObject({ order_id: created.order_id, status: "PAID", user: { id: user.id } });

    const listed = await portal.listEvents({ type: "order.paid", state: "delivered" });
    const row = listed.items.find((e) => e.id === paid.id);
    expect(row).toMatchObject({ type: "order.paid", state: "delivered", attempts: 1, last_status: 200 });

    const queued = await portal.redeliverEvent(paid.id);
    expect(queued).toMatchObject({ id: paid.id, state: "pending", attempts: 0 });
    const [replayed] = await deliveredEvents(portal, hook.requests.length);
    expect(replayed).toEqual(paid);

    const missing = await portal.redeliverEvent("evt_not_there").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PortalError);
    expect(missing).toMatchObject({ status: 404, code: "EVENT_NOT_FOUND" });
  });

  it("a wrong api key is PRODUCT_KEY_INVALID, and a tampered webhook is refused", async () => {
    const stranger = client({ apiKey: "not-the-key-0123456789" });
    await expect(stranger.listEvents()).rejects.toMatchObject({ status: 401, code: "PRODUCT_KEY_INVALID" });
    const portal = client();
    const last = hook.requests.at(-1);
    if (!last) throw new Error("no webhook request yet");
    await expect(portal.verifyWebhook(`${last.body} `, last.headers)).rejects.toMatchObject({
      code: "signature_mismatch",
    });
    await expect(portal.verifyWebhook(last.body, last.headers, webhookSecret("lp"))).rejects.toMatchObject({
      code: "signature_mismatch",
    });
  });
});
