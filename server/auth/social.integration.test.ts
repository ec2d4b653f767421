import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, randomEmail } from "@/tests/factories/user";
import { type Identity, type OAuthPeer, startOAuthPeer } from "@/tests/peers/oauth";
import { type CallOptions, call } from "@/tests/setup/api";
import { withEnv } from "@/tests/support/env";

type Data = Record<string, unknown> & {
  url?: string;
  redirect_url?: string;
  error?: string;
  user?: { email: string };
};
type Provider = "google" | "facebook";

let peer: OAuthPeer;

beforeAll(async () => {
  peer = await startOAuthPeer();
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_ISSUER: peer.issuer,
    FACEBOOK_CLIENT_ID: "facebook-client",
    FACEBOOK_CLIENT_SECRET: "facebook-secret",
    FACEBOOK_AUTH_URL: `${peer.issuer}/authorize`,
    FACEBOOK_TOKEN_URL: `${peer.issuer}/token`,
    FACEBOOK_USERINFO_URL: `${peer.issuer}/userinfo?fields=id,name,email,picture`,
  });
  resetEnvForTests();
});

afterAll(async () => {
  await peer.stop();
});

beforeEach(() => resetLimitsForTests());

/** The browser's part: ask for the URL, let the provider answer, come back with code and state. */
async function authorize(provider: Provider, identity: Identity, query: Record<string, unknown> = {}) {
  const started = await call<Data>(`/auth/${provider}-generate-url`, query);
  expect(started.body.code).toBe(200);
  peer.nextIdentity(identity);
  const answer = await fetch(String(started.body.data.url), { redirect: "manual" });
  const back = new URL(String(answer.headers.get("location")));
  return { started, back, binding: started.cookie };
}

async function socialSignIn(
  provider: Provider,
  identity: Identity,
  query: Record<string, unknown> = {},
  options: CallOptions = {},
) {
  const { back, binding } = await authorize(provider, identity, query);
  return call<Data>(`/auth/oauth2-${provider}`, Object.fromEntries(back.searchParams), {
    cookie: binding,
    ...options,
  });
}

