// Issue 38, trap 3: one language rule for every /2.0 answer (lib/locales.ts pickLocale), with or
// without `authorization`, refusals said before the key, origin or input is checked included:
// the query's or body's `lang` → the LANGUAGE cookie → the saved language of the person whose
// session or token the call carries → Accept-Language → Vietnamese.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n";
import { newId } from "@/lib/ids";
import type { Locale } from "@/lib/locales";
import { serveApi } from "@/server/http/fast-path";
import { configureProducts, PRODUCT_KEYS, productToken, signIn } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

beforeAll(() => configureProducts());

const text = (lang: Locale, key: string, values?: Record<string, string>) => translator(lang)(key, values);
/** A server's call: no Origin, no cookie. */
const server = (headers: Record<string, string> = {}) => ({ headers: { origin: "", ...headers } });
const orderLines = [{ store_id: `store-${newId()}`, store_name: "Shop", package_code: "PRO", months: 1 }];

describe("a call without authorization", () => {
  it("answers in Accept-Language (the public catalog)", async () => {
    const th = await call("/package/list", {}, server({ "accept-language": "th-TH,th;q=0.9,en;q=0.8" }));
    expect(th.body.code).toBe(200);
    expect(th.body.message).toBe(text("th", "common.success"));
    const ranked = await call(
      "/package/list",
      {},
      server({ "accept-language": "fr;q=1, th;q=0.8, en;q=0.5" }),
    );
    expect(ranked.body.message).toBe(text("th", "common.success"));
    const region = await call("/package/list", {}, server({ "accept-language": "en-US" }));
    expect(region.body.message).toBe(text("en", "common.success"));
  });

  it("answers in Vietnamese when Accept-Language names none of the five, or is missing", async () => {
    expect((await call("/package/list", {}, server())).body.message).toBe(text("vi", "common.success"));
    const french = await call("/package/list", {}, server({ "accept-language": "fr-FR, de;q=0.5" }));
    expect(french.body.message).toBe(text("vi", "common.success"));
  });

  it("lets the body's lang, then the query's, beat Accept-Language", async () => {
    const body = await call("/package/list", { lang: "id" }, server({ "accept-language": "th" }));
    expect(body.body.message).toBe(text("id", "common.success"));
    const query = await call(
      "/package/list",
      {},
      { ...server({ "accept-language": "th" }), query: "lang=my" },
    );
    expect(query.body.message).toBe(text("my", "common.success"));
    const both = await call(
      "/package/list",
      { lang: "en" },
      { ...server({ "accept-language": "th" }), query: "lang=my" },
    );
    expect(both.body.message).toBe(text("en", "common.success"));
  });

  it("lets the LANGUAGE cookie beat Accept-Language, and lang beat the cookie", async () => {
    const cookie = await call(
      "/package/list",
      {},
      { cookie: "LANGUAGE=my", headers: { "accept-language": "th" } },
    );
    expect(cookie.body.message).toBe(text("my", "common.success"));
    const lang = await call(
      "/package/list",
      { lang: "id" },
      { cookie: "LANGUAGE=my", headers: { "accept-language": "th" } },
    );
    expect(lang.body.message).toBe(text("id", "common.success"));
  });
});

describe("refusals said before the call, key, origin or input is checked", () => {
  it("an unknown call", async () => {
    const r = await call("/no/such-call", {}, server({ "accept-language": "th" }));
    expect([r.status, r.body.data]).toMatchObject([404, { error: "UNKNOWN_CALL" }]);
    expect(r.body.message).toBe(text("th", "errors.UNKNOWN_CALL", { path: "/no/such-call" }));
    const asked = await call("/no/such-call", { lang: "id" }, server({ "accept-language": "th" }));
    expect(asked.body.message).toBe(text("id", "errors.UNKNOWN_CALL", { path: "/no/such-call" }));
  });

  it("order/create without a key: the header's language, and the body's lang over it", async () => {
    const r = await call("/order/create", { lines: orderLines }, server({ "accept-language": "th" }));
    expect([r.status, r.body.data]).toMatchObject([401, { error: "PRODUCT_KEY_INVALID" }]);
    expect(r.body.message).toBe(text("th", "errors.PRODUCT_KEY_INVALID"));
    const asked = await call(
      "/order/create",
      { lang: "en", lines: orderLines },
      server({ "accept-language": "th", authorization: "Bearer not-the-key" }),
    );
    expect(asked.body.message).toBe(text("en", "errors.PRODUCT_KEY_INVALID"));
    // Nothing of the call's schema comes out before the key: broken JSON is still a key refusal.
    const broken = await call("/order/create", {}, { ...server({ "accept-language": "id" }), rawBody: "{" });
    expect(broken.body.data).toMatchObject({ error: "PRODUCT_KEY_INVALID" });
    expect(broken.body.message).toBe(text("id", "errors.PRODUCT_KEY_INVALID"));
  });

  it("bad JSON", async () => {
    const r = await call("/package/list", {}, { ...server({ "accept-language": "my" }), rawBody: "{nope" });
    expect([r.status, r.body.data]).toMatchObject([400, { error: "BAD_JSON" }]);
    expect(r.body.message).toBe(text("my", "errors.BAD_JSON"));
  });

  it("a refused origin, in the body's lang", async () => {
    const r = await call(
      "/auth/signin",
      { email: "a@example.com", password: "x", lang: "id" },
      { headers: { origin: "https://elsewhere.example", "accept-language": "th" } },
    );
    expect([r.status, r.body.data]).toMatchObject([403, { error: "FORBIDDEN_ORIGIN" }]);
    expect(r.body.message).toBe(text("id", "errors.FORBIDDEN_ORIGIN"));
    const header = await call(
      "/auth/signin",
      { email: "a@example.com", password: "x" },
      { headers: { origin: "https://elsewhere.example", "accept-language": "th" } },
    );
    expect(header.body.message).toBe(text("th", "errors.FORBIDDEN_ORIGIN"));
  });
});

