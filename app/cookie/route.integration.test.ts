import { describe, expect, it } from "vitest";
import { GET } from "@/app/cookie/route";

const DAY = 24 * 60 * 60;

function cookiesOf(response: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of response.headers.getSetCookie()) {
    const name = c.slice(0, c.indexOf("="));
    out.set(name, c);
  }
  return out;
}

const attr = (cookie: string | undefined, name: string) =>
  cookie
    ?.split(";")
    .map((p) => p.trim())
    .find((p) => p.toLowerCase().startsWith(`${name.toLowerCase()}=`))
    ?.split("=")[1];

describe("GET /cookie", () => {
  it("answers a 1×1 GIF that is never cached, with the three referral cookies", async () => {
    const res = GET(new Request("http://portal.test/cookie?referral_id=r1&affilate_code=a1&ladiflow_ref=f1"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(body.slice(0, 6)).toString("ascii")).toBe("GIF89a");
    expect(res.headers.get("content-length")).toBe(String(body.length));

    const setCookies = res.headers.getSetCookie();
    expect(setCookies).toHaveLength(3);
    const cookies = cookiesOf(res);
    expect(cookies.get("REFERRAL_ID")).toMatch(/^REFERRAL_ID=r1;/);
    expect(cookies.get("AFFILATE_CODE")).toMatch(/^AFFILATE_CODE=a1;/);
    expect(cookies.get("LADIFLOW_REF")).toMatch(/^LADIFLOW_REF=f1;/);
    for (const c of setCookies) {
      expect(c).toContain("Path=/");
      expect(c).toContain("HttpOnly");
    }
  });

  it("keeps the affiliate code 120 days", async () => {
    const res = GET(new Request("http://portal.test/cookie?referral_id=r1&affilate_code=a1&ladiflow_ref=f1"));
    const cookies = cookiesOf(res);
    expect(attr(cookies.get("AFFILATE_CODE"), "Max-Age")).toBe("10368000");
    expect(Number(attr(cookies.get("AFFILATE_CODE"), "Max-Age"))).toBe(120 * DAY);
    expect(Number(attr(cookies.get("REFERRAL_ID"), "Max-Age"))).toBeGreaterThan(0);
    expect(Number(attr(cookies.get("LADIFLOW_REF"), "Max-Age"))).toBeGreaterThan(0);
  });

  it("sets only the cookies whose parameter is present", async () => {
    const res = GET(new Request("http://portal.test/cookie?affilate_code=only-this"));
    expect(res.status).toBe(200);
    const setCookies = res.headers.getSetCookie();
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(/^AFFILATE_CODE=only-this;/);

    const none = GET(new Request("http://portal.test/cookie"));
    expect(none.status).toBe(200);
    expect(none.headers.get("content-type")).toBe("image/gif");
    expect(none.headers.getSetCookie()).toHaveLength(0);
  });

  it("refuses values with odd characters, blank values and values over 100 characters", async () => {
    const url = new URL("http://portal.test/cookie");
    url.searchParams.set("referral_id", "<script>");
    url.searchParams.set("affilate_code", "a;b=c");
    url.searchParams.set("ladiflow_ref", "x".repeat(101));
    const res = GET(new Request(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.getSetCookie()).toEqual([]);

    const more = new URL("http://portal.test/cookie");
    more.searchParams.set("referral_id", "   ");
    more.searchParams.set("affilate_code", "ok.code-1_2");
    more.searchParams.set("ladiflow_ref", "x".repeat(100));
    const res2 = GET(new Request(more));
    const cookies = cookiesOf(res2);
    expect(cookies.has("REFERRAL_ID")).toBe(false);
    expect(cookies.get("AFFILATE_CODE")).toMatch(/^AFFILATE_CODE=ok\.code-1_2;/);
    expect(cookies.get("LADIFLOW_REF")).toMatch(new RegExp(`^LADIFLOW_REF=${"x".repeat(100)};`));
    expect(res2.headers.getSetCookie().join("\n")).not.toContain("<script>");
  });

  it("over HTTP the cookies are Lax and not Secure; over HTTPS they are Secure and SameSite=None", async () => {
    const http = GET(new Request("http://portal.test/cookie?referral_id=r1"));
    const plain = http.headers.getSetCookie()[0] ?? "";
    expect(plain).toContain("SameSite=Lax");
    expect(plain).not.toContain("Secure");

    const https = GET(new Request("https://portal.test/cookie?referral_id=r1"));
    const secure = https.headers.getSetCookie()[0] ?? "";
    expect(secure).toContain("Secure");
    expect(secure).toContain("SameSite=None");
  });
});
