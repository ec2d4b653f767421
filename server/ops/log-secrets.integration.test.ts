// Operations finding 4: nothing secret reaches the log at any level. A person's whole path (sign-up,
// verify, two-factor, reset, data export) runs through the /2.0 registry and the export route with
// the logger at `trace` writing into memory; every secret the test sees on the way is then looked
// for in what the log says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/(account)/account/profile/export/route";
import { captureLogsForTests, logger } from "@/lib/logger";
import { getDb } from "@/server/db/client";
import { runOutboxOnce } from "@/server/outbox/worker";
import { configureProducts } from "@/tests/factories/commerce";
import { call, lastCode, outbox } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";
import { setUpEnv } from "@/tests/support/env";
import { at, codeAt } from "@/tests/support/sign-in";

type Data = Record<string, unknown>;

// Every export is mailed as a link (the link's token is one more secret to look for).
setUpEnv({ DATA_EXPORT_INLINE_MAX_ROWS: "0" });

const lines: string[] = [];
const level = logger.level;

beforeAll(() => {
  configureProducts();
  logger.level = "trace";
  captureLogsForTests({ write: (line) => lines.push(line) });
});

afterAll(() => {
  captureLogsForTests(undefined);
  logger.level = level;
});

/** The value of the cookie `name` in a Cookie header. */
function cookieValue(cookie: string, name: string): string {
  const found = cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.slice(name.length + 1);
}

/** The token of the newest link mailed to `to` whose path is `pathname`. */
function mailedToken(to: string, pathname: string): string {
  const mail = outbox()
    .filter((m) => m.to === to && String(m.params.link ?? "").includes(pathname))
    .at(-1);
  const token = new URL(String(mail?.params.link)).searchParams.get("token");
  if (!token) throw new Error(`no ${pathname} link mailed to ${to}`);
  return token;
}

describe("the log during a person's whole path (operations finding 4)", () => {
  it("holds no code, link token, cookie, password or TOTP secret, and masks the email", async () => {
    const secrets: string[] = [];
    const keep = (...values: unknown[]) => {
      for (const value of values) {
        expect(
          typeof value === "string" && value.length >= 6,
          `a secret was not found: ${String(value)}`,
        ).toBe(true);
        secrets.push(String(value));
      }
    };

    // Sign-up and the emailed code.
    const { body, response } = await signUp();
    const email = String(body.email);
    const password = String(body.password);
    const signupToken = String((response.body.data as Data).token);
    const signupCode = lastCode(email);
    keep(password, signupToken, signupCode);
    const verified = await call("/auth/verify-account", { token: signupToken, code: signupCode });
    expect(verified.body.code).toBe(200);
    keep(cookieValue(verified.cookie, "SSID"));

    // Two-factor by authenticator, then a sign-in through it.
    const setup = await call<Data>("/auth2-fa/generate-setup-url", {}, { cookie: verified.cookie });
    const secret = String(setup.body.data.secret);
    const t0 = Date.now();
    const enableCode = await codeAt(secret, t0);
    const enabled = await call<Data>(
      "/auth2-fa/enable-2fa",
      { method: "totp", token: enableCode },
      { cookie: verified.cookie, clock: at(t0) },
    );
    expect(enabled.body.code).toBe(200);
    keep(secret, enableCode, ...((enabled.body.data.backup_codes as string[] | undefined) ?? []));
    const t1 = t0 + 30_000;
    const first = await call<Data>("/auth/signin", { email, password }, { clock: at(t1) });
    const customAuth = String(first.body.data.custom_auth);
    const loginCode = await codeAt(secret, t1);
    const second = await call<Data>(
      "/auth2-fa/verify-login",
      { custom_auth: customAuth, token: loginCode },
      { clock: at(t1) },
    );
    expect(second.body.code).toBe(200);
    keep(customAuth, loginCode, cookieValue(second.cookie, "SSID"));

    // A wrong password and a wrong code are logged as refusals, never as what was typed.
    const wrongPassword = "Wrong#Pass-9182";
    await call("/auth/signin", { email, password: wrongPassword });
    keep(wrongPassword);

    // Password reset by the mailed link.
    expect((await call("/user/forgotten-pass", { email })).body.code).toBe(200);
    const resetToken = mailedToken(email, "/resetpass");
    const newPassword = "Fresh#Pass-2024";
    const reset = await call("/user/reset-password", {
      token: resetToken,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(reset.body.code).toBe(200);
    keep(resetToken, newPassword);

    // The data export, mailed as a link by the outbox worker, and downloaded by it.
    const t2 = t1 + 60_000;
    const signedIn = await call<Data>("/auth/signin", { email, password: newPassword }, { clock: at(t2) });
    const verify = await call<Data>(
      "/auth2-fa/verify-login",
      { custom_auth: String(signedIn.body.data.custom_auth), token: await codeAt(secret, t2) },
      { clock: at(t2) },
    );
    const cookie = `${verify.cookie}; LANGUAGE=en`;
    keep(String(signedIn.body.data.custom_auth), cookieValue(verify.cookie, "SSID"));
    const exportRequest = (query = "") =>
      exportRoute(
        new Request(`http://portal.test/account/profile/export${query}`, {
          headers: { cookie, "user-agent": "vitest" },
        }),
      );
    expect((await exportRequest()).status).toBe(202);
    await runOutboxOnce(await getDb(), new Date());
    const exportToken = mailedToken(email, "/account/profile/export");
    expect((await exportRequest(`?token=${encodeURIComponent(exportToken)}`)).status).toBe(200);
    keep(exportToken);

    const log = lines.join("");
    // The log did hear the path: one line per message written to the outbox, naming its request.
    const written = lines.map((line) => JSON.parse(line) as Data).filter((l) => typeof l.outbox === "string");
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.filter((l) => typeof l.requestId === "string").length).toBeGreaterThanOrEqual(2);
    for (const value of secrets) expect(log, `the log holds a secret: ${value}`).not.toContain(value);
    expect(log).not.toContain(email);
    expect(log).toContain(email.replace(/^(.).*(.)@/, "$1***$2@"));
  });
});