describe("the person's saved language", () => {
  it("a person's token: saved language beats Accept-Language; the cookie and lang beat it", async () => {
    const user = await createUser({ language: "my" });
    const token = await productToken(user);
    const ask = (headers: Record<string, string>, body: Record<string, unknown> = {}, cookie?: string) =>
      call("/auth/userinfo", body, { ...server({ authorization: token, ...headers }), cookie });
    expect((await ask({ "accept-language": "th" })).body.message).toBe(text("my", "common.success"));
    expect((await ask({})).body.message).toBe(text("my", "common.success"));
    expect((await ask({ "accept-language": "th" }, {}, "LANGUAGE=id")).body.message).toBe(
      text("id", "common.success"),
    );
    expect((await ask({ "accept-language": "th" }, { lang: "en" }, "LANGUAGE=id")).body.message).toBe(
      text("en", "common.success"),
    );
  });

  it("a token in the body (a sibling product's userinfo)", async () => {
    const user = await createUser({ language: "id" });
    const token = await productToken(user);
    const r = await call("/auth/userinfo", { token }, server({ "accept-language": "th" }));
    expect(r.body.code).toBe(200);
    expect(r.body.message).toBe(text("id", "common.success"));
  });

  it("a token that is not live names nobody: Accept-Language", async () => {
    const r = await call(
      "/auth/userinfo",
      {},
      server({ authorization: "Bearer no-such-token", "accept-language": "th" }),
    );
    expect([r.status, r.body.data]).toMatchObject([401, { error: "UNAUTHORIZED" }]);
    expect(r.body.message).toBe(text("th", "errors.UNAUTHORIZED"));
  });

  it("the input refused before the person is looked up still speaks the person's language", async () => {
    const user = await createUser({ language: "en" });
    const token = await productToken(user);
    const r = await call(
      "/auth/userinfo",
      { token: 42 },
      server({ authorization: token, "accept-language": "th" }),
    );
    expect([r.status, r.body.data]).toMatchObject([400, { error: "VALIDATION" }]);
    const english = await call("/auth/userinfo", { token: 42, lang: "en" }, server({ authorization: token }));
    const thai = await call("/auth/userinfo", { token: 42, lang: "th" }, server({ authorization: token }));
    expect(r.body.message).toBe(english.body.message);
    expect(r.body.message).not.toBe(thai.body.message);
  });

  it("the browser's session without a LANGUAGE cookie: saved language beats Accept-Language", async () => {
    const user = await createUser({ language: "th" });
    // signIn adds LANGUAGE=en for the other suites: this one wants the session alone.
    const session = (await signIn(user)).replace(/;?\s*LANGUAGE=en/, "");
    const r = await call("/auth/userinfo", {}, { cookie: session, headers: { "accept-language": "id" } });
    expect(r.body.code).toBe(200);
    expect(r.body.message).toBe(text("th", "common.success"));
    // A call that needs no one (the catalog) follows the same person.
    const catalog = await call(
      "/package/list",
      {},
      { cookie: session, headers: { "accept-language": "id" } },
    );
    expect(catalog.body.message).toBe(text("th", "common.success"));
  });

  it("order/create: the person its token names, once the product's key is good", async () => {
    const user = await createUser({ language: "id" });
    const token = await productToken(user);
    const keyed = server({ authorization: `Bearer ${PRODUCT_KEYS.ls}`, "accept-language": "th" });
    const r = await call("/order/create", { token, lines: orderLines }, keyed);
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.message).toBe(text("id", "commerce.orderCreated"));
    // Without the key the person is not heard: the caller's Accept-Language.
    const unkeyed = await call(
      "/order/create",
      { token, lines: orderLines },
      server({ "accept-language": "th" }),
    );
    expect(unkeyed.body.message).toBe(text("th", "errors.PRODUCT_KEY_INVALID"));
  });
});

describe("over HTTP (the custom server's /2.0 fast path)", () => {
  let http: Server;
  let base: string;
  beforeAll(async () => {
    http = createServer((req, res) => serveApi(req, res, "localhost"));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/2.0`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  const post = async (path: string, headers: Record<string, string>, body = "{}") => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    return (await response.json()) as { code: number; message: string; data: Record<string, unknown> };
  };

  it("answers a server's calls, refusals included, in its Accept-Language", async () => {
    expect((await post("/package/list", { "accept-language": "th" })).message).toBe(
      text("th", "common.success"),
    );
    expect((await post("/no/such-call", { "accept-language": "en-US,en;q=0.9" })).message).toBe(
      text("en", "errors.UNKNOWN_CALL", { path: "/no/such-call" }),
    );
    expect((await post("/order/create", { "accept-language": "th" }, '{"lang":"id"}')).message).toBe(
      text("id", "errors.PRODUCT_KEY_INVALID"),
    );
    // Nothing names one of the five (fetch's own header, if any, is `*`).
    expect((await post("/package/list", {})).message).toBe(text("vi", "common.success"));
  });
});
