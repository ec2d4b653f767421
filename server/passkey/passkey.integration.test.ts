// Passkeys through the /2.0 registry with a software authenticator that signs for real: adding
// one (after the password again), signing in with it as a strong sign-in, the counter rule,
// single-use and expiring challenges, removal.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import vi from "@/messages/vi.json";
import { getDb } from "@/server/db/client";
import { securityEvents } from "@/server/db/tables/security-events";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { type CallOptions, call, ORIGIN } from "@/tests/setup/api";
import { setUpEnv } from "@/tests/support/env";
import { addPasskey } from "@/tests/support/passkeys";
import { at, type FlowData } from "@/tests/support/sign-in";
import { SoftAuthenticator } from "@/tests/support/soft-authenticator";

type Data = FlowData<{
  items?: { id: string; name: string; kind: string; last_used_at: string | null }[];
  reauth_required?: boolean;
  challenge?: string;
  id?: string;
  name?: string;
}>;

const MINUTE = 60_000;

/** A signed-in person (TOTP on when asked) and their browser's cookie. */
async function signedInPerson(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const res = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
  expect(res.body.code).toBe(200);
  expect(res.cookie).toMatch(/SSID=/);
  return { user, cookie: res.cookie };
}

/** Re-authenticates, then creates and registers a passkey on `authenticator`; answers its id. */
async function signInOptions(options: CallOptions = {}) {
  const res = await call<Data>("/passkey/signin-options", {}, options);
  expect(res.body.code).toBe(200);
  return res.body.data;
}

async function passkeySignIn(authenticator: SoftAuthenticator, extra: Record<string, unknown> = {}) {
  const response = authenticator.get(await signInOptions());
  return call<Data>("/passkey/signin", { response, ...extra });
}

async function eventsOf(userId: string, type: string) {
  const db = await getDb();
  return db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)));
}

const newAuthenticator = () => new SoftAuthenticator({ origin: ORIGIN });

beforeEach(() => resetLimitsForTests());

describe("adding a passkey", () => {
  it("asks for the password again first, and only for 10 minutes", async () => {
    const { cookie } = await signedInPerson();
    const before = await call<Data>("/passkey/list", {}, { cookie });
    expect(before.body.data).toMatchObject({ items: [], reauth_required: true });
    const refused = await call<Data>("/passkey/registration-options", {}, { cookie });
    expect(refused.body.data.error).toBe("REAUTH_REQUIRED");

    const wrong = await call<Data>("/user/reauthenticate", { password: "Wrong#123" }, { cookie });
    expect(wrong.body.data.error).toBe("PASSWORD_INCORRECT");
    const t0 = Date.now();
    const ok = await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie, clock: at(t0) });
    expect(ok.body.code).toBe(200);
    const after = await call<Data>("/passkey/list", {}, { cookie, clock: at(t0 + MINUTE) });
    expect(after.body.data.reauth_required).toBe(false);
    const late = await call<Data>(
      "/passkey/registration-options",
      {},
      { cookie, clock: at(t0 + 11 * MINUTE) },
    );
    expect(late.body.data.error).toBe("REAUTH_REQUIRED");
  });

  it("counts wrong passwords against the person's budget", async () => {
    const { cookie } = await signedInPerson();
    for (let i = 0; i < 10; i++) {
      const res = await call<Data>("/user/reauthenticate", { password: "Wrong#123" }, { cookie });
      expect(res.body.data.error).toBe("PASSWORD_INCORRECT");
    }
    const blocked = await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie });
    expect(blocked.body.data.error).toBe("RATE_LIMITED");
  });

  it("registers a verified passkey with its name, kind and counter, and lists it", async () => {
    const { user, cookie } = await signedInPerson();
    const id = await addPasskey(cookie, newAuthenticator(), {}, "Laptop");
    const list = await call<Data>("/passkey/list", {}, { cookie });
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ id, name: "Laptop", kind: "unknown", last_used_at: null }),
    ]);
    expect(await eventsOf(user.id, "passkey_added")).toHaveLength(1);
    const renamed = await call<Data>("/passkey/rename", { id, name: "Work laptop" }, { cookie });
    // The default language is Vietnamese.
    expect(renamed.body.message).toBe(vi.passkeys.renamed);
    const again = await call<Data>("/passkey/list", {}, { cookie });
    expect(again.body.data.items?.[0]?.name).toBe("Work laptop");
  });

  it("refuses an answer for another origin, and a challenge answered twice", async () => {
    const { cookie } = await signedInPerson();
    await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie });
    const authenticator = newAuthenticator();
    const opts = (await call<Data>("/passkey/registration-options", {}, { cookie })).body.data;
    const phished = authenticator.create(opts, { origin: "https://portal.evil.example" });
    const refused = await call<Data>("/passkey/register", { response: phished, name: "x" }, { cookie });
    expect(refused.body.data.error).toBe("PASSKEY_INVALID");
    // The challenge was spent by that attempt: the genuine answer to it is refused too.
    const replayed = await call<Data>(
      "/passkey/register",
      { response: authenticator.create(opts), name: "x" },
      { cookie },
    );
    expect(replayed.body.data.error).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  it("refuses another person's registration challenge", async () => {
    const a = await signedInPerson();
    const b = await signedInPerson();
    await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie: a.cookie });
    await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie: b.cookie });
    const opts = (await call<Data>("/passkey/registration-options", {}, { cookie: a.cookie })).body.data;
    const response = newAuthenticator().create(opts);
    const res = await call<Data>("/passkey/register", { response, name: "x" }, { cookie: b.cookie });
    expect(res.body.data.error).toBe("PASSKEY_CHALLENGE_INVALID");
  });
});

