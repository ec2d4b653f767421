// "Confirm it's you" through the /2.0 registry: with a passkey (a software authenticator that
// signs for real) and, for an account without a password, with a code sent to its email. Each
// proof lasts 10 minutes for the one browser session, and only the person's own proof counts.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { securityEvents } from "@/server/db/tables/security-events";
import { users } from "@/server/db/tables/users";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, lastCode, ORIGIN } from "@/tests/setup/api";
import { addPasskey } from "@/tests/support/passkeys";
import { at, type FlowData } from "@/tests/support/sign-in";
import { SoftAuthenticator } from "@/tests/support/soft-authenticator";

type Data = FlowData<{
  required?: boolean;
  password?: boolean;
  passkey?: boolean;
  email_code?: boolean;
  email?: string;
  token?: string;
  to?: string;
  reauth_until?: string;
  reauth_required?: boolean;
}>;

const MINUTE = 60_000;

async function signedInPerson() {
  const user = await createUser();
  const res = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
  expect(res.body.code).toBe(200);
  return { user, cookie: res.cookie };
}

/** A signed-in person with a passkey on `authenticator` (added after the password, then forgotten). */
async function personWithPasskey(authenticator: SoftAuthenticator) {
  const person = await signedInPerson();
  const t0 = Date.now() - 20 * MINUTE;
  const { cookie } = person;
  await addPasskey(cookie, authenticator, { clock: at(t0) }, "Phone");
  return person;
}

