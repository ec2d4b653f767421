import { describe, expect, it } from "vitest";
import {
  frameTarget,
  framingOf,
  openInTabPath,
  openInTabTarget,
  resolveParentOrigin,
  signInHref,
  withFrameContext,
} from "./frame";

const SELF = "https://id.example.com";
const PARENT = "https://shop.example.net";

describe("resolveParentOrigin", () => {
  it("prefers location.ancestorOrigins, which no referrer policy masks", () => {
    expect(
      resolveParentOrigin({
        selfOrigin: SELF,
        ancestorOrigin: PARENT,
        queryParentOrigin: "https://other.example.org",
        referrer: "",
      }),
    ).toBe(PARENT);
  });

  it("falls back to parent_origin from the query (no ancestorOrigins, no-referrer parent)", () => {
    expect(resolveParentOrigin({ selfOrigin: SELF, queryParentOrigin: `${PARENT}/`, referrer: "" })).toBe(
      PARENT,
    );
  });

  it("uses the referrer only when it is another origin (a later step's referrer is the portal)", () => {
    expect(resolveParentOrigin({ selfOrigin: SELF, referrer: `${PARENT}/page?x=1` })).toBe(PARENT);
    expect(resolveParentOrigin({ selfOrigin: SELF, referrer: `${SELF}/signin?iframe=1` })).toBeUndefined();
  });

  it("ignores opaque and unparsable values", () => {
    expect(
      resolveParentOrigin({ selfOrigin: SELF, ancestorOrigin: "null", queryParentOrigin: "not a url" }),
    ).toBeUndefined();
    expect(resolveParentOrigin({ selfOrigin: SELF })).toBeUndefined();
  });
});

describe("withFrameContext", () => {
  const frame = {
    search: "?iframe=1&layout=2&app_code=ls",
    selfOrigin: SELF,
    parentOrigin: PARENT,
    lang: "en",
  };

  it("adds iframe, layout, lang and parent_origin to a portal page inside a frame", () => {
    const next = new URL(withFrameContext("/verify-account?token=t&iframe=1", frame), SELF);
    expect(next.pathname).toBe("/verify-account");
    expect(Object.fromEntries(next.searchParams)).toEqual({
      token: "t",
      iframe: "1",
      layout: "2",
      lang: "en",
      parent_origin: PARENT,
    });
  });

  it("keeps what the target already says", () => {
    const next = new URL(withFrameContext("/device-limit-exceeded?token=t&lang=vi", frame), SELF);
    expect(next.searchParams.get("lang")).toBe("vi");
    expect(next.searchParams.get("iframe")).toBe("1");
  });

  it("carries the query's language and parent when the page has no better one", () => {
    const next = new URL(
      withFrameContext("/verify-2fa?token=t", {
        search: `?iframe=1&lang=th&parent_origin=${encodeURIComponent(PARENT)}`,
        selfOrigin: SELF,
        lang: "vi",
      }),
      SELF,
    );
    expect(next.searchParams.get("lang")).toBe("th");
    expect(next.searchParams.get("parent_origin")).toBe(PARENT);
  });

  it("leaves other sites and unframed pages alone", () => {
    const callback = "https://shop.example.net/callback?token=abc";
    expect(withFrameContext(callback, frame)).toBe(callback);
    expect(withFrameContext("/account/profile", { ...frame, search: "?app_code=ls" })).toBe(
      "/account/profile",
    );
  });
});

describe("signInHref", () => {
  it("is plain /signin outside a frame", () => {
    expect(signInHref({ search: "?token=t&callback_url=x", selfOrigin: SELF })).toBe("/signin");
  });

  it("keeps the frame and the product's hand-off, not the step's token", () => {
    const href = new URL(
      signInHref({
        search: `?token=t&verify_type=EMAIL&iframe=1&app_code=ls&callback_url=${encodeURIComponent(`${PARENT}/cb`)}`,
        selfOrigin: SELF,
        parentOrigin: PARENT,
        lang: "en",
      }),
      SELF,
    );
    expect(href.pathname).toBe("/signin");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      callback_url: `${PARENT}/cb`,
      app_code: "ls",
      iframe: "1",
      lang: "en",
      parent_origin: PARENT,
    });
  });
});

describe("framingOf", () => {
  it("the framed sign-in's pages are the family's to frame, by exact path", () => {
    expect(framingOf("/signin")).toBe("family");
    expect(framingOf("/verify-2fa")).toBe("family");
    expect(framingOf("/checkout/result")).toBe("family");
    expect(framingOf("/signin/")).toBe("self");
    expect(framingOf("/checkout/return/vnpay")).toBe("self");
  });

  it.each(["/", "/admin", "/admin/people", "/account/profile", "/switch-account", "/cancel-deletion"])(
    "%s is the portal's alone",
    (pathname) => {
      expect(framingOf(pathname)).toBe("self");
    },
  );
});

describe("openInTabTarget", () => {
  it.each([
    ["/account/profile", "/account/profile"],
    ["/order?status=PENDING", "/order?status=PENDING"],
    ["/", "/"],
    ["/cancel-deletion?token=t&due=2026-01-01", "/cancel-deletion?token=t&due=2026-01-01"],
    ["/switch-account?token=t", "/switch-account?token=t"],
  ])("%s opens as %s", (raw, target) => {
    expect(openInTabTarget(raw)).toBe(target);
  });

  it.each([
    // Acting on arrival: a same-origin click would adopt a token without the /switch-account question.
    "/iframe?token=t",
    "/signout",
    "/account/profile/export?token=t",
    "https://evil.example/account/profile",
    "//evil.example/account/profile",
    "/\\evil.example",
    "/signin",
    "javascript:alert(1)",
    "",
    undefined,
  ])("%j is the profile instead", (raw) => {
    expect(openInTabTarget(raw)).toBe("/account/profile");
  });
});

describe("openInTabPath", () => {
  it("keeps the frame's look, never the step's other keys", () => {
    const next = new URL(
      openInTabPath("/switch-account?token=t", "?token=product&app_code=ls&layout=2&lang=en"),
      SELF,
    );
    expect(next.pathname).toBe("/open-in-tab");
    expect(Object.fromEntries(next.searchParams)).toEqual({
      to: "/switch-account?token=t",
      iframe: "1",
      layout: "2",
      lang: "en",
    });
  });
});

describe("frameTarget", () => {
  const frame = { search: "?iframe=1&app_code=ls", selfOrigin: SELF, parentOrigin: PARENT, lang: "en" };

  it("inside a frame, a page the frame may not show is offered in a new tab", () => {
    const next = new URL(frameTarget("/account/profile", { ...frame, isFramed: true }), SELF);
    expect(next.pathname).toBe("/open-in-tab");
    expect(Object.fromEntries(next.searchParams)).toEqual({
      to: "/account/profile",
      iframe: "1",
      lang: "en",
      parent_origin: PARENT,
    });
  });

  it("inside a frame, a framed step stays in the frame with its context", () => {
    const next = new URL(frameTarget("/verify-2fa?token=t", { ...frame, isFramed: true }), SELF);
    expect(next.pathname).toBe("/verify-2fa");
    expect(next.searchParams.get("parent_origin")).toBe(PARENT);
  });

  it("another site, and any page outside a frame, is left as it is", () => {
    const callback = `${PARENT}/cb?token=abc`;
    expect(frameTarget(callback, { ...frame, isFramed: true })).toBe(callback);
    expect(frameTarget("/account/profile", { ...frame, search: "?app_code=ls", isFramed: false })).toBe(
      "/account/profile",
    );
  });
});
