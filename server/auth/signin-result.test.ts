import { describe, expect, it } from "vitest";
import { isHostAllowed } from "@/lib/family-origins";
import {
  allowedCallback,
  DEFAULT_LANDING,
  decideSignInResult,
  type SignInContext,
  type SignInQuery,
  type SignInResult,
  type SignInSource,
  type SignInUserState,
  withToken,
} from "@/server/auth/signin-result";

const ALLOWED_HOSTS = ["app.example.com", "*.family.example", "localhost:4100"];
const CALLBACK = "https://app.example.com/welcome?x=1";
const BUILDER_HOME = "https://builder.family.example/home";

/** A verified account with a phone and no two-factor: the plain "signed in" case. */
function user(overrides: Partial<SignInUserState> = {}): SignInUserState {
  return {
    isVerified: true,
    hasPhone: true,
    isNew: false,
    isRequire2fa: false,
    is2faEnabled: false,
    twoFaType: null,
    verifyType: "EMAIL",
    ...overrides,
  };
}

function context(overrides: Partial<SignInContext> = {}): SignInContext {
  return {
    allowedHosts: ALLOWED_HOSTS,
    defaultCallbackUrl: BUILDER_HOME,
    defaultAppCode: "LP",
    flowToken: "flow-token",
    expTime: 300,
    ...overrides,
  };
}

function decide(
  state: Partial<SignInUserState>,
  query: SignInQuery = {},
  source: SignInSource = "signin",
  ctx: Partial<SignInContext> = {},
): SignInResult {
  return decideSignInResult(user(state), query, source, context(ctx));
}

function expectKind<K extends SignInResult["kind"]>(
  result: SignInResult,
  kind: K,
): Extract<SignInResult, { kind: K }> {
  expect(result.kind).toBe(kind);
  if (result.kind !== kind) throw new Error(`expected ${kind}, got ${result.kind}`);
  return result as Extract<SignInResult, { kind: K }>;
}

/** A portal-relative redirect split into its path and query parameters. */
function parse(url: string): { pathname: string; params: Record<string, string> } {
  const parsed = new URL(url, "https://portal.invalid");
  return { pathname: parsed.pathname, params: Object.fromEntries(parsed.searchParams) };
}