/** The person has no password, as after a sign-up with Google or Facebook. */
async function dropPassword(userId: string) {
  const db = await getDb();
  await db.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
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

describe("the proofs on offer", () => {
  it("offers the password, and the passkey once the person has one; never the email code", async () => {
    const { cookie } = await signedInPerson();
    const plain = await call<Data>("/user/reauth-methods", {}, { cookie });
    expect(plain.body.data).toMatchObject({
      required: true,
      password: true,
      passkey: false,
      email_code: false,
    });
    const withKey = await personWithPasskey(newAuthenticator());
    const methods = await call<Data>("/user/reauth-methods", {}, { cookie: withKey.cookie });
    expect(methods.body.data).toMatchObject({
      required: true,
      password: true,
      passkey: true,
      email_code: false,
    });
    const sent = await call<Data>("/user/reauth-send-code", {}, { cookie });
    expect(sent.body.data.error).toBe("REAUTH_USE_PASSWORD");
  });

  it("offers the email code, masked, to an account without a password", async () => {
    const { user, cookie } = await signedInPerson();
    await dropPassword(user.id);
    const res = await call<Data>("/user/reauth-methods", {}, { cookie });
    expect(res.body.data).toMatchObject({
      required: true,
      password: false,
      passkey: false,
      email_code: true,
    });
    expect(res.body.data.email).not.toBe(user.email);
    expect(res.body.data.email).toContain("@example.com");
  });
});

describe("confirming with a passkey", () => {
  it("proves the person for 10 minutes, in this session only", async () => {
    const authenticator = newAuthenticator();
    const { user, cookie } = await personWithPasskey(authenticator);
    const other = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    const t0 = Date.now();
    const opts = await call<Data>("/passkey/reauth-options", {}, { cookie, clock: at(t0) });
    expect(opts.body.code).toBe(200);
    // The options name the person's own passkey, so the browser offers that one.
    expect(JSON.stringify(opts.body.data)).toContain('"allowCredentials"');
    const response = authenticator.get(opts.body.data);
    const ok = await call<Data>("/passkey/reauthenticate", { response }, { cookie, clock: at(t0) });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.reauth_until).toBe(new Date(t0 + 10 * MINUTE).toISOString());
    const proofs = (await eventsOf(user.id, "reauthenticated")).map((e) => e.data.method);
    expect(proofs.sort()).toEqual(["passkey", "password"]);

    const list = await call<Data>("/passkey/list", {}, { cookie, clock: at(t0 + MINUTE) });
    expect(list.body.data.reauth_required).toBe(false);
    const elsewhere = await call<Data>("/passkey/list", {}, { cookie: other.cookie, clock: at(t0 + MINUTE) });
    expect(elsewhere.body.data.reauth_required).toBe(true);
    const late = await call<Data>("/passkey/list", {}, { cookie, clock: at(t0 + 11 * MINUTE) });
    expect(late.body.data.reauth_required).toBe(true);
  });

  it("refuses another person's passkey, a sign-in challenge and a replayed answer", async () => {
    const mine = newAuthenticator();
    const theirs = newAuthenticator();
    const me = await personWithPasskey(mine);
    await personWithPasskey(theirs);

    const opts = await call<Data>("/passkey/reauth-options", {}, { cookie: me.cookie });
    const foreign = await call<Data>(
      "/passkey/reauthenticate",
      { response: theirs.get(opts.body.data) },
      { cookie: me.cookie },
    );
    expect(foreign.body.data.error).toBe("PASSKEY_INVALID");
    expect(await eventsOf(me.user.id, "reauth_failed")).toHaveLength(1);

    // A challenge handed out for a sign-in does not serve a re-authentication.
    const signin = await call<Data>("/passkey/signin-options", {});
    const wrongPurpose = await call<Data>(
      "/passkey/reauthenticate",
      { response: mine.get(signin.body.data) },
      { cookie: me.cookie },
    );
    expect(wrongPurpose.body.data.error).toBe("PASSKEY_CHALLENGE_INVALID");

    const fresh = await call<Data>("/passkey/reauth-options", {}, { cookie: me.cookie });
    const response = mine.get(fresh.body.data);
    expect((await call<Data>("/passkey/reauthenticate", { response }, { cookie: me.cookie })).body.code).toBe(
      200,
    );
    const replay = await call<Data>("/passkey/reauthenticate", { response }, { cookie: me.cookie });
    expect(replay.body.data.error).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  it("refuses another person's re-authentication challenge", async () => {
    const mine = newAuthenticator();
    const me = await personWithPasskey(mine);
    const them = await personWithPasskey(newAuthenticator());
    const theirOptions = await call<Data>("/passkey/reauth-options", {}, { cookie: them.cookie });
    const res = await call<Data>(
      "/passkey/reauthenticate",
      { response: mine.get(theirOptions.body.data) },
      { cookie: me.cookie },
    );
    expect(res.body.data.error).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  it("has nothing to offer a person without passkeys", async () => {
    const { cookie } = await signedInPerson();
    const res = await call<Data>("/passkey/reauth-options", {}, { cookie });
    expect(res.body.data.error).toBe("PASSKEY_NOT_FOUND");
  });
});

describe("confirming with an emailed code (no password)", () => {
  it("lets a social-only account add a passkey and reach the deletion step", async () => {
    const { user, cookie } = await signedInPerson();
    await dropPassword(user.id);
    const refused = await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie });
    expect(refused.body.data.error).toBe("PASSWORD_INCORRECT");

    const sent = await call<Data>("/user/reauth-send-code", {}, { cookie });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data.exp_time).toBe(300);
    const token = String(sent.body.data.token);
    const wrong = await call<Data>("/user/reauthenticate-code", { token, code: "000000" }, { cookie });
    expect(wrong.body.data.error).toBe("OTP_INVALID");
    const ok = await call<Data>(
      "/user/reauthenticate-code",
      { token, code: lastCode(user.email) },
      { cookie },
    );
    expect(ok.body.code).toBe(200);
    expect((await eventsOf(user.id, "reauthenticated")).map((e) => e.data.method)).toEqual(["email_code"]);

    const opts = await call<Data>("/passkey/registration-options", {}, { cookie });
    expect(opts.body.code).toBe(200);
    const preview = await call<Data>("/account-deletion/preview", {}, { cookie });
    expect(preview.body.data.reauth_required).toBe(false);
    // The code is spent.
    const again = await call<Data>(
      "/user/reauthenticate-code",
      { token, code: lastCode(user.email) },
      { cookie },
    );
    expect(again.body.code).not.toBe(200);
  });

  it("does not accept another person's step", async () => {
    const a = await signedInPerson();
    const b = await signedInPerson();
    await dropPassword(a.user.id);
    await dropPassword(b.user.id);
    const sent = await call<Data>("/user/reauth-send-code", {}, { cookie: a.cookie });
    const res = await call<Data>(
      "/user/reauthenticate-code",
      { token: String(sent.body.data.token), code: lastCode(a.user.email) },
      { cookie: b.cookie },
    );
    expect(res.body.data.error).toBe("FLOW_TOKEN_INVALID");
    const methods = await call<Data>("/user/reauth-methods", {}, { cookie: b.cookie });
    expect(methods.body.data.required).toBe(true);
  });
});