describe("signing in with a passkey", () => {
  it("signs in without the second factor even when two-factor is on", async () => {
    const { user, cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    await addPasskey(cookie, authenticator);
    // Two-factor turned on afterwards: a password sign-in now stops at /verify-2fa.
    const db = await getDb();
    const { users } = await import("@/server/db/tables/users");
    await db
      .update(users)
      .set({ twoFaEnabledAt: new Date(), twoFaType: "TOTP" })
      .where(eq(users.id, user.id));
    const withPassword = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    expect(String(withPassword.body.data.redirect_url)).toMatch(/^\/verify-2fa\?/);

    const res = await passkeySignIn(authenticator);
    expect(res.body.code).toBe(200);
    expect(res.cookie).toMatch(/SSID=/);
    expect(res.body.data.redirect_url).toBe("/account/profile");
    const signIns = await eventsOf(user.id, "signin");
    expect(signIns.at(-1)?.data).toMatchObject({ method: "passkey" });
    const me = await call<Data>("/passkey/list", {}, { cookie: res.cookie });
    expect(me.body.data.items?.[0]?.last_used_at).not.toBeNull();
  });

  it("hands off to an allowed callback with a product token, as a password sign-in does", async () => {
    const { cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    await addPasskey(cookie, authenticator);
    const res = await passkeySignIn(authenticator, {
      callback_url: "https://app.example.com/back",
      app_code: "app",
    });
    expect(res.body.code).toBe(200);
    const url = new URL(String(res.body.data.redirect_url));
    expect(url.host).toBe("app.example.com");
    expect(url.searchParams.get("token")).toBeTruthy();
    expect(url.searchParams.get("login_callback")).toBe("signin");
  });

  it("posts the product's token to an allowed embedding page in iframe mode", async () => {
    const { cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    await addPasskey(cookie, authenticator);
    const res = await passkeySignIn(authenticator, {
      callback_url: "https://ls.family.example/back",
      app_code: "ls",
      iframe: true,
      parent_origin: "https://ls.family.example",
    });
    const post = res.body.data.post_message as
      | { target_origin: string; message: Record<string, { token?: string }> }
      | undefined;
    expect(post?.target_origin).toBe("https://ls.family.example");
    expect(Object.values(post?.message ?? {}).some((m) => Boolean(m.token))).toBe(true);
  });

  it("refuses a counter that does not grow and writes a security event", async () => {
    const { user, cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    await addPasskey(cookie, authenticator);
    expect((await passkeySignIn(authenticator)).body.code).toBe(200); // counter 1
    expect((await passkeySignIn(authenticator)).body.code).toBe(200); // counter 2
    // A copy of the key that last signed at 1 signs with 2 again: not greater than the stored 2.
    const [credential] = authenticator.credentials;
    if (!credential) throw new Error("no credential");
    credential.counter = 1;
    const res = await passkeySignIn(authenticator);
    expect(res.body.data.error).toBe("PASSKEY_INVALID");
    expect(res.cookie).not.toMatch(/SSID=[^;]/);
    const [event] = await eventsOf(user.id, "passkey_clone_suspected");
    expect(event?.data).toMatchObject({ stored_counter: 2, received_counter: 2 });
  });

  it("accepts an authenticator without a counter (always zero)", async () => {
    const { cookie } = await signedInPerson();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN, counterStep: 0, backedUp: true });
    await addPasskey(cookie, authenticator);
    expect((await passkeySignIn(authenticator)).body.code).toBe(200);
    expect((await passkeySignIn(authenticator)).body.code).toBe(200);
  });

  it("refuses a sign-in without user verification", async () => {
    const { cookie } = await signedInPerson();
    const verified = newAuthenticator();
    await addPasskey(cookie, verified);
    const [credential] = verified.credentials;
    if (!credential) throw new Error("no credential");
    const unverified = new SoftAuthenticator({ origin: ORIGIN, userVerified: false });
    const response = unverified.get(await signInOptions(), { credential });
    const res = await call<Data>("/passkey/signin", { response });
    expect(res.body.data.error).toBe("PASSKEY_INVALID");
  });

  it("refuses a replayed answer and an expired challenge", async () => {
    const { cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    await addPasskey(cookie, authenticator);
    const response = authenticator.get(await signInOptions());
    expect((await call<Data>("/passkey/signin", { response })).body.code).toBe(200);
    const replayed = await call<Data>("/passkey/signin", { response });
    expect(replayed.body.data.error).toBe("PASSKEY_CHALLENGE_INVALID");

    const t0 = Date.now();
    const late = authenticator.get(await signInOptions({ clock: at(t0) }));
    const expired = await call<Data>(
      "/passkey/signin",
      { response: late },
      { clock: at(t0 + 5 * MINUTE + 1000) },
    );
    expect(expired.body.data.error).toBe("PASSKEY_CHALLENGE_INVALID");
    // A challenge the server never handed out is refused the same way.
    const made = authenticator.get(await signInOptions(), { challenge: "bm90LW91cnMtYXQtYWxs" });
    expect((await call<Data>("/passkey/signin", { response: made })).body.data.error).toBe(
      "PASSKEY_CHALLENGE_INVALID",
    );
  });
});

describe("the device limit", () => {
  setUpEnv({ DEVICE_LIMIT: "2" });

  it("stops a passkey sign-in over the limit, as it stops a password one", async () => {
    const { cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    await addPasskey(cookie, authenticator);
    expect((await passkeySignIn(authenticator)).body.code).toBe(200);
    const over = await passkeySignIn(authenticator);
    expect(over.status).toBe(503);
    expect(over.body.data.error).toBe("DEVICE_LIMIT_EXCEEDED");
    expect(String(over.body.data.redirect_url)).toMatch(/^\/device-limit-exceeded\?/);
  });
});

describe("sign-in challenges", () => {
  it("are handed out to one address within a budget (each is a row)", async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < 120; i++) await signInOptions({ ip });
    const refused = await call<Data>("/passkey/signin-options", {}, { ip });
    expect(refused.body.data.error).toBe("RATE_LIMITED");
  });
});

describe("removing a passkey", () => {
  it("removes it, after which it cannot sign in", async () => {
    const { user, cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    const id = await addPasskey(cookie, authenticator);
    const removed = await call<Data>("/passkey/remove", { id }, { cookie });
    expect(removed.body.message).toBe(vi.passkeys.removed);
    expect((await call<Data>("/passkey/list", {}, { cookie })).body.data.items).toEqual([]);
    expect(await eventsOf(user.id, "passkey_removed")).toHaveLength(1);
    const res = await passkeySignIn(authenticator);
    expect(res.body.data.error).toBe("PASSKEY_INVALID");
  });

  it("asks for a recent proof first: a session whose proof is older than 10 minutes keeps the passkey", async () => {
    const { cookie } = await signedInPerson();
    const authenticator = newAuthenticator();
    const id = await addPasskey(cookie, authenticator);
    const late = await call<Data>("/passkey/remove", { id }, { cookie, clock: at(Date.now() + 11 * MINUTE) });
    expect(late.body.data.error).toBe("REAUTH_REQUIRED");
    expect((await passkeySignIn(authenticator)).body.code).toBe(200);
    const later = at(Date.now() + 12 * MINUTE);
    await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie, clock: later });
    const removed = await call<Data>("/passkey/remove", { id }, { cookie, clock: later });
    expect(removed.body.code).toBe(200);
  });

  it("cannot remove or rename another person's passkey", async () => {
    const owner = await signedInPerson();
    const other = await signedInPerson();
    const authenticator = newAuthenticator();
    const id = await addPasskey(owner.cookie, authenticator);
    const removed = await call<Data>("/passkey/remove", { id }, { cookie: other.cookie });
    expect(removed.body.data.error).toBe("PASSKEY_NOT_FOUND");
    const renamed = await call<Data>("/passkey/rename", { id, name: "mine" }, { cookie: other.cookie });
    expect(renamed.body.data.error).toBe("PASSKEY_NOT_FOUND");
    expect((await passkeySignIn(authenticator)).body.code).toBe(200);
  });

  it("needs a session", async () => {
    const res = await call<Data>("/passkey/remove", { id: "x" });
    expect(res.status).toBe(401);
  });
});