/** Callback URLs that must never receive a token. */
const REFUSED_CALLBACKS: [string, string][] = [
  ["another host", "https://evil.net/welcome"],
  ["a lookalike suffix", "https://app.example.com.evil.net/welcome"],
  ["a lookalike prefix", "https://evilapp.example.com/welcome"],
  ["the parent of an exact entry", "https://example.com/welcome"],
  ["the apex of a wildcard entry", "https://family.example/welcome"],
  ["a lookalike of a wildcard entry", "https://badfamily.example/welcome"],
  ["javascript:", "javascript:alert(document.cookie)"],
  ["javascript: dressed as the host", "javascript://app.example.com/%0Aalert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["ftp:", "ftp://app.example.com/welcome"],
  ["userinfo before another host", "https://app.example.com@evil.net/welcome"],
  ["userinfo before the allowed host", "https://user:pass@app.example.com/welcome"],
  ["protocol-relative", "//evil.net/welcome"],
  ["protocol-relative to the allowed host", "//app.example.com/welcome"],
  ["a relative path", "/account/profile"],
  ["not a URL", "not a url"],
  ["the wrong port for a port entry", "http://localhost:4000/welcome"],
  ["no port for a port entry", "http://localhost/welcome"],
];

describe("isHostAllowed", () => {
  it.each([
    ["exact host", ["app.example.com"], "https://app.example.com/x", true],
    // Issue 12: a token never travels in the clear to a non-loopback host.
    ["exact host over plain http", ["app.example.com"], "http://app.example.com/x", false],
    ["localhost over http (development)", ["localhost:4000"], "http://localhost:4000/x", true],
    ["127.0.0.1 over http (development)", ["127.0.0.1:4000"], "http://127.0.0.1:4000/x", true],
    ["a look-alike of localhost over http", ["localhost.evil.com"], "http://localhost.evil.com/x", false],
    ["exact host, upper-case URL", ["app.example.com"], "https://APP.Example.COM/x", true],
    [
      "exact host with any port when the entry has none",
      ["app.example.com"],
      "https://app.example.com:8443/",
      true,
    ],
    ["a sub-domain of an exact entry", ["app.example.com"], "https://a.app.example.com/", false],
    ["a lookalike suffix", ["app.example.com"], "https://app.example.com.evil.net/", false],
    ["wildcard: one sub-domain", ["*.example.com"], "https://sub.example.com/", true],
    ["wildcard: two levels", ["*.example.com"], "https://a.b.example.com/", true],
    ["wildcard: not the apex", ["*.example.com"], "https://example.com/", false],
    ["wildcard: not a lookalike", ["*.example.com"], "https://badexample.com/", false],
    ["wildcard: not a suffix trick", ["*.example.com"], "https://sub.example.com.evil.net/", false],
    ["port entry: same host and port", ["localhost:4100"], "http://localhost:4100/cb", true],
    ["port entry: another port", ["localhost:4100"], "http://localhost:4101/cb", false],
    ["port entry: no port", ["localhost:4100"], "http://localhost/cb", false],
    ["port entry: another host, same port", ["localhost:4100"], "http://127.0.0.1:4100/cb", false],
    ["wildcard with port: match", ["*.example.com:4100"], "https://a.example.com:4100/", true],
    ["wildcard with port: no port", ["*.example.com:4100"], "https://a.example.com/", false],
    ["javascript: scheme", ["app.example.com"], "javascript://app.example.com/%0Aalert(1)", false],
    ["ftp: scheme", ["app.example.com"], "ftp://app.example.com/", false],
    ["username", ["app.example.com"], "https://user@app.example.com/", false],
    ["username and password", ["app.example.com"], "https://user:pw@app.example.com/", false],
    ["empty allow-list", [], "https://app.example.com/", false],
  ])("%s: %j allows %s → %s", (_label, hosts, url, expected) => {
    expect(isHostAllowed(new URL(url), hosts)).toBe(expected);
  });
});

describe("allowedCallback", () => {
  it.each([
    ["https://app.example.com/welcome?x=1", "https://app.example.com/welcome?x=1"],
    ["https://sub.family.example", "https://sub.family.example/"],
    ["http://localhost:4100/cb", "http://localhost:4100/cb"],
  ])("keeps %j as %j", (raw, expected) => {
    expect(allowedCallback(raw, ALLOWED_HOSTS)?.href).toBe(expected);
  });

  it.each([...REFUSED_CALLBACKS, ["missing", undefined], ["empty", ""]] as [string, string | undefined][])(
    "refuses %s (%j)",
    (_label, raw) => {
      expect(allowedCallback(raw, ALLOWED_HOSTS)).toBeUndefined();
    },
  );
});

describe("decideSignInResult: which step comes first", () => {
  it.each<[string, Partial<SignInUserState>, SignInResult["kind"], "set" | "clear"]>([
    ["not verified", { isVerified: false }, "verify-account", "clear"],
    ["not verified, 2FA enabled", { isVerified: false, is2faEnabled: true }, "verify-account", "clear"],
    ["not verified, 2FA required", { isVerified: false, isRequire2fa: true }, "verify-account", "clear"],
    ["not verified, no phone", { isVerified: false, hasPhone: false }, "verify-account", "clear"],
    ["2FA required, not enabled", { isRequire2fa: true }, "require-enable-2fa", "clear"],
    [
      "2FA required, not enabled, no phone",
      { isRequire2fa: true, hasPhone: false },
      "require-enable-2fa",
      "clear",
    ],
    ["2FA required and enabled", { isRequire2fa: true, is2faEnabled: true }, "verify-2fa", "clear"],
    ["2FA enabled", { is2faEnabled: true, twoFaType: "TOTP" }, "verify-2fa", "clear"],
    ["2FA enabled, no phone", { is2faEnabled: true, hasPhone: false }, "verify-2fa", "clear"],
    ["no phone", { hasPhone: false }, "complete-reg", "set"],
    ["no phone, new account", { hasPhone: false, isNew: true }, "complete-reg", "set"],
    ["signed in", {}, "home", "set"],
    ["signed in, new account", { isNew: true }, "callback", "set"],
  ])("%s → %s, cookie %s", (_label, state, kind, cookie) => {
    const result = decide(state);
    expect(result.kind).toBe(kind);
    expect(result.cookie).toBe(cookie);
  });
});

describe("decideSignInResult: verify-account", () => {
  it("carries verify_type, exp_time, token, the allowed callback and the app code: no email, no phone", () => {
    const result = expectKind(
      decide({ isVerified: false, verifyType: "SMS" }, { callback_url: CALLBACK, app_code: "LS" }),
      "verify-account",
    );
    expect(result.cookie).toBe("clear");
    expect(parse(result.redirectUrl)).toEqual({
      pathname: "/verify-account",
      params: {
        verify_type: "SMS",
        exp_time: "300",
        token: "flow-token",
        callback_url: CALLBACK,
        app_code: "LS",
      },
    });
  });

  it("leaves out what is absent (no callback, no app code, no expiry)", () => {
    const result = expectKind(
      decide({ isVerified: false }, {}, "signup", { expTime: undefined }),
      "verify-account",
    );
    expect(parse(result.redirectUrl)).toEqual({
      pathname: "/verify-account",
      params: { verify_type: "EMAIL", token: "flow-token" },
    });
  });

  it.each(REFUSED_CALLBACKS)("drops a refused callback: %s", (_label, callbackUrl) => {
    const result = expectKind(
      decide({ isVerified: false }, { callback_url: callbackUrl, app_code: "LS" }),
      "verify-account",
    );
    const { params } = parse(result.redirectUrl);
    expect(params).not.toHaveProperty("callback_url");
    expect(params.app_code).toBe("LS");
    expect(result.redirectUrl).not.toContain("evil");
  });
});

describe("decideSignInResult: require-enable-2fa", () => {
  it("carries the token, the 2FA type and the allowed callback: no phone (the page looks it up)", () => {
    const result = expectKind(
      decide({ isRequire2fa: true, twoFaType: "SMS" }, { callback_url: CALLBACK, app_code: "LS" }),
      "require-enable-2fa",
    );
    expect(result.cookie).toBe("clear");
    expect(parse(result.redirectUrl)).toEqual({
      pathname: "/require-enable-2fa",
      params: {
        token: "flow-token",
        verify_type: "SMS",
        callback_url: CALLBACK,
        app_code: "LS",
      },
    });
  });

  it("omits verify_type when unknown and drops a refused callback", () => {
    const result = expectKind(
      decide({ isRequire2fa: true }, { callback_url: "https://evil.net/" }),
      "require-enable-2fa",
    );
    expect(parse(result.redirectUrl)).toEqual({
      pathname: "/require-enable-2fa",
      params: { token: "flow-token" },
    });
  });
});

describe("decideSignInResult: verify-2fa", () => {
  it("carries the token, the 2FA type and the allowed callback: no phone", () => {
    const result = expectKind(
      decide({ is2faEnabled: true, twoFaType: "TOTP" }, { callback_url: CALLBACK, app_code: "LS" }),
      "verify-2fa",
    );
    expect(result.cookie).toBe("clear");
    expect(parse(result.redirectUrl)).toEqual({
      pathname: "/verify-2fa",
      params: {
        token: "flow-token",
        verify_type: "TOTP",
        callback_url: CALLBACK,
        app_code: "LS",
      },
    });
  });

  it("drops a refused callback", () => {
    const result = expectKind(
      decide({ is2faEnabled: true }, { callback_url: "https://app.example.com.evil.net/" }),
      "verify-2fa",
    );
    expect(parse(result.redirectUrl).params).not.toHaveProperty("callback_url");
  });
});

describe("decideSignInResult: complete-reg", () => {
  it("sets the cookie and carries the allowed callback and app code", () => {
    const result = expectKind(
      decide({ hasPhone: false }, { callback_url: CALLBACK, app_code: "LS" }),
      "complete-reg",
    );
    expect(result.cookie).toBe("set");
    expect(parse(result.redirectUrl)).toEqual({
      pathname: "/complete-reg",
      params: { callback_url: CALLBACK, app_code: "LS" },
    });
  });

  it("is a bare path without a query", () => {
    expect(expectKind(decide({ hasPhone: false }), "complete-reg").redirectUrl).toBe("/complete-reg");
  });

  it.each(REFUSED_CALLBACKS)("drops a refused callback: %s", (_label, callbackUrl) => {
    const result = expectKind(decide({ hasPhone: false }, { callback_url: callbackUrl }), "complete-reg");
    expect(result.redirectUrl).toBe("/complete-reg");
  });
});

describe("decideSignInResult: callback", () => {
  it.each<SignInSource>(["signin", "signup", "otp", "social", "register"])(
    "source %s → login_callback=%s, no token in the URL yet",
    (source) => {
      const result = expectKind(decide({}, { callback_url: CALLBACK }, source), "callback");
      expect(result.cookie).toBe("set");
      expect(result.callbackUrl).toBe(`https://app.example.com/welcome?x=1&login_callback=${source}`);
      expect(new URL(result.callbackUrl).searchParams.has("token")).toBe(false);
      expect(result.postMessageTo).toBe(null);
    },
  );

  it.each<[string, SignInQuery, Partial<SignInUserState>, Record<string, string>, string]>([
    ["existing account", { callback_url: CALLBACK }, {}, { x: "1", login_callback: "signin" }, "LP"],
    [
      "existing account with client_id and app_code",
      { callback_url: CALLBACK, client_id: "cid-1", app_code: "LS" },
      {},
      { x: "1", login_callback: "signin", client_id: "cid-1" },
      "LS",
    ],
    [
      "new account: track=complete",
      { callback_url: CALLBACK },
      { isNew: true },
      { x: "1", login_callback: "signin", track: "complete" },
      "LP",
    ],
    [
      "new account with client_id",
      { callback_url: CALLBACK, client_id: "cid-1", app_code: "LS" },
      { isNew: true },
      { x: "1", login_callback: "signin", client_id: "cid-1", track: "complete" },
      "LS",
    ],
    [
      "empty client_id and app_code",
      { callback_url: CALLBACK, client_id: "", app_code: "" },
      {},
      { x: "1", login_callback: "signin" },
      "LP",
    ],
  ])("%s", (_label, query, state, params, appCode) => {
    const result = expectKind(decide(state, query), "callback");
    const url = new URL(result.callbackUrl);
    expect(url.origin + url.pathname).toBe("https://app.example.com/welcome");
    expect(Object.fromEntries(url.searchParams)).toEqual(params);
    expect(result.appCode).toBe(appCode);
  });

  it.each([
    ["a wildcard sub-domain", "https://shop.family.example/cb"],
    ["a host with its port", "http://localhost:4100/cb"],
  ])("accepts %s", (_label, callbackUrl) => {
    const result = expectKind(decide({}, { callback_url: callbackUrl }), "callback");
    expect(result.callbackUrl).toBe(`${callbackUrl}?login_callback=signin`);
  });

  it("new account without a callback → the builder's default callback", () => {
    const result = expectKind(decide({ isNew: true }, {}, "signup"), "callback");
    expect(result.callbackUrl).toBe(`${BUILDER_HOME}?login_callback=signup&track=complete`);
    expect(result.appCode).toBe("LP");
  });

  it("new account with a refused callback → the builder's default callback", () => {
    const result = expectKind(
      decide({ isNew: true }, { callback_url: "https://evil.net/" }, "social"),
      "callback",
    );
    expect(result.callbackUrl).toBe(`${BUILDER_HOME}?login_callback=social&track=complete`);
  });

  it.each<[string, Partial<SignInContext>]>([
    ["not configured", { defaultCallbackUrl: undefined }],
    ["not on the allow-list", { defaultCallbackUrl: "https://builder.other.net/home" }],
    ["not a URL", { defaultCallbackUrl: "builder" }],
  ])("new account, default callback %s → home", (_label, ctx) => {
    const result = expectKind(decide({ isNew: true }, {}, "signup", ctx), "home");
    expect(result.redirectUrl).toBe(DEFAULT_LANDING);
  });

  it("existing account without a callback does not go to the builder", () => {
    expect(decide({}).kind).toBe("home");
  });

  it.each(REFUSED_CALLBACKS)("a refused callback never becomes a callback: %s", (_label, callbackUrl) => {
    const result = expectKind(decide({}, { callback_url: callbackUrl, app_code: "LS" }), "home");
    expect(result.redirectUrl).toBe(DEFAULT_LANDING);
  });
});

describe("decideSignInResult: home", () => {
  it("defaults to /account/profile", () => {
    expect(DEFAULT_LANDING).toBe("/account/profile");
    const result = expectKind(decide({}), "home");
    expect(result).toEqual({
      kind: "home",
      cookie: "set",
      redirectUrl: "/account/profile",
      postMessageTo: null,
    });
  });

  it.each([
    "/order",
    "/dashboard",
    "/account/payment?page=2",
    "/account/profile#security",
    "/signin-help",
    "/account/signin",
    "/2.0x",
  ])("returns to the previous path %j", (path) => {
    expect(expectKind(decide({}, { path }), "home").redirectUrl).toBe(path);
  });

  it.each([
    ["root", "/"],
    ["sign-in", "/signin"],
    ["sign-in with a query", "/signin?logout=1"],
    ["sign-in with a fragment", "/signin#x"],
    ["sign-in with a trailing slash", "/signin/"],
    ["sign-up", "/signup"],
    ["verify-account", "/verify-account"],
    ["verify-2fa", "/verify-2fa"],
    ["require-enable-2fa", "/require-enable-2fa"],
    ["Google sign-in", "/oauth2-google"],
    ["Facebook sign-in", "/oauth2-facebook"],
    ["complete-reg", "/complete-reg"],
    ["an external //host", "//evil.net"],
    ["an external //host with a path", "//evil.net/account/profile"],
    ["a backslash host", "/\\evil.net"],
    ["a tab hiding //host", "/\t/evil.net"],
    ["a newline hiding //host", "/\n/evil.net"],
    ["a /2.0 call", "/2.0/auth/signin"],
    ["a /2.0 call with a query", "/2.0/user/info?x=1"],
    ["the /2.0 root", "/2.0"],
    ["an absolute URL", "https://evil.net/account"],
    ["a relative path", "account/profile"],
    ["empty", ""],
  ])("refuses %s (%j) → /account/profile", (_label, path) => {
    expect(expectKind(decide({}, { path }), "home").redirectUrl).toBe(DEFAULT_LANDING);
  });

  it("an allowed callback wins over the previous path", () => {
    expect(decide({}, { callback_url: CALLBACK, path: "/order" }).kind).toBe("callback");
  });
});

describe("decideSignInResult: iframe", () => {
  it.each<[string, SignInQuery, Partial<SignInUserState>, "callback" | "home"]>([
    ["callback", { callback_url: CALLBACK }, {}, "callback"],
    ["default builder callback", {}, { isNew: true }, "callback"],
    ["home", {}, {}, "home"],
    ["previous path", { path: "/order" }, {}, "home"],
  ])("%s: a message goes to an allowed parent only in iframe mode", (_label, query, state, kind) => {
    const parent = "https://app.example.com";
    const framed = decide(state, { ...query, iframe: true, parent_origin: parent });
    const foreign = decide(state, { ...query, iframe: true, parent_origin: "https://evil.net" });
    const unknown = decide(state, { ...query, iframe: true });
    const plain = decide(state, { ...query, iframe: false, parent_origin: parent });
    const absent = decide(state, query);
    for (const [result, expected] of [
      [framed, parent],
      [foreign, null],
      [unknown, null],
      [plain, null],
      [absent, null],
    ] as const) {
      expect(result.kind).toBe(kind);
      expect("postMessageTo" in result && result.postMessageTo).toBe(expected);
    }
  });

  it.each([
    ["a path after the origin", "https://app.example.com/page"],
    ["credentials", "https://user@app.example.com"],
    ["another scheme", "javascript://app.example.com"],
    ["garbage", "not a url"],
  ])("refuses a parent origin with %s", (_label, parent_origin) => {
    const result = decide({}, { iframe: true, parent_origin });
    expect("postMessageTo" in result && result.postMessageTo).toBe(null);
  });

  it.each([
    ["a listed host", "https://app.example.com", "https://app.example.com"],
    ["a subdomain of a wildcard entry", "https://ls.family.example", "https://ls.family.example"],
    ["loopback on its listed port", "http://localhost:4100", "http://localhost:4100"],
    // Issue 38: the message goes only where frame-ancestors lets the frame load.
    ["a listed host on a port frame-ancestors refuses", "https://app.example.com:8443", null],
    ["loopback on another port", "http://localhost:4101", null],
  ])("posts to %s only as frame-ancestors allows it", (_label, parent_origin, expected) => {
    const result = decide({}, { iframe: true, parent_origin });
    expect("postMessageTo" in result && result.postMessageTo).toBe(expected);
  });

  it("iframe does not change the steps before a session", () => {
    const result = decide({ isVerified: false }, { iframe: true });
    expect(result).not.toHaveProperty("postMessageTo");
    expect(result.kind).toBe("verify-account");
  });
});

describe("withToken", () => {
  it.each([
    ["https://app.example.com/cb", "tok", "https://app.example.com/cb?token=tok"],
    [
      "https://app.example.com/cb?login_callback=signin",
      "tok",
      "https://app.example.com/cb?login_callback=signin&token=tok",
    ],
    ["https://app.example.com/cb?token=old&x=1", "new", "https://app.example.com/cb?token=new&x=1"],
    ["https://app.example.com/cb#section", "tok", "https://app.example.com/cb?token=tok#section"],
    ["https://app.example.com/cb", "a+b/c=", "https://app.example.com/cb?token=a%2Bb%2Fc%3D"],
  ])("%j + %j → %j", (callbackUrl, token, expected) => {
    expect(withToken(callbackUrl, token)).toBe(expected);
  });

  it("adds the token to a decided callback", () => {
    const result = expectKind(
      decide({ isNew: true }, { callback_url: CALLBACK, client_id: "c" }, "otp"),
      "callback",
    );
    const url = new URL(withToken(result.callbackUrl, "product-token"));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: "1",
      login_callback: "otp",
      client_id: "c",
      track: "complete",
      token: "product-token",
    });
  });
});

