// Issue 18, findings 1 and 3: /iframe never swaps who is signed in without a click on the
// portal's own page, and signing out ends the product tokens that browser session handed out.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as iframe } from "@/app/iframe/route";
import { sha256 } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import type { EventPayload } from "@/server/outbox/service";
import { configureProducts, signIn } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { call, ORIGIN } from "@/tests/setup/api";

const CALLBACK = "https://ls.family.example/after";

beforeAll(() => configureProducts({ ls: "http://127.0.0.1:9/never-called" }));

/** A sign-in made for the product: the portal cookie and the product's token. */
async function signInForProduct(email: string) {
  const r = await call<{ redirect_url: string }>(
    "/auth/signin",
    { email, password: "Secret#123", callback_url: CALLBACK, app_code: "ls" },
    { ip: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  );
  expect(r.body.code).toBe(200);
  const token = new URL(r.body.data.redirect_url).searchParams.get("token");
  expect(token).toBeTruthy();
  return { cookie: r.cookie, token: String(token) };
}

/** The browser's navigation to /iframe with the Fetch Metadata it would send. */
function navigate(
  token: string,
  options: { cookie?: string; site: string; dest?: string; referer?: string; callback?: string },
) {
  const url = new URL(`${ORIGIN}/iframe`);
  url.searchParams.set("app_code", "ls");
  url.searchParams.set("token", token);
  if (options.callback) url.searchParams.set("callback_url", options.callback);
  const headers: Record<string, string> = {
    host: "portal.test",
    "sec-fetch-site": options.site,
    "sec-fetch-dest": options.dest ?? "document",
    "user-agent": "vitest",
    "x-forwarded-for": "10.0.0.9",
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.referer) headers.referer = options.referer;
  return iframe(new Request(url, { headers }));
}

const sessionCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith("SSID=") && !c.startsWith("SSID=;"));

async function whoIs(cookie: string): Promise<string | undefined> {
  const r = await call<{ email?: string }>("/auth/userinfo", {}, { cookie });
  return r.body.code === 200 ? r.body.data.email : undefined;
}

const cookieFrom = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("/iframe with another person's token (login CSRF)", () => {
  it("keeps the signed-in person and asks on the portal's page, which names both accounts", async () => {
    const a = await createUser();
    const b = await createUser();
    const cookieA = await signIn(a);
    const { token } = await signInForProduct(b.email);

    const res = await navigate(token, { cookie: cookieA, site: "cross-site" });
    expect(res.status).toBe(303);
    const location = String(res.headers.get("location"));
    expect(location).toMatch(/^\/switch-account\?token=/);
    expect(location).not.toContain(token);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await whoIs(cookieA)).toBe(a.email);

    const pending = new URL(location, ORIGIN).searchParams.get("token") ?? "";
    const shown = await call<{ next: { email: string }; current: { email: string } | null }>(
      "/auth/adopt-pending",
      { token: pending },
      { cookie: cookieA },
    );
    expect(shown.body.code).toBe(200);
    expect(shown.body.data.next.email).toBe(`${b.email.slice(0, 2)}…@example.com`);
    expect(shown.body.data.current?.email).toBe(`${a.email.slice(0, 2)}…@example.com`);

    // A cross-site POST cannot click for the person.
    const forged = await call(
      "/auth/adopt-confirm",
      { token: pending },
      {
        cookie: cookieA,
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      },
    );
    expect(forged.status).toBe(403);
    expect(await whoIs(cookieA)).toBe(a.email);

    // The person's click on the portal's page switches, once.
    const confirmed = await call<{ redirect_url: string }>(
      "/auth/adopt-confirm",
      { token: pending },
      { cookie: cookieA },
    );
    expect(confirmed.body.code).toBe(200);
    expect(await whoIs(confirmed.cookie)).toBe(b.email);
    const again = await call("/auth/adopt-confirm", { token: pending }, { cookie: cookieA });
    expect(again.body.code).toBe(400);
  });

  it("asks before signing a signed-out browser in from a top-level navigation of another site", async () => {
    const b = await createUser();
    const { token } = await signInForProduct(b.email);
    for (const site of ["cross-site", "none", "same-site"]) {
      const res = await navigate(token, { site });
      expect(res.headers.get("location")).toMatch(/^\/switch-account\?token=/);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it("adopts at once in a frame of an allow-listed product, and for the same person", async () => {
    const b = await createUser();
    const { cookie, token } = await signInForProduct(b.email);

    const framed = await navigate(token, {
      site: "cross-site",
      dest: "iframe",
      referer: "https://ls.family.example/",
      callback: CALLBACK,
    });
    expect(framed.headers.get("location")).toBe(CALLBACK);
    const set = sessionCookieOf(framed);
    expect(set).toContain("SameSite=None");
    expect(await whoIs(cookieFrom(String(set)))).toBe(b.email);

    // A frame whose parent is not on the allow-list (or hides itself) asks first, and never inside
    // the frame (issue 37: a product's page must not clickjack the question): the frame offers the
    // question in a new tab.
    for (const referer of ["https://evil.example/", undefined]) {
      const res = await navigate(token, { site: "cross-site", dest: "iframe", referer });
      const offer = new URL(String(res.headers.get("location")), ORIGIN);
      expect(offer.pathname).toBe("/open-in-tab");
      expect(offer.searchParams.get("iframe")).toBe("1");
      expect(offer.searchParams.get("to")).toMatch(/^\/switch-account\?token=/);
      expect(offer.search).not.toContain(token);
      expect(sessionCookieOf(res)).toBeUndefined();
    }

    const same = await navigate(token, { cookie, site: "cross-site" });
    expect(same.headers.get("location")).toBe("/account/profile");
    expect(await whoIs(cookieFrom(String(sessionCookieOf(same))))).toBe(b.email);

    // Without a callback a frame would continue on the profile, which no product may frame.
    const framedHome = await navigate(token, {
      site: "cross-site",
      dest: "iframe",
      referer: "https://ls.family.example/",
    });
    expect(framedHome.headers.get("location")).toBe("/open-in-tab?to=%2Faccount%2Fprofile&iframe=1");
  });

  it("a dead token goes to /signin and signs nobody out", async () => {
    const a = await createUser();
    const cookieA = await signIn(a);
    const res = await navigate("not-a-token", { cookie: cookieA, site: "cross-site" });
    expect(res.headers.get("location")).toBe("/signin");
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("SSID="))).toHaveLength(0);
    expect(await whoIs(cookieA)).toBe(a.email);
  });
});

