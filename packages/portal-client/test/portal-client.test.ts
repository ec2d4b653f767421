// The client against a scripted portal (a fetch of our own): the token cache and what drops it,
// the calls' requests, and failures as PortalError.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signPayload } from "@/server/outbox/signature";
import { createPortalClient, PortalError, type PortalUser, sha256Hex } from "../src/portal-client";

const PORTAL = "https://account.example.com";
const SECRET = "ls-webhook-secret-0123456789";

type Seen = { url: string; headers: Record<string, string>; body: unknown };
type Answer = { status?: number; body: unknown } | Error;

/** A fetch that records each request and answers what `answer` says. */
function scriptedPortal(answer: (seen: Seen) => Answer | Promise<Answer>) {
  const requests: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const seen: Seen = {
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers)),
      body: JSON.parse(String(init?.body ?? "null")),
    };
    requests.push(seen);
    const result = await answer(seen);
    if (result instanceof Error) throw result;
    return new Response(typeof result.body === "string" ? result.body : JSON.stringify(result.body), {
      status: result.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch, requests };
}

const person = (id: string) =>
  ({ _id: id, email: `${id}@example.com`, fullname: id }) as unknown as PortalUser;
const ok = (data: unknown) => ({ body: { code: 200, message: "Success", data } });
const unauthorized = {
  status: 401,
  body: { code: 401, message: "Please sign in", data: { error: "UNAUTHORIZED", request_id: "r1" } },
};

/** A portal where each token is its person's id, until it is revoked. */
function tokenPortal() {
  const revoked = new Set<string>();
  const portal = scriptedPortal(({ headers }) => {
    const token = headers.authorization ?? "";
    return revoked.has(token) || !token ? unauthorized : ok(person(`user-${token}`));
  });
  return { ...portal, revoked };
}

async function signedEvent(type: string, data: Record<string, unknown>, at = Date.now()) {
  const body = JSON.stringify({
    id: `evt_${Math.random()}`,
    type,
    created_at: new Date(at).toISOString(),
    data,
  });
  return { body, headers: { "x-portal-signature": signPayload(SECRET, body, new Date(at)) } };
}

