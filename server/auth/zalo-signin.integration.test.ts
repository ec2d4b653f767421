// Sign in with Zalo (issue 40) against a local Zalo Login peer: state bound to the browser, the
// PKCE verifier sent by the server, Zalo's `error` ≠ 0 answers, the first sign-in through
// /complete-reg/social (no email from Zalo), linking only with proof, and unlinking.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD, randomEmail } from "@/tests/factories/user";
import { startZaloLoginPeer, type ZaloIdentity, type ZaloLogin } from "@/tests/peers/zalo";
import { type CallOptions, call, lastCode } from "@/tests/setup/api";

type Data = Record<string, unknown> & {
  url?: string;
  binding?: string;
  token?: string;
  redirect_url?: string;
  error?: string;
  user?: { email: string; _id: string };
  providers?: { provider: string; linked: boolean }[];
};

let peer: Awaited<ReturnType<typeof startZaloLoginPeer>>;
let zalo: ZaloLogin;
const nextZaloId = () => `9${Date.now()}${Math.floor(Math.random() * 1e6)}`;

beforeAll(async () => {
  peer = await startZaloLoginPeer();
  zalo = peer.login;
  Object.assign(process.env, peer.env);
  resetEnvForTests();
});

afterAll(async () => {
  await peer.close();
});

beforeEach(() => resetLimitsForTests());

/** The browser's part: the URL, Zalo's permission page, back with code and state. */
async function authorize(
  identity: ZaloIdentity,
  query: Record<string, unknown> = {},
  options: CallOptions = {},
) {
  const started = await call<Data>("/auth/zalo-generate-url", query, options);
  expect(started.body.code).toBe(200);
  zalo.nextIdentity(identity);
  const answer = await fetch(String(started.body.data.url), { redirect: "manual" });
  const back = new URL(String(answer.headers.get("location")));
  return { started, back, binding: started.cookie };
}

async function zaloSignIn(identity: ZaloIdentity, query: Record<string, unknown> = {}) {
  const { back, binding } = await authorize(identity, query);
  return call<Data>("/auth/oauth2-zalo", Object.fromEntries(back.searchParams), { cookie: binding });
}

/** A first Zalo sign-in through /complete-reg/social with `email`: the step's answer after the code. */
async function registerWith(identity: ZaloIdentity, email: string) {
  const first = await zaloSignIn(identity);
  expect(first.body.code).toBe(200);
  const next = new URL(String(first.body.data.redirect_url), "http://portal.test");
  expect(next.pathname).toBe("/complete-reg/social");
  const sent = await call<Data>("/auth/social-register", { token: next.searchParams.get("token"), email });
  expect(sent.body.code).toBe(200);
  return call<Data>("/auth/social-register-verify", {
    token: sent.body.data.token,
    code: lastCode(email.toLowerCase()),
  });
}

