// "Set a password" (issue 40): an account without one (a social sign-up, or one that signs in with
// codes) sets a first password after proving itself again by an emailed code; no current password.
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, outbox } from "@/tests/setup/api";

type Data = Record<string, unknown> & { error?: string; token?: string; fields?: Record<string, string> };
const NEW = "Velvet-Otter-Lantern-47";
const lastCodeTo = (to: string) =>
  String(
    outbox()
      .filter((m) => m.to === to)
      .at(-1)?.params.code,
  );

/** A session for `email` through sign-in with a code (the way in of an account without a password). */
async function signInByCode(email: string, ip = "10.0.0.1"): Promise<string> {
  // The captcha-free start is one per address: each sign-in comes from an address of its own.
  const started = await call<Data>("/auth/code-signin", { identifier: email }, { ip });
  const done = await call<Data>(
    "/auth/code-signin-verify",
    { token: started.body.data.token, code: lastCodeTo(email) },
    { cookie: started.cookie },
  );
  expect(done.status).toBe(200);
  return done.cookie;
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("/user/set-password", () => {
  it("asks a passwordless account to prove itself first, then sets the password it signs in with", async () => {
    const user = await createUser({ passwordHash: null });
    const cookie = await signInByCode(user.email);
    const set = () =>
      call<Data>("/user/set-password", { new_password: NEW, confirm_password: NEW, lang: "en" }, { cookie });

    const refused = await set();
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe("REAUTH_REQUIRED");

    const methods = await call<Data>("/user/reauth-methods", {}, { cookie });
    expect(methods.body.data).toMatchObject({ password: false, email_code: true });
    const sent = await call<Data>("/user/reauth-send-code", {}, { cookie });
    expect(sent.status).toBe(200);
    const proved = await call<Data>(
      "/user/reauthenticate-code",
      { token: sent.body.data.token, code: lastCodeTo(user.email) },
      { cookie },
    );
    expect(proved.status).toBe(200);

    const mismatch = await call<Data>(
      "/user/set-password",
      { new_password: NEW, confirm_password: `${NEW}x` },
      { cookie },
    );
    expect(mismatch.body.data.fields?.confirm_password).toBeTruthy();

    const ok = await set();
    expect(ok.status).toBe(200);
    expect(ok.body.message).toContain("password is set");
    expect((await call<Data>("/user/reauth-methods", {}, { cookie })).body.data.password).toBe(true);
    // The session stays signed in, and the new password signs in.
    expect((await call<Data>("/auth/userinfo", {}, { cookie })).status).toBe(200);
    expect((await call<Data>("/auth/signin", { email: user.email, password: NEW })).status).toBe(200);
    // Codes still sign the person in.
    await signInByCode(user.email, "10.0.0.2");
  });

  it("refuses an account that has a password (it changes it instead)", async () => {
    const user = await createUser();
    const signedIn = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    const cookie = signedIn.cookie;
    expect((await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie })).status).toBe(200);
    const res = await call<Data>(
      "/user/set-password",
      { new_password: NEW, confirm_password: NEW },
      { cookie },
    );
    expect(res.status).toBe(409);
    expect(res.body.data.error).toBe("PASSWORD_ALREADY_SET");
    expect((await call<Data>("/auth/signin", { email: user.email, password: PASSWORD })).status).toBe(200);
  });
});