describe("verifyToken", () => {
  it("asks /2.0/auth/userinfo with the token, then keeps the answer for tokenCacheSeconds", async () => {
    const portal = tokenPortal();
    let clock = 1_000_000;
    const client = createPortalClient({
      portalUrl: `${PORTAL}/ignored`,
      appCode: "ls",
      fetch: portal.fetch,
      now: () => clock,
      tokenCacheSeconds: 30,
    });
    expect((await client.verifyToken("t1"))._id).toBe("user-t1");
    expect(portal.requests[0]).toMatchObject({
      url: `${PORTAL}/2.0/auth/userinfo`,
      headers: { authorization: "t1", "content-type": "application/json" },
      body: {},
    });
    await client.verifyToken("t1");
    await client.verifyToken("Bearer t1");
    clock += 29_999;
    await client.verifyToken("t1");
    expect(portal.requests).toHaveLength(1);
    clock += 1;
    await client.verifyToken("t1");
    expect(portal.requests).toHaveLength(2);
  });

  it("keys the cache by the token's SHA-256, as session.ended names it", async () => {
    expect(await sha256Hex("tok-é")).toBe(createHash("sha256").update("tok-é").digest("hex"));
  });

  it("never caches a refused token, and tokenCacheSeconds 0 asks every time", async () => {
    const portal = tokenPortal();
    portal.revoked.add("gone");
    const client = createPortalClient({ portalUrl: PORTAL, appCode: "ls", fetch: portal.fetch });
    for (let i = 0; i < 2; i += 1) {
      const error = await client.verifyToken("gone").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortalError);
      expect(error).toMatchObject({
        status: 401,
        code: "UNAUTHORIZED",
        message: "Please sign in",
        requestId: "r1",
      });
    }
    expect(portal.requests).toHaveLength(2);
    const uncached = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      fetch: portal.fetch,
      tokenCacheSeconds: 0,
    });
    await uncached.verifyToken("t1");
    await uncached.verifyToken("t1");
    expect(portal.requests).toHaveLength(4);
    expect(uncached.cachedTokens).toBe(0);
  });

  it("drops a token when verifyWebhook sees its session.ended, and a person's tokens on user.deleted", async () => {
    const portal = tokenPortal();
    const client = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      fetch: portal.fetch,
      webhookSecret: SECRET,
    });
    await client.verifyToken("a");
    await client.verifyToken("b");
    expect(client.cachedTokens).toBe(2);

    portal.revoked.add("a");
    // Until the event comes, the cache answers (that is what it is for).
    await expect(client.verifyToken("a")).resolves.toMatchObject({ _id: "user-a" });
    const ended = await signedEvent("session.ended", {
      user_id: "user-a",
      app_code: "ls",
      token_sha256: await sha256Hex("a"),
      reason: "signout",
    });
    const event = await client.verifyWebhook(ended.body, ended.headers);
    expect(event.type).toBe("session.ended");
    expect(client.cachedTokens).toBe(1);
    await expect(client.verifyToken("a")).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    await expect(client.verifyToken("b")).resolves.toMatchObject({ _id: "user-b" });

    const deleted = await signedEvent("user.deleted", {
      user_id: "user-b",
      app_code: "ls",
      deleted_at: new Date().toISOString(),
    });
    await client.verifyWebhook(deleted.body, deleted.headers);
    expect(client.cachedTokens).toBe(0);
  });

  it("does not cache a check that was on its way when the token's session.ended came", async () => {
    let release: () => void = () => undefined;
    const portal = scriptedPortal(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return ok(person("user-slow"));
    });
    const client = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      fetch: portal.fetch,
      webhookSecret: SECRET,
    });
    const checking = client.verifyToken("slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    const ended = await signedEvent("session.ended", {
      user_id: "user-slow",
      app_code: "ls",
      token_sha256: await sha256Hex("slow"),
      reason: "signout_all",
    });
    await client.verifyWebhook(ended.body, ended.headers);
    release();
    await checking;
    expect(client.cachedTokens).toBe(0);
  });

  it("keeps at most tokenCacheSize tokens, the oldest going first", async () => {
    const portal = tokenPortal();
    const client = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      fetch: portal.fetch,
      tokenCacheSize: 2,
    });
    for (const token of ["x", "y", "z"]) await client.verifyToken(token);
    expect(client.cachedTokens).toBe(2);
    await client.verifyToken("y");
    await client.verifyToken("z");
    expect(portal.requests).toHaveLength(3);
    await client.verifyToken("x");
    expect(portal.requests).toHaveLength(4);
  });

  it("forgets a token on endToken, which signs it out at the portal", async () => {
    const portal = scriptedPortal(({ url }) =>
      ok(url.endsWith("/logout") ? { redirect_url: "/signin?logout=1" } : person("user-t")),
    );
    const client = createPortalClient({ portalUrl: PORTAL, appCode: "ls", fetch: portal.fetch });
    await client.verifyToken("t");
    await client.endToken("t");
    expect(client.cachedTokens).toBe(0);
    expect(portal.requests.at(-1)).toMatchObject({
      url: `${PORTAL}/2.0/auth/logout`,
      headers: { authorization: "t" },
    });
  });
});

describe("verifyWebhook on the client", () => {
  it("uses the client's webhookSecret unless given one, and needs one", async () => {
    const ended = await signedEvent("order.paid", { order_id: "o1" });
    const client = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      webhookSecret: SECRET,
      fetch: tokenPortal().fetch,
    });
    await expect(client.verifyWebhook(ended.body, ended.headers)).resolves.toMatchObject({
      type: "order.paid",
    });
    await expect(
      client.verifyWebhook(ended.body, ended.headers, "lp-webhook-secret-0123456789"),
    ).rejects.toMatchObject({ code: "signature_mismatch" });
    const bare = createPortalClient({ portalUrl: PORTAL, appCode: "ls", fetch: tokenPortal().fetch });
    await expect(bare.verifyWebhook(ended.body, ended.headers)).rejects.toThrow(TypeError);
  });
});