describe("single sign-out", () => {
  it("ends the product tokens the browser session handed out and tells the product", async () => {
    const user = await createUser();
    const { cookie, token } = await signInForProduct(user.email);
    const product = () =>
      call("/auth/userinfo", {}, { headers: { origin: "", authorization: `Bearer ${token}` } });
    expect((await product()).body.code).toBe(200);

    const out = await call("/auth/logout", {}, { cookie });
    expect(out.body.code).toBe(200);
    expect((await product()).status).toBe(401);
    // The ended token can no longer become a portal session either.
    const res = await navigate(token, {
      site: "cross-site",
      dest: "iframe",
      referer: "https://ls.family.example/",
    });
    expect(res.headers.get("location")).toBe("/signin");

    const rows = await (await getDb()).select().from(outbox).where(eq(outbox.kind, "event"));
    const ended = rows
      .map((r) => (r.payload as EventPayload).event)
      .filter((e) => e.type === "session.ended" && e.data.token_sha256 === sha256(token));
    expect(ended).toHaveLength(1);
    expect(ended[0]?.data).toMatchObject({ user_id: user.id, app_code: "ls", reason: "signout" });
  });

  it("ends a framed session that adopted the token, and what that one handed out", async () => {
    const user = await createUser();
    const { cookie, token } = await signInForProduct(user.email);
    const framed = await navigate(token, {
      site: "cross-site",
      dest: "iframe",
      referer: "https://ls.family.example/",
    });
    const framedCookie = cookieFrom(String(sessionCookieOf(framed)));
    const opened = await call<{ redirect_url: string }>(
      "/auth/open-app",
      { app_code: "lp" },
      { cookie: framedCookie },
    );
    const lpToken = new URL(opened.body.data.redirect_url).searchParams.get("token");
    expect(lpToken).toBeTruthy();

    await call("/auth/logout", {}, { cookie });
    expect(await whoIs(framedCookie)).toBeUndefined();
    const lp = await call(
      "/auth/userinfo",
      {},
      { headers: { origin: "", authorization: `Bearer ${lpToken}` } },
    );
    expect(lp.status).toBe(401);
  });

  it("a product token's own sign-out leaves the browser session that handed it out", async () => {
    const user = await createUser();
    const { cookie, token } = await signInForProduct(user.email);
    await call("/auth/logout", {}, { headers: { origin: "", authorization: `Bearer ${token}` } });
    expect(await whoIs(cookie)).toBe(user.email);
  });
});
