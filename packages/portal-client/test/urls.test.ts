import { describe, expect, it } from "vitest";
import { signInFrameUrl, signInUrl, signOutUrl } from "../src/urls";

const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe("signInUrl", () => {
  it("is the README's hand-off: /signin with callback_url and app_code", () => {
    const url = signInUrl({
      portalUrl: "https://account.example.com",
      appCode: "ls",
      callbackUrl: "https://shop.example.com/cb?next=/cart&x=1",
    });
    expect(new URL(url).origin + new URL(url).pathname).toBe("https://account.example.com/signin");
    expect(params(url)).toEqual({
      callback_url: "https://shop.example.com/cb?next=/cart&x=1",
      app_code: "ls",
    });
    // The callback's own query survives as one parameter.
    expect(url).toContain("callback_url=https%3A%2F%2Fshop.example.com%2Fcb%3Fnext%3D%2Fcart%26x%3D1");
  });

  it("adds lang and prompt=login when asked, and nothing empty", () => {
    const url = signInUrl({
      portalUrl: "https://account.example.com/some/path?q=1",
      appCode: "lp",
      callbackUrl: "https://b.example.com/cb",
      lang: "en",
      prompt: "login",
    });
    expect(url.startsWith("https://account.example.com/signin?")).toBe(true);
    expect(params(url)).toEqual({
      callback_url: "https://b.example.com/cb",
      app_code: "lp",
      lang: "en",
      prompt: "login",
    });
    expect(params(signInUrl({ portalUrl: "http://localhost:3000", appCode: "ls", callbackUrl: "" }))).toEqual(
      {
        app_code: "ls",
      },
    );
  });

  it("refuses a portal address that is not http(s)", () => {
    expect(() => signInUrl({ portalUrl: "javascript:alert(1)", appCode: "ls" })).toThrow(TypeError);
    expect(() => signInUrl({ portalUrl: "not a url", appCode: "ls" })).toThrow();
  });
});

describe("signOutUrl", () => {
  it("is /signin?logout=1, with where a sign-in right after it returns", () => {
    expect(signOutUrl({ portalUrl: "https://account.example.com" })).toBe(
      "https://account.example.com/signin?logout=1",
    );
    const url = signOutUrl({
      portalUrl: "https://account.example.com",
      appCode: "ls",
      callbackUrl: "https://shop.example.com/cb",
      lang: "vi",
    });
    expect(params(url)).toEqual({
      logout: "1",
      callback_url: "https://shop.example.com/cb",
      app_code: "ls",
      lang: "vi",
    });
  });
});

describe("signInFrameUrl", () => {
  it("is /signin?iframe=1 with the layout, the hand-off and the parent's origin", () => {
    const url = signInFrameUrl({
      portalUrl: "https://account.example.com",
      appCode: "ls",
      callbackUrl: "https://shop.example.com/cb",
      layout: 2,
      lang: "th",
      parentOrigin: "https://shop.example.com",
    });
    expect(params(url)).toEqual({
      iframe: "1",
      layout: "2",
      callback_url: "https://shop.example.com/cb",
      app_code: "ls",
      lang: "th",
      parent_origin: "https://shop.example.com",
    });
    expect(params(signInFrameUrl({ portalUrl: "https://a.example", appCode: "ls", layout: 1 }))).toEqual({
      iframe: "1",
      app_code: "ls",
    });
  });
});