describe("the typed calls", () => {
  it("send the api key, the idempotency key and the language, and answer `data`", async () => {
    const portal = scriptedPortal(() => ok({ order_id: "o1", checkout_url: "https://x/checkout" }));
    const client = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      apiKey: "ls-api-key-0123456789",
      lang: "en",
      fetch: portal.fetch,
    });
    const lines = [{ store_id: "s1", store_name: "Shop", package_code: "PRO", months: 1 }];
    await expect(
      client.createOrder({ token: "t", lines }, { idempotencyKey: "cart-1" }),
    ).resolves.toMatchObject({
      order_id: "o1",
    });
    expect(portal.requests[0]).toMatchObject({
      url: `${PORTAL}/2.0/order/create`,
      headers: {
        authorization: "Bearer ls-api-key-0123456789",
        "idempotency-key": "cart-1",
        "accept-language": "en",
      },
      body: { token: "t", lines },
    });
    await client.listEvents({ type: "order.paid", state: "failed", limit: 50 });
    await client.redeliverEvent("evt_1");
    await client.listPackages();
    await client.orderDetail("person-token", "o1");
    expect(
      portal.requests.slice(1).map((r) => [r.url.slice(PORTAL.length), r.headers.authorization, r.body]),
    ).toEqual([
      [
        "/2.0/product/events/list",
        "Bearer ls-api-key-0123456789",
        { type: "order.paid", state: "failed", limit: 50 },
      ],
      ["/2.0/product/events/redeliver", "Bearer ls-api-key-0123456789", { id: "evt_1" }],
      ["/2.0/package/list", undefined, { app_code: "ls" }],
      ["/2.0/order/detail", "person-token", { id: "o1" }],
    ]);
  });

  it("refuse a product call without the api key, before any request", async () => {
    const portal = scriptedPortal(() => ok({}));
    const client = createPortalClient({ portalUrl: PORTAL, appCode: "ls", fetch: portal.fetch });
    await expect(client.listEvents()).rejects.toThrow(/api_key/);
    expect(portal.requests).toHaveLength(0);
  });

  it("turn a failure's envelope into PortalError with status, code, message, fields and data", async () => {
    const portal = scriptedPortal(({ url }) =>
      url.endsWith("/redeliver")
        ? {
            status: 404,
            body: { code: 404, message: "Not yours", data: { error: "EVENT_NOT_FOUND", request_id: "q" } },
          }
        : {
            status: 400,
            body: {
              code: 400,
              message: "Check the fields",
              data: {
                error: "VALIDATION",
                request_id: "v",
                fields: { "lines.0.months": "Too many" },
                line: 0,
              },
            },
          },
    );
    const client = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      apiKey: "k".repeat(20),
      fetch: portal.fetch,
    });
    const notFound = await client.redeliverEvent("evt_x").catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(PortalError);
    expect(notFound).toMatchObject({
      status: 404,
      code: "EVENT_NOT_FOUND",
      message: "Not yours",
      requestId: "q",
    });
    const invalid = (await client.listEvents().catch((e: unknown) => e)) as PortalError;
    expect(invalid).toMatchObject({
      status: 400,
      code: "VALIDATION",
      fields: { "lines.0.months": "Too many" },
    });
    expect(invalid.data?.line).toBe(0);
  });

  it("name a network failure, a timeout and an answer that is not the envelope", async () => {
    const down = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      fetch: scriptedPortal(() => new TypeError("fetch failed")).fetch,
    });
    await expect(down.userInfo("t")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    const slow = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      timeoutMs: 1,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init?.signal?.reason)),
        ),
    });
    await expect(slow.userInfo("t")).rejects.toMatchObject({ status: 0, code: "TIMEOUT" });
    const proxy = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      fetch: scriptedPortal(() => ({ status: 502, body: "<html>Bad gateway</html>" })).fetch,
    });
    await expect(proxy.userInfo("t")).rejects.toMatchObject({ status: 502, code: "BAD_RESPONSE" });
    const odd = createPortalClient({
      portalUrl: PORTAL,
      appCode: "ls",
      fetch: scriptedPortal(() => ({ status: 200, body: { hello: "world" } })).fetch,
    });
    await expect(odd.userInfo("t")).rejects.toMatchObject({ status: 200, code: "BAD_RESPONSE" });
  });
});
