import { describe, expect, it } from "vitest";
import {
  familyHosts,
  frameAncestorSources,
  isFrameOriginAllowed,
  isHostAllowed,
  isHostEntry,
  refusedFrameParent,
} from "./family-origins";

const HOSTS = ["app.example.com", "*.family.example", "localhost:4000", "shop.example.org:8443"];

describe("familyHosts (issue 38: the homes belong to the family)", () => {
  it("is CALLBACK_ALLOWED_HOSTS and every APPS_CONFIG home's host, each once", () => {
    const hosts = familyHosts({
      allowedHosts: ["app.example.com", "localhost:4000"],
      APPS_CONFIG: {
        ls: { name: "Sales", home: "https://Sales.Example.net/app/" },
        lf: { name: "Flow", home: "http://localhost:4310/" },
        la: { name: "Again", home: "https://app.example.com/" },
      },
    });
    expect(hosts).toEqual(["app.example.com", "localhost:4000", "sales.example.net", "localhost:4310"]);
  });
});

describe("isHostEntry", () => {
  it.each([
    ["a.com", true],
    ["a.com:8443", true],
    ["*.a.com", true],
    ["*.a.com:4100", true],
    ["*.localhost", true],
    ["localhost:4000", true],
    ["127.0.0.1:3313", true],
    ["[::1]:4000", true],
    ["*", false],
    ["*.com", false],
    ["https://a.com", false],
    ["a.com/path", false],
    ["a.com:", false],
    ["*.*.a.com", false],
    ["a..com", false],
    ["-a.com", false],
  ])("%s → %s", (entry, expected) => {
    expect(isHostEntry(entry)).toBe(expected);
  });
});

describe("frameAncestorSources", () => {
  it("names each entry over https, and over http too on loopback; never anything broader", () => {
    expect(frameAncestorSources([...HOSTS, "[::1]:4001", "127.0.0.1:3313", "localhost:4000"])).toEqual([
      "https://app.example.com",
      "https://*.family.example",
      "http://localhost:4000",
      "https://localhost:4000",
      "https://shop.example.org:8443",
      "http://127.0.0.1:3313",
      "https://127.0.0.1:3313",
    ]);
  });

  it("drops what is no host entry rather than making a source of it", () => {
    expect(frameAncestorSources(["*", "https://a.com", "*.com"])).toEqual([]);
  });
});

describe("isFrameOriginAllowed: what frame-ancestors lets the browser accept", () => {
  it.each([
    ["a listed host", "https://app.example.com", true],
    ["a listed host over plain http", "http://app.example.com", false],
    ["a listed host on another port (the CSP source means 443)", "https://app.example.com:8443", false],
    ["a listed port", "https://shop.example.org:8443", true],
    ["a listed host without its listed port", "https://shop.example.org", false],
    ["a subdomain of a wildcard", "https://ls.family.example", true],
    ["the apex of a wildcard", "https://family.example", false],
    ["loopback over http on its port", "http://localhost:4000", true],
    ["loopback on another port", "http://localhost:4001", false],
    ["a stranger", "https://evil.example", false],
    ["credentials", "https://user@app.example.com", false],
  ])("%s: %s → %s", (_label, origin, expected) => {
    expect(isFrameOriginAllowed(new URL(origin), HOSTS)).toBe(expected);
  });

  it("differs from the callback rule only on ports of entries without one", () => {
    const url = new URL("https://app.example.com:8443/cb");
    expect(isHostAllowed(url, HOSTS)).toBe(true);
    expect(isFrameOriginAllowed(url, HOSTS)).toBe(false);
  });
});

describe("refusedFrameParent", () => {
  const framed = (referer?: string, site = "cross-site") =>
    new Headers({
      "sec-fetch-dest": "iframe",
      "sec-fetch-site": site,
      ...(referer ? { referer } : {}),
    });

  it("names the origin of a cross-site parent that may not frame the page", () => {
    expect(refusedFrameParent(framed("https://evil.example/page?x=1"), HOSTS)).toBe("https://evil.example");
    expect(refusedFrameParent(framed("http://127.0.0.1:4000/"), HOSTS)).toBe("http://127.0.0.1:4000");
  });

  it("says nothing of an allowed parent, of the portal's own frames, of top-level pages or without a Referer", () => {
    expect(refusedFrameParent(framed("https://app.example.com/embed"), HOSTS)).toBeUndefined();
    expect(refusedFrameParent(framed("https://portal.example/signin", "same-origin"), HOSTS)).toBeUndefined();
    expect(refusedFrameParent(framed(), HOSTS)).toBeUndefined();
    const topLevel = new Headers({ "sec-fetch-dest": "document", referer: "https://evil.example/" });
    expect(refusedFrameParent(topLevel, HOSTS)).toBeUndefined();
  });
});
