// Issue 38: the package catalog is public data that a product's own page reads from the browser,
// so it answers any origin (CORS `*`, no credentials) and its preflight; every other call keeps
// its rule (a POST from another origin is refused, and no answer names another origin).
import { describe, expect, it } from "vitest";
import { dispatch } from "@/server/http/dispatch";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, ORIGIN } from "@/tests/setup/api";

const SHOP = "https://shop.example";

/** A request a page of SHOP's makes with fetch(): its Origin, cross-site, no cookie unless given. */
function fromShop(path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) {
  return dispatch(
    new Request(`${ORIGIN}/2.0${path}`, {
      method: init.method,
      headers: {
        origin: SHOP,
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "cors",
        host: "portal.test",
        "x-forwarded-for": "10.0.0.9",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

describe("/package/list answers any origin (cors: public)", () => {
  it("answers another origin's POST, readable by its page, without credentials", async () => {
    const response = await fromShop("/package/list", { method: "POST", body: { app_code: "ls", limit: 2 } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("access-control-expose-headers")).toBe("x-request-id");
    const body = (await response.json()) as { code: number; data: { items: { app_code: string }[] } };
    expect(body.code).toBe(200);
    expect(body.data.items).toHaveLength(2);
    expect(body.data.items.every((p) => p.app_code === "ls")).toBe(true);
  });

  it("answers its preflight: the methods and headers a page may send, no body", async () => {
    const response = await fromShop("/package/list", {
      method: "OPTIONS",
      headers: {
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("access-control-allow-methods")?.split(", ")).toEqual([
      "POST",
      "GET",
      "OPTIONS",
    ]);
    expect(response.headers.get("access-control-allow-headers")?.split(", ")).toContain("content-type");
    expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers another origin's GET, the same fields in the query (a plain fetch(url), no preflight)", async () => {
    const response = await fromShop("/package/list?app_code=ls&limit=2&sort=-price", { method: "GET" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    const body = (await response.json()) as {
      data: { items: { app_code: string; price: number }[]; total: number };
    };
    expect(body.data.items).toHaveLength(2);
    expect(body.data.items.every((p) => p.app_code === "ls")).toBe(true);
    const [first, second] = body.data.items;
    expect(first?.price).toBeGreaterThanOrEqual(second?.price ?? Number.POSITIVE_INFINITY);
    // The same page by POST: GET is another way in, not another answer.
    const posted = await fromShop("/package/list", {
      method: "POST",
      body: { app_code: "ls", limit: 2, sort: "-price" },
    });
    expect(((await posted.json()) as typeof body).data).toEqual(body.data);
  });

  it("refuses a GET with a wrong field as it refuses the POST, readable by the page", async () => {
    const response = await fromShop("/package/list?limit=0", { method: "GET" });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await response.json()) as { data: { error: string } }).data.error).toBe("VALIDATION");
  });

  it("lets the page read a refusal too", async () => {
    const response = await fromShop("/package/list", { method: "POST", body: { limit: 0 } });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await response.json()) as { data: { error: string } }).data.error).toBe("VALIDATION");
  });

  it("answers the portal's own pages as before", async () => {
    const own = await call<{ items: unknown[] }>("/package/list", { limit: 1 });
    expect(own.status).toBe(200);
    expect(own.body.data.items).toHaveLength(1);
  });
});

describe("every other call keeps its origin rule", () => {
  it("refuses another origin's POST to a session call, with no CORS header, and its preflight", async () => {
    const person = await createUser();
    const signedIn = await call("/auth/signin", { email: person.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const refused = await fromShop("/auth/userinfo", {
      method: "POST",
      body: {},
      headers: { cookie: signedIn.cookie },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { data: { error: string } }).data.error).toBe("FORBIDDEN_ORIGIN");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();

    const preflight = await fromShop("/auth/userinfo", {
      method: "OPTIONS",
      headers: { "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
    // The same person's own page still reads it.
    expect((await call("/auth/userinfo", {}, { cookie: signedIn.cookie })).status).toBe(200);
  });

  it("refuses another origin's POST to a call without auth that is not public (sign-in)", async () => {
    const person = await createUser();
    const response = await fromShop("/auth/signin", {
      method: "POST",
      body: { email: person.email, password: PASSWORD },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