describe("Zalo Login v4", () => {
  it("asks Zalo's permission page with app_id, redirect_uri, an S256 challenge and the state", async () => {
    const { body } = await call<Data>("/auth/zalo-generate-url", {
      callback_url: "https://app.example.com/x",
    });
    const url = new URL(String(body.data.url));
    expect(`${url.origin}${url.pathname}`).toBe(peer.env.ZALO_LOGIN_AUTH_URL);
    expect(url.searchParams.get("app_id")).toBe(zalo.app.id);
    expect(url.searchParams.get("redirect_uri")).toBe("http://portal.test/oauth2-zalo");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const state = JSON.parse(Buffer.from(String(url.searchParams.get("state")), "base64").toString());
    expect(state.callback_url).toBe("https://app.example.com/x");
    // The verifier stays on the server: neither the URL nor the answer carries it.
    expect(JSON.stringify(body)).not.toMatch(/code_verifier/);
    expect(body.data.binding).toBeUndefined();
  });

  it("sends the PKCE verifier and the secret_key header in the code exchange", async () => {
    const before = zalo.exchanges.length;
    await zaloSignIn({ id: nextZaloId(), name: "An" });
    const exchange = zalo.exchanges.at(before);
    expect(exchange?.pkceOk).toBe(true);
    expect(exchange?.secretKey).toBe(zalo.app.secret);
    expect(exchange?.form).toMatchObject({ app_id: zalo.app.id, grant_type: "authorization_code" });
    expect(exchange?.form.code_verifier).toMatch(/^[\w-]{43,}$/);
  });

  it("refuses a state without this browser's binding, and spends it", async () => {
    const { back, binding } = await authorize({ id: nextZaloId() });
    const fields = Object.fromEntries(back.searchParams);
    const stranger = await call<Data>("/auth/oauth2-zalo", fields);
    expect(stranger.body.code).toBe(400);
    expect(stranger.body.data.error).toBe("SOCIAL_STATE_INVALID");
    const wrongBinding = await call<Data>("/auth/oauth2-zalo", { ...fields, binding: "not-the-binding" });
    expect(wrongBinding.body.data.error).toBe("SOCIAL_STATE_INVALID");
    const owner = await call<Data>("/auth/oauth2-zalo", fields, { cookie: binding });
    expect(owner.body.code).toBe(200);
    const replay = await call<Data>("/auth/oauth2-zalo", fields, { cookie: binding });
    expect(replay.body.data.error).toBe("SOCIAL_STATE_INVALID");
  });

  it("takes the binding from the body for a framed pop-up (the frame keeps no cookie)", async () => {
    const started = await call<Data>("/auth/zalo-generate-url", { popup: "1", iframe: "1" });
    expect(started.body.data.binding).toMatch(/^[\w-]{40,}$/);
    // The frame stays in its product: no default to the builder as for a whole-page move.
    const state = new URL(String(started.body.data.url)).searchParams.get("state");
    const fields = JSON.parse(Buffer.from(String(state), "base64").toString());
    expect(fields).not.toHaveProperty("app_code");
    // The page Zalo returns to knows from the state that it is the pop-up and hands the answer on.
    expect(fields.popup).toBe("1");
    zalo.nextIdentity({ id: nextZaloId() });
    const answer = await fetch(String(started.body.data.url), { redirect: "manual" });
    const back = new URL(String(answer.headers.get("location")));
    const finished = await call<Data>("/auth/oauth2-zalo", {
      ...Object.fromEntries(back.searchParams),
      binding: started.body.data.binding,
      iframe: true,
    });
    expect(finished.body.code).toBe(200);
    expect(String(finished.body.data.redirect_url)).toMatch(/^\/complete-reg\/social\?token=/);
  });

  it("answers a refused permission with SOCIAL_DENIED", async () => {
    const { body } = await zaloSignIn({ id: nextZaloId(), deny: true });
    expect(body.data.error).toBe("SOCIAL_DENIED");
  });

  it("answers Zalo's error ≠ 0 from the token endpoint with SOCIAL_FAILED in the person's language", async () => {
    const { back, binding } = await authorize({ id: nextZaloId(), tokenError: -14019 });
    const en = await call<Data>("/auth/oauth2-zalo", Object.fromEntries(back.searchParams), {
      cookie: binding,
      headers: { "accept-language": "en" },
    });
    expect(en.body.code).toBe(502);
    expect(en.body.data.error).toBe("SOCIAL_FAILED");
    expect(en.body.message).toMatch(/could not complete the sign-in/);
  });

  it("a first sign-in goes to /complete-reg/social; the emailed code makes the account, then /complete-reg", async () => {
    const email = randomEmail();
    const signedIn = await registerWith({ id: nextZaloId(), name: "Lan Zalo" }, email);
    expect(signedIn.body.code).toBe(200);
    expect(signedIn.body.data.redirect_url).toBe("/complete-reg");
    const me = await call<Data>("/auth/userinfo", {}, { cookie: signedIn.cookie });
    expect(me.body.data).toMatchObject({ email, fullname: "Lan Zalo", phone: null, is_verify_email: true });
  });

  it("a returning Zalo person signs straight into the linked account", async () => {
    const identity = { id: nextZaloId(), name: "Minh" };
    const email = randomEmail();
    await registerWith(identity, email);
    const again = await zaloSignIn({ ...identity, name: "Someone else" });
    expect(again.body.code).toBe(200);
    expect(again.body.data.user?.email).toBe(email);
  });

  it("never links an existing account by name: without the code to its email nothing is linked", async () => {
    const user = await createUser({ fullname: "Trùng Tên" });
    const identity = { id: nextZaloId(), name: "Trùng Tên" };
    const first = await zaloSignIn(identity);
    const token = new URL(String(first.body.data.redirect_url), "http://portal.test").searchParams.get(
      "token",
    );
    const sent = await call<Data>("/auth/social-register", { token, email: user.email });
    expect(sent.body.code).toBe(200);
    const wrong = await call<Data>("/auth/social-register-verify", {
      token: sent.body.data.token,
      code: "000000",
    });
    expect(wrong.body.data.error).toMatch(/OTP_INVALID|OTP_EXPIRED/);
    // Still no link: the next Zalo sign-in asks for an address again.
    const again = await zaloSignIn(identity);
    expect(String(again.body.data.redirect_url)).toMatch(/^\/complete-reg\/social/);
  });

  it("links an existing account once the code to its email proves it, and signs it in", async () => {
    const user = await createUser();
    const identity = { id: nextZaloId() };
    const linked = await registerWith(identity, user.email);
    expect(linked.body.code).toBe(200);
    expect(linked.body.data.user?._id).toBe(user.id);
    const again = await zaloSignIn(identity);
    expect(again.body.data.user?._id).toBe(user.id);
  });

  it("links Zalo from the profile for the signed-in person only", async () => {
    const user = await createUser();
    const signin = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    const session = signin.cookie;
    const started = await call<Data>("/auth/link-url", { provider: "zalo" }, { cookie: session });
    expect(started.body.code).toBe(200);
    const url = new URL(String(started.body.data.url));
    expect(url.searchParams.get("redirect_uri")).toBe("http://portal.test/account/profile/link/zalo");
    const identity = { id: nextZaloId() };
    zalo.nextIdentity(identity);
    const back = new URL(
      String((await fetch(String(started.body.data.url), { redirect: "manual" })).headers.get("location")),
    );
    const fields = Object.fromEntries(back.searchParams);
    // Without the session (another browser holding only the binding), no link.
    const anonymous = await call<Data>("/auth/oauth2-zalo", fields, { cookie: started.cookie });
    expect(anonymous.body.data.error).toBe("SOCIAL_STATE_INVALID");

    const started2 = await call<Data>("/auth/link-url", { provider: "zalo" }, { cookie: session });
    zalo.nextIdentity(identity);
    const back2 = new URL(
      String((await fetch(String(started2.body.data.url), { redirect: "manual" })).headers.get("location")),
    );
    const done = await call<Data>("/auth/oauth2-zalo", Object.fromEntries(back2.searchParams), {
      cookie: `${session}; ${started2.cookie}`,
    });
    expect(done.body.code).toBe(200);
    expect(done.body.data.redirect_url).toBe("/account/profile/security?linked=zalo");
    const methods = await call<Data>("/auth/sign-in-methods", {}, { cookie: session });
    expect(methods.body.data).toMatchObject({ has_password: true, passkeys: 0 });
    expect(methods.body.data.providers?.find((p) => p.provider === "zalo")?.linked).toBe(true);
    const again = await zaloSignIn(identity);
    expect(again.body.data.user?._id).toBe(user.id);
  });

  it("unlinks Zalo while a password remains, and refuses to unlink the last way to sign in", async () => {
    const email = randomEmail();
    const identity = { id: nextZaloId() };
    // A Zalo sign-up without a password yet: Zalo is its only way in.
    const signedIn = await registerWith(identity, email);
    const cookie = signedIn.cookie;
    const refused = await call<Data>("/auth/unlink", { provider: "zalo" }, { cookie });
    expect(refused.body.code).toBe(409);
    expect(refused.body.data.error).toBe("SOCIAL_LAST_METHOD");

    const withPassword = await createUser();
    const session = (await call<Data>("/auth/signin", { email: withPassword.email, password: PASSWORD }))
      .cookie;
    const other = { id: nextZaloId() };
    const started = await call<Data>("/auth/link-url", { provider: "zalo" }, { cookie: session });
    zalo.nextIdentity(other);
    const back = new URL(
      String((await fetch(String(started.body.data.url), { redirect: "manual" })).headers.get("location")),
    );
    await call<Data>("/auth/oauth2-zalo", Object.fromEntries(back.searchParams), {
      cookie: `${session}; ${started.cookie}`,
    });
    // Taking a way in away asks "confirm it's you" first.
    const unproved = await call<Data>("/auth/unlink", { provider: "zalo" }, { cookie: session });
    expect(unproved.body.data.error).toBe("REAUTH_REQUIRED");
    expect((await call<Data>("/auth/sign-in-methods", {}, { cookie: session })).body.data.providers).toEqual(
      expect.arrayContaining([expect.objectContaining({ provider: "zalo", linked: true })]),
    );
    expect(
      (await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie: session })).status,
    ).toBe(200);
    const unlinked = await call<Data>("/auth/unlink", { provider: "zalo" }, { cookie: session });
    expect(unlinked.body.code).toBe(200);
    const methods = await call<Data>("/auth/sign-in-methods", {}, { cookie: session });
    expect(methods.body.data.providers?.find((p) => p.provider === "zalo")?.linked).toBe(false);
    const notLinked = await call<Data>("/auth/unlink", { provider: "zalo" }, { cookie: session });
    expect(notLinked.body.data.error).toBe("SOCIAL_NOT_LINKED");
  });
});
