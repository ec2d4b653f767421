// Issue 37, finding 2: which pages a product's page may frame. Every page and route of app/ is
// found on disk and asked for through the proxy (the one place that gives Next's answers their
// security headers), in the first access state that serves it; only the pages the framed sign-in
// really shows name the product family in frame-ancestors, every other one is the portal's alone.
import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { logger } from "@/lib/logger";
import { SESSION_COOKIE, sealSession } from "@/lib/session";
import { proxy, config as proxyConfig } from "./proxy";

const ORIGIN = "http://portal.test";
const SECRET = "s".repeat(32);
const FAMILY = "frame-ancestors 'self' https://app.example.com http://localhost:4000 https://localhost:4000";

/**
 * The pages a product's frame shows, and why (README "For sibling products"). Written here rather
 * than read from lib/frame.ts, so that a page added to that list must be added here too.
 */
const FRAMED = {
  "/signin": "the framed sign-in itself (SPEC iframe mode)",
  "/signin/code": "the framed sign-in's sign-in with a one-time code (issue 40)",
  "/signup": "its sign-up link; layout 3 is a landing page's framed sign-up",
  "/verify-account": "the code step after a framed sign-up or an unverified sign-in",
  "/verify-2fa": "the second factor of a framed sign-in",
  "/require-enable-2fa": "a framed sign-in of an account that must turn two-factor on",
  "/device-limit-exceeded": "a framed sign-in over the device limit",
  "/complete-reg": "a framed sign-in of an account without a phone",
  "/complete-reg/social": "a framed Zalo sign-in (no email from Zalo) proves an address by code",
  "/forgottenpass": "the framed sign-in's forgot-password link",
  "/open-in-tab": "the frame's offer to open a page it may not show in a new tab",
  "/iframe": "a product's frame hands its token over",
  "/login-embed": "the landing panel, made to be framed (no action on it)",
  "/checkout": "a product's checkout works framed (gateways leave the frame)",
  "/checkout/result": "where a framed checkout shows the payment's state",
} as const;

/** The URL path of each page.tsx and route.ts under app/: route groups dropped, segments filled. */
function appRoutes(): string[] {
  const appDir = path.join(import.meta.dirname, "app");
  const files = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) =>
    /(^|\/)(page\.tsx|route\.ts)$/.test(file.split(path.sep).join("/")),
  );
  return files
    .map((file) => {
      const segments = file
        .split(path.sep)
        .slice(0, -1)
        .filter((segment) => !/^\(.+\)$/.test(segment))
        .map((segment) => segment.replace(/^\[\.\.\.(.+)\]$/, "x/$1").replace(/^\[(.+)\]$/, "$1-1"));
      return `/${segments.join("/")}`;
    })
    .sort();
}

/** Whether the proxy runs for a path at all (its matcher); the others are no pages (JSON, an image). */
function isProxied(pathname: string): boolean {
  return proxyConfig.matcher.some((pattern) => new RegExp(`^${pattern}$`).test(pathname));
}

type State = "anonymous" | "signed-in" | "needs-phone";

async function cookieFor(state: State): Promise<string | undefined> {
  if (state === "anonymous") return undefined;
  const sealed = await sealSession({ token: "t", userId: "u", hasPhone: state === "signed-in" }, SECRET);
  return `${SESSION_COOKIE}=${sealed}`;
}

async function ask(pathname: string, state: State, headers: Record<string, string> = {}) {
  const cookie = await cookieFor(state);
  return proxy(
    new NextRequest(`${ORIGIN}${pathname}`, { headers: { ...headers, ...(cookie && { cookie }) } }),
  );
}

/** The proxy's answer in the first state that serves the path (not a redirect), or undefined. */
async function served(pathname: string) {
  for (const state of ["anonymous", "signed-in", "needs-phone"] as const) {
    const response = await ask(pathname, state);
    if (!response.headers.has("location")) return response;
  }
  return undefined;
}

beforeAll(() => {
  vi.stubEnv("SESSION_SECRET", SECRET);
  vi.stubEnv("DATA_ENCRYPTION_KEY", "d".repeat(32));
  vi.stubEnv("ALTCHA_HMAC_KEY", "a".repeat(32));
  vi.stubEnv("CALLBACK_ALLOWED_HOSTS", "app.example.com,localhost:4000");
  vi.stubEnv("APPS_CONFIG", "{}");
  resetEnvForTests();
});

afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("who may frame each page of app/", () => {
  const routes = appRoutes();

  it("finds the app's pages and routes, and every framed page is one of them", () => {
    expect(routes).toContain("/admin/people");
    expect(routes).toContain("/account/profile");
    expect(routes).toContain("/2.0/x/path");
    for (const page of Object.keys(FRAMED)) expect(routes).toContain(page);
  });

  it("only /2.0 and the /cookie pixel skip the proxy (neither answers HTML)", () => {
    expect(routes.filter((route) => !isProxied(route))).toEqual(["/2.0/x/path", "/cookie"]);
  });

  it.each(routes.filter(isProxied))("%s", async (route) => {
    const response = await served(route);
    expect(response, `no access state serves ${route}`).toBeDefined();
    const csp = response?.headers.get("content-security-policy") ?? "";
    const ancestors = csp.split("; ").find((d) => d.startsWith("frame-ancestors"));
    if (route in FRAMED) {
      expect(ancestors).toBe(FAMILY);
      expect(response?.headers.get("x-frame-options")).toBeNull();
    } else {
      expect(ancestors).toBe("frame-ancestors 'self'");
      expect(response?.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it.each([
    "/admin",
    "/admin/people",
    "/account/profile",
    "/switch-account",
    "/cancel-deletion",
    "/resetpass",
  ])("%s is never the family's to frame", async (route) => {
    const csp = (await served(route))?.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("app.example.com");
  });
});

describe("a frame sent by the proxy to a page it may not show", () => {
  it("a signed-in person's framed sign-in is offered the profile in a new tab, in the frame's look", async () => {
    const framed = await ask(
      "/signin?iframe=1&layout=2&lang=en&parent_origin=https%3A%2F%2Fapp.example.com",
      "signed-in",
      {
        "sec-fetch-dest": "iframe",
      },
    );
    const location = new URL(framed.headers.get("location") ?? "");
    expect(location.pathname).toBe("/open-in-tab");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      to: "/account/profile",
      iframe: "1",
      layout: "2",
      lang: "en",
      parent_origin: "https://app.example.com",
    });
  });

  it("the same request as a page of its own goes to the profile", async () => {
    const top = await ask("/signin?iframe=1", "signed-in", { "sec-fetch-dest": "document" });
    expect(new URL(top.headers.get("location") ?? "").pathname).toBe("/account/profile");
  });

  it("a framed page that stays framable is redirected as before", async () => {
    const framed = await ask("/account/profile", "anonymous", { "sec-fetch-dest": "iframe" });
    expect(new URL(framed.headers.get("location") ?? "").pathname).toBe("/signin");
  });
});

describe("a product framing the sign-in from its own home (issue 38)", () => {
  const HOME = "https://shop.home.example";

  beforeAll(() => {
    vi.stubEnv("APPS_CONFIG", JSON.stringify({ ls: { name: "Shop", home: `${HOME}/store/` } }));
    resetEnvForTests();
  });

  afterAll(() => {
    vi.stubEnv("APPS_CONFIG", "{}");
    resetEnvForTests();
  });

  const framedFrom = (referer: string) =>
    ask("/signin?iframe=1", "anonymous", {
      "sec-fetch-dest": "iframe",
      "sec-fetch-site": "cross-site",
      referer,
    });

  it("names the APPS_CONFIG home in frame-ancestors beside CALLBACK_ALLOWED_HOSTS", async () => {
    const response = await framedFrom(`${HOME}/store/checkout`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp.split("; ").find((d) => d.startsWith("frame-ancestors"))).toBe(`${FAMILY} ${HOME}`);
  });

  it("logs one warning line naming a parent frame-ancestors refuses, once however often it frames", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 3; i++) await framedFrom("https://refused.frame.example/page?x=1");
      await framedFrom(`${HOME}/store/`);
      await framedFrom("https://app.example.com/embed");
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([
        { frame_parent: "https://refused.frame.example", path: "/signin" },
        "frame refused: https://refused.frame.example is not in CALLBACK_ALLOWED_HOSTS or an APPS_CONFIG home (or is plain http off loopback, or not on the listed port)",
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("says nothing of a page the family may not frame (its own rule, not the allow-list)", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      await ask("/account/profile", "signed-in", {
        "sec-fetch-dest": "iframe",
        "sec-fetch-site": "cross-site",
        referer: "https://other.refused.example/",
      });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