describe("decideSignInResult: a framed flow stays framed", () => {
  it.each<[string, Partial<SignInUserState>]>([
    ["verify-account", { isVerified: false }],
    ["complete-reg", { hasPhone: false }],
    ["verify-2fa", { is2faEnabled: true }],
  ])("%s carries iframe=1", (kind, state) => {
    const result = decide(state, { iframe: true });
    expect(result.kind).toBe(kind);
    expect(
      new URL(String("redirectUrl" in result && result.redirectUrl), "http://x").searchParams.get("iframe"),
    ).toBe("1");
    const plain = decide(state, {});
    expect(
      new URL(String("redirectUrl" in plain && plain.redirectUrl), "http://x").searchParams.has("iframe"),
    ).toBe(false);
  });
});

describe("decideSignInResult: an OpenID Connect client's sign-in (issue 14)", () => {
  const OIDC = "/oidc/interaction/AbC_123-xyz";

  it("goes back to the interaction once signed in, a new account too (no builder hand-off)", () => {
    for (const isNew of [false, true]) {
      const result = expectKind(decide({ isNew }, { path: OIDC }, isNew ? "otp" : "signin"), "home");
      expect(result.redirectUrl).toBe(OIDC);
    }
  });

  it.each([
    ["verify-account", { isVerified: false }, "/verify-account"],
    ["require-enable-2fa", { isRequire2fa: true }, "/require-enable-2fa"],
    ["verify-2fa", { is2faEnabled: true, twoFaType: "TOTP" as const }, "/verify-2fa"],
    ["complete-reg", { hasPhone: false }, "/complete-reg"],
  ])("carries the interaction through the %s step", (kind, state, pathname) => {
    const result = decide(state, { path: OIDC });
    expect(result.kind).toBe(kind);
    const redirect = "redirectUrl" in result ? result.redirectUrl : "";
    expect(parse(redirect).pathname).toBe(pathname);
    expect(parse(redirect).params.path).toBe(OIDC);
  });

  it("carries no other path to the next step (the SPEC hand-off is unchanged)", () => {
    const result = expectKind(decide({ hasPhone: false }, { path: "/order" }), "complete-reg");
    expect(result.redirectUrl).toBe("/complete-reg");
  });

  it("an explicit allowed callback still wins", () => {
    const result = expectKind(decide({}, { path: OIDC, callback_url: CALLBACK }), "callback");
    expect(result.callbackUrl).toContain("app.example.com");
  });
});
