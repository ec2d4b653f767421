// /auth/flow-status: the pages of a mailed or handed-on link ask it before they show a form.
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, outbox } from "@/tests/setup/api";
import { setUpEnv } from "@/tests/support/env";

type Data = Record<string, unknown> & { error?: string; fields?: Record<string, string>; token?: string };

const NEW_PASSWORD = "Fresh kettle parade 2024";
const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);
const status = (token: string, purpose: string, clock?: () => Date) =>
  call<Data>("/auth/flow-status", { token, purpose }, { clock });

async function resetToken(email: string): Promise<string> {
  expect((await call("/user/forgotten-pass", { email })).body.code).toBe(200);
  const link = new URL(
    String(
      outbox()
        .filter((m) => m.to === email)
        .at(-1)?.params.link,
    ),
  );
  return String(link.searchParams.get("token"));
}

setUpEnv({ DEVICE_LIMIT: "1" });

beforeEach(() => {
  resetLimitsForTests();
});

describe("/auth/flow-status", () => {
  it("reads a live reset link valid, and answers nothing but that", async () => {
    const user = await createUser();
    const token = await resetToken(user.email);
    const res = await status(token, "reset_password");
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ valid: true });
    // No session, no cookie, no personal data for anyone who holds a link.
    expect(res.setCookies).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain(user.email);
  });

  it("reads a reset link invalid once it is used, once it expires, and for another purpose", async () => {
    const user = await createUser();
    const token = await resetToken(user.email);
    expect((await status(token, "device_limit")).body.data).toEqual({ valid: false });
    expect((await status(token, "reset_password", later(31 * 60))).body.data).toEqual({ valid: false });
    expect((await status(token, "reset_password")).body.data).toEqual({ valid: true });

    const reset = await call("/user/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.body.code).toBe(200);
    expect((await status(token, "reset_password")).body.data).toEqual({ valid: false });
  });

  it("reads an unknown token invalid with the same answer shape", async () => {
    const res = await status("no-such-token-0123456789", "verify_2fa");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ valid: false });
  });

  it("follows a device-limit step until the sign-in completes", async () => {
    const user = await createUser();
    const first = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    expect(first.body.code).toBe(200);
    const second = await call<Data>(
      "/auth/signin",
      { email: user.email, password: PASSWORD },
      { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" } },
    );
    expect(second.body.code).toBe(503);
    const token = String(second.body.data.token);
    expect((await status(token, "device_limit")).body.data).toEqual({ valid: true });

    const devices = await call<{ devices: { id: string }[] }>("/auth/device-limit-devices", { token });
    const ids = devices.body.data.devices.map((d) => d.id);
    const resolved = await call("/auth/device-limit-resolve", { token, session_ids: ids });
    expect(resolved.body.code).toBe(200);
    expect((await status(token, "device_limit")).body.data).toEqual({ valid: false });
  });

  it("refuses a missing token or a purpose it does not know", async () => {
    const missing = await call<Data>("/auth/flow-status", { purpose: "reset_password" });
    expect(missing.status).toBe(400);
    expect(missing.body.data.error).toBe("VALIDATION");
    const unknown = await call<Data>("/auth/flow-status", { token: "abc", purpose: "oauth_state" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields?.purpose).toBeTruthy();
  });
});
