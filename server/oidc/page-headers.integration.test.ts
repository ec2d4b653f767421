// The provider's own HTML (log-out question, errors, an expired interaction, form_post) carries the
// portal pages' security headers; its JSON and redirects keep theirs.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedProvider, serveOidcProvider } from "@/tests/support/oidc-provider";

const RP = "http://rp.test";
process.env.OIDC_CLIENTS = JSON.stringify([
  {
    client_id: "forum",
    client_secret: "forum-secret-0123456789",
    redirect_uris: [`${RP}/cb`],
    post_logout_redirect_uris: ["https://forum.example/bye"],
    first_party: true,
  },
]);

let provider: ServedProvider;
let origin: string;

beforeAll(async () => {
  provider = await serveOidcProvider();
  origin = provider.origin;
});

afterAll(() => provider.close());

const get = (path: string) => fetch(`${origin}${path}`, { redirect: "manual" });

/** The policy as directive → sources (oidc-provider may rewrite its spacing). */
function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...values]) => [name, values]),
  );
}

function expectPageHeaders(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  const csp = directives(res.headers.get("content-security-policy"));
  expect(csp["default-src"]).toEqual(["'self'"]);
  expect(csp["script-src"]?.[0]).toBe("'self'");
  expect(csp["object-src"]).toEqual(["'none'"]);
  expect(csp["base-uri"]).toEqual(["'self'"]);
  expect(csp["frame-ancestors"]).toEqual(["'self'"]);
  expect(csp["form-action"]).toEqual(["'self'", RP, "https://forum.example"]);
  expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  return csp;
}

/** The page's inline script runs: its hash is in script-src. Answers the page. */
async function expectInlineScriptAllowed(res: Response, csp: Record<string, string[]>) {
  const html = await res.text();
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  expect(script).toContain("document.forms[0].submit()");
  const hash = createHash("sha256").update(script).digest("base64");
  expect(csp["script-src"]).toContain(`'sha256-${hash}'`);
  return html;
}

describe("security headers of the provider's pages", () => {
  it("GET /oidc/session/end without a session: the log-out form that submits itself", async () => {
    const res = await get("/oidc/session/end");
    expect(res.status).toBe(200);
    const csp = expectPageHeaders(res);
    const html = await expectInlineScriptAllowed(res, csp);
    expect(html).toContain(`action="${origin}/oidc/session/end/confirm"`);
  });

  it("an error page (an unknown client)", async () => {
    const res = await get("/oidc/auth?client_id=nobody&response_type=code&scope=openid");
    expect(res.status).toBe(400);
    expectPageHeaders(res);
  });

  it("an interaction this browser did not start (the portal's own error page)", async () => {
    const res = await get("/oidc/interaction/not-started-here");
    expect(res.status).toBe(400);
    expectPageHeaders(res);
  });

  it("a form_post answer: its inline script is allowed by its hash, its form may post to the client", async () => {
    // No PKCE: refused, the refusal posted back to the registered redirect URI.
    const res = await get(
      `/oidc/auth?client_id=forum&response_type=code&scope=openid&response_mode=form_post&redirect_uri=${encodeURIComponent(`${RP}/cb`)}`,
    );
    const csp = expectPageHeaders(res);
    const html = await expectInlineScriptAllowed(res, csp);
    expect(html).toContain(`action="${RP}/cb"`);
  });

  it("JSON and redirects are left as they were, with nosniff", async () => {
    const jwks = await get("/oidc/jwks");
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get("content-security-policy")).toBeNull();
    expect(jwks.headers.get("x-frame-options")).toBeNull();
    expect(jwks.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