describe.each<Provider>(["google", "facebook"])("%s sign-in", (provider) => {
  it("builds an authorization-code request with PKCE, a nonce-bearing state and a binding cookie", async () => {
    const { body, setCookies } = await call<Data>(`/auth/${provider}-generate-url`, {
      callback_url: "https://app.example.com/x",
      app_code: "ls",
      iframe: "1",
      layout: "2",
      logout: "1",
    });
    const url = new URL(String(body.data.url));
    expect(url.origin).toBe(peer.issuer);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe(`http://portal.test/oauth2-${provider}`);
    const state = JSON.parse(Buffer.from(String(url.searchParams.get("state")), "base64").toString());
    expect(state).toMatchObject({ callback_url: "https://app.example.com/x", app_code: "ls" });
    expect(state.nonce).toMatch(/^[\w-]{40,}$/);
    expect(state).not.toHaveProperty("iframe");
    expect(state).not.toHaveProperty("layout");
    expect(state).not.toHaveProperty("logout");
    expect(setCookies.find((c) => c.startsWith("OAUTH_BINDING="))).toMatch(/HttpOnly/);
  });

  it("creates a new account without a phone and sends it to /complete-reg", async () => {
    const email = randomEmail();
    const { body, cookie } = await socialSignIn(provider, {
      sub: `new-${email}`,
      email,
      email_verified: true,
      name: "Lan",
    });
    expect(body.code).toBe(200);
    expect(body.data.redirect_url).toBe("/complete-reg");
    const me = await call<Data>("/auth/userinfo", {}, { cookie });
    expect(me.body.data).toMatchObject({ email, fullname: "Lan", phone: null, is_verify_email: true });
  });

  it("signs a returning person into the linked account", async () => {
    const email = randomEmail();
    const identity = { sub: `ret-${email}`, email, email_verified: true, name: "Minh" };
    await socialSignIn(provider, identity);
    // The address at the provider changed since: the link, not the email, finds the account.
    const again = await socialSignIn(provider, { ...identity, email: randomEmail() });
    expect(again.body.code).toBe(200);
    expect(again.body.data.user?.email).toBe(email);
  });

  it("links an existing account by a verified email and signs it in", async () => {
    const user = await createUser();
    const { body, cookie } = await socialSignIn(provider, {
      sub: `link-${user.email}`,
      email: user.email,
      email_verified: true,
    });
    expect(body.code).toBe(200);
    expect(body.data.redirect_url).toBe("/account/profile");
    const me = await call<Data>("/auth/userinfo", {}, { cookie });
    expect(me.body.data._id).toBe(user.id);
  });

  it("hands a token to an allowed callback from the state", async () => {
    const user = await createUser();
    const { body } = await socialSignIn(
      provider,
      { sub: `cb-${user.email}`, email: user.email, email_verified: true },
      { callback_url: "https://app.example.com/welcome", app_code: "ls" },
    );
    const target = new URL(String(body.data.redirect_url));
    expect(target.host).toBe("app.example.com");
    expect(target.searchParams.get("login_callback")).toBe("social");
    const token = String(target.searchParams.get("token"));
    const product = await call<Data>("/auth/userinfo", {}, { headers: { authorization: token } });
    expect(product.body.data._id).toBe(user.id);
  });

  it("answers denied consent with a clear error and spends the state", async () => {
    const { back, binding } = await authorize(provider, { sub: "x", deny: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    const denied = await call<Data>(`/auth/oauth2-${provider}`, Object.fromEntries(back.searchParams), {
      cookie: binding,
    });
    expect(denied.body.code).toBe(400);
    expect(denied.body.data.error).toBe("SOCIAL_DENIED");
  });

  it("refuses a tampered state, another browser, a replay and the other provider's callback", async () => {
    const email = randomEmail();
    const identity = { sub: `t-${email}`, email, email_verified: true };

    const tampered = await authorize(provider, identity);
    const state = JSON.parse(
      Buffer.from(String(tampered.back.searchParams.get("state")), "base64").toString(),
    );
    const forged = Buffer.from(JSON.stringify({ ...state, nonce: "forged-nonce" })).toString("base64url");
    const withForged = await call<Data>(
      `/auth/oauth2-${provider}`,
      { ...Object.fromEntries(tampered.back.searchParams), state: forged },
      { cookie: tampered.binding },
    );
    expect(withForged.body.data.error).toBe("SOCIAL_STATE_INVALID");
    const garbage = await call<Data>(
      `/auth/oauth2-${provider}`,
      { code: "x", state: "%%%not-base64%%%" },
      { cookie: tampered.binding },
    );
    expect(garbage.body.data.error).toBe("SOCIAL_STATE_INVALID");

    const stolen = await authorize(provider, identity);
    const otherBrowser = await call<Data>(
      `/auth/oauth2-${provider}`,
      Object.fromEntries(stolen.back.searchParams),
      {
        cookie: "OAUTH_BINDING=someone-else",
      },
    );
    expect(otherBrowser.body.data.error).toBe("SOCIAL_STATE_INVALID");

    const once = await authorize(provider, identity);
    const params = Object.fromEntries(once.back.searchParams);
    expect((await call<Data>(`/auth/oauth2-${provider}`, params, { cookie: once.binding })).body.code).toBe(
      200,
    );
    const replay = await call<Data>(`/auth/oauth2-${provider}`, params, { cookie: once.binding });
    expect(replay.body.data.error).toBe("SOCIAL_STATE_INVALID");

    const other = provider === "google" ? "facebook" : "google";
    const crossed = await authorize(provider, identity);
    const wrong = await call<Data>(`/auth/oauth2-${other}`, Object.fromEntries(crossed.back.searchParams), {
      cookie: crossed.binding,
    });
    expect(wrong.body.data.error).toBe("SOCIAL_STATE_INVALID");
  });
});

describe("social sign-in edge cases", () => {
  it("does not link an existing account on an unverified Google email", async () => {
    const user = await createUser();
    const { body } = await socialSignIn("google", {
      sub: `u-${user.email}`,
      email: user.email,
      email_verified: false,
    });
    expect(body.code).toBe(409);
    expect(body.data.error).toBe("EMAIL_TAKEN");
  });

  it("sends an identity without an email to prove an address at /complete-reg/social", async () => {
    const { body } = await socialSignIn("facebook", { sub: "no-email" });
    expect(body.code).toBe(200);
    expect(String(body.data.redirect_url)).toMatch(
      /^\/complete-reg\/social\?token=[\w-]+&provider=facebook$/,
    );
  });

  it("says when a provider is not configured", async () => {
    await withEnv({ FACEBOOK_CLIENT_ID: undefined }, async () => {
      const { body } = await call<Data>(
        "/auth/facebook-generate-url",
        {},
        { headers: { "accept-language": "en" } },
      );
      expect(body.code).toBe(404);
      expect(body.data.error).toBe("SOCIAL_NOT_CONFIGURED");
    });
  });
});

describe("framed social sign-in", () => {
  it("defaults to the builder app and its home when the frame gave no callback", async () => {
    const builder = { lp: { name: "Builder", home: "https://builder.family.example/" } };
    await withEnv({ APPS_CONFIG: JSON.stringify(builder) }, async () => {
      const { body } = await call<Data>("/auth/google-generate-url", { iframe: "1" });
      const state = JSON.parse(
        Buffer.from(String(new URL(String(body.data.url)).searchParams.get("state")), "base64").toString(),
      );
      expect(state).toMatchObject({ app_code: "lp", callback_url: "https://builder.family.example/" });
      expect(state).not.toHaveProperty("iframe");
      const own = await call<Data>("/auth/google-generate-url", { iframe: "1", app_code: "ls" });
      const ownState = JSON.parse(
        Buffer.from(
          String(new URL(String(own.body.data.url)).searchParams.get("state")),
          "base64",
        ).toString(),
      );
      expect(ownState.app_code).toBe("ls");
    });
  });
});
