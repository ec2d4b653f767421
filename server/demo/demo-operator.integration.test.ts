// Issue 24: the demo seed's operator account opens the console with the password and the
// authenticator secret printed at start-up (kept in DATA_DIR, the same on every start).
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { getDb } from "@/server/db/client";
import { call } from "@/tests/setup/api";
import { codeAt } from "@/tests/support/sign-in";
import { DEMO_OPERATOR_EMAIL, ensureDemoOperator } from "./demo";

describe("demo operator", () => {
  it("is made once, an admin with TOTP on, and its printed secret signs it into the console", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "demo-operator-"));
    const db = await getDb();
    const first = await ensureDemoOperator(db, dir, env().DATA_ENCRYPTION_KEY);
    const second = await ensureDemoOperator(db, dir, env().DATA_ENCRYPTION_KEY);
    expect(second).toEqual(first);
    expect(first.email).toBe(DEMO_OPERATOR_EMAIL);
    const file = path.join(dir, "demo-operator.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      email: DEMO_OPERATOR_EMAIL,
      password: first.password,
      totp_secret: first.totpSecret,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const step = await call<{ custom_auth?: string; redirect_url?: string }>(
      "/auth/signin",
      { email: first.email, password: first.password },
      { ip: "10.8.0.1" },
    );
    expect(step.body.data.redirect_url).toMatch(/^\/verify-2fa\?/);
    const signedIn = await call(
      "/auth2-fa/verify-login",
      { custom_auth: step.body.data.custom_auth, token: await codeAt(first.totpSecret, Date.now()) },
      { ip: "10.8.0.1" },
    );
    expect(signedIn.body.code).toBe(200);
    const me = await call<{ scope: string }>("/auth/userinfo", {}, { cookie: signedIn.cookie });
    expect(me.body.data.scope).toBe("admin");
    const search = await call("/admin/people/search", { q: "demo" }, { cookie: signedIn.cookie });
    expect(search.body.code).toBe(200);
  });
});
