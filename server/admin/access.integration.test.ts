// Issue 24: who may call /2.0/admin/*. Only the portal's own browser session (the cookie) of a
// person with the admin scope whose sign-in proved the second factor (or used a passkey); the
// destructive calls also want a re-authentication within 15 minutes. Every refusal writes nothing.
import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as iframe } from "@/app/iframe/route";
import { env } from "@/lib/env";
import { newId, newToken, sha256 } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { sealSession } from "@/lib/session";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { outbox } from "@/server/db/tables/outbox";
import { sessions } from "@/server/db/tables/sessions";
import type { UserRow } from "@/server/db/tables/users";
import { users } from "@/server/db/tables/users";
import { registry } from "@/server/registry";
import { insertSession } from "@/server/session/repository";
import type { SecondFactorKind } from "@/server/session/service";
import { createOperator, reauthenticate, signedInOperator, signInWithTotp } from "@/tests/factories/operator";
import { openTestSession } from "@/tests/factories/session";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, ORIGIN } from "@/tests/setup/api";
import { addPasskey } from "@/tests/support/passkeys";
import { codeAt } from "@/tests/support/sign-in";
import { SoftAuthenticator } from "@/tests/support/soft-authenticator";
import { setAdminScope } from "./service";

const MINUTE = 60_000;
type Data = Record<string, unknown> & { error?: string; custom_auth?: string; redirect_url?: string };

/** What the calls act on: a person with a live session and two-factor on, and an outbox row. */
type Target = { person: UserRow; sessionId: string; outboxId: string };

async function newTarget(): Promise<Target> {
  const { user: person } = await createOperator({ scope: "user" });
  const db = await getDb();
  const token = await openTestSession(db, person, "luid");
  const [session] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  const outboxId = `evt_${newId()}`;
  await db.insert(outbox).values({
    id: outboxId,
    kind: "event",
    target: "ls",
    payload: { app: "ls", event: { id: outboxId } },
    attempts: 12,
  });
  return { person, sessionId: String(session?.id), outboxId };
}

/** Every /2.0/admin call with a valid body, and whether it destroys or moves money (re-authentication). */
type AdminCall = {
  destructive: boolean;
  body: (t: Target) => Record<string, unknown>;
  /**
   * The test file that proves this call's re-authentication rule with the data it needs (an
   * order, a transfer, an invoice, an affiliate…); here it is only checked for its refusals.
   */
  reauthIn?: string;
};
const NO_ORDER = "OD000000NOPE00";
const CALLS: Record<string, AdminCall> = {
  "/admin/people/search": { destructive: false, body: (t) => ({ q: t.person.email }) },
  "/admin/people/get": { destructive: false, body: (t) => ({ id: t.person.id }) },
  "/admin/people/sign-out": {
    destructive: false,
    body: (t) => ({ id: t.person.id, session_id: t.sessionId }),
  },
  "/admin/people/lock": { destructive: true, body: (t) => ({ id: t.person.id, reason: "Chargeback" }) },
  "/admin/people/unlock": { destructive: false, body: (t) => ({ id: t.person.id }) },
  "/admin/people/reset-2fa": { destructive: true, body: (t) => ({ id: t.person.id }) },
  "/admin/people/resend-verification": { destructive: false, body: (t) => ({ id: t.person.id }) },
  "/admin/people/adjust-balance": {
    destructive: true,
    body: (t) => ({ id: t.person.id, kind: "point", amount: 5, note: "Goodwill" }),
  },
  "/admin/outbox/list": { destructive: false, body: () => ({ status: "failed" }) },
  "/admin/outbox/retry": { destructive: false, body: (t) => ({ id: t.outboxId }) },
  "/admin/outbox/drop": { destructive: true, body: (t) => ({ id: t.outboxId }) },
  "/admin/audit/list": { destructive: false, body: () => ({}) },
  "/admin/people/balance-logs": { destructive: false, body: (t) => ({ id: t.person.id, kind: "point" }) },
  "/admin/people/export": { destructive: true, body: (t) => ({ id: t.person.id }) },
  "/admin/people/delete": { destructive: true, body: (t) => ({ id: t.person.id, note: "Support request" }) },
  "/admin/people/set-require-2fa": { destructive: false, body: (t) => ({ id: t.person.id, required: true }) },
  "/admin/clients/list": { destructive: false, body: () => ({}) },
  "/admin/orders/list": { destructive: false, body: (t) => ({ person: t.person.email }) },
  "/admin/orders/get": {
    destructive: false,
    body: () => ({ id: NO_ORDER }),
    reauthIn: "orders.integration.test.ts",
  },
  "/admin/orders/mark": {
    destructive: true,
    body: () => ({ id: NO_ORDER, status: "CANCEL", note: "Duplicate" }),
    reauthIn: "orders.integration.test.ts",
  },
  "/admin/orders/confirm-transfer": {
    destructive: true,
    body: () => ({ id: NO_ORDER, amount: 1000 }),
    reauthIn: "orders.integration.test.ts",
  },
  "/admin/payments/list": { destructive: false, body: () => ({}) },
  "/admin/payments/check-status": {
    destructive: false,
    body: () => ({ id: "nope" }),
    reauthIn: "payments.integration.test.ts",
  },
  "/admin/transfers/list": { destructive: false, body: () => ({ status: "unmatched" }) },
  "/admin/transfers/apply": {
    destructive: true,
    body: () => ({ id: "nope", reference: NO_ORDER }),
    reauthIn: "transfers.integration.test.ts",
  },
  "/admin/invoices/list": { destructive: false, body: () => ({}) },
  "/admin/invoices/preview": { destructive: false, body: () => ({ month: "2040-01" }) },
  "/admin/invoices/issue": { destructive: true, body: () => ({ month: "2040-01" }) },
  "/admin/invoices/pay": {
    destructive: true,
    body: () => ({ id: "nope", paid_at: "2026-11-01" }),
    reauthIn: "invoices.integration.test.ts",
  },
  "/admin/invoices/cancel": {
    destructive: true,
    body: () => ({ id: "nope", note: "Wrong month" }),
    reauthIn: "invoices.integration.test.ts",
  },
  "/admin/affiliates/list": { destructive: false, body: () => ({}) },
  "/admin/affiliates/set-level": {
    destructive: true,
    body: (t) => ({ id: t.person.id, level: 2 }),
    reauthIn: "affiliates.integration.test.ts",
  },
  "/admin/packages/list": { destructive: false, body: () => ({}) },
  "/admin/packages/export": { destructive: false, body: () => ({}) },
  "/admin/packages/preview": { destructive: false, body: () => ({ catalog: [] }) },
  "/admin/packages/import": {
    destructive: true,
    body: () => ({ catalog: [] }),
    reauthIn: "packages.integration.test.ts",
  },
};
/** The calls whose re-authentication rule this file proves itself. */
const HERE = Object.keys(CALLS).filter((p) => !CALLS[p]?.reauthIn);
const PATHS = Object.keys(CALLS);
/** Signing every session out is destructive; one session is not. */
const SIGN_OUT_ALL = { path: "/admin/people/sign-out", body: (t: Target) => ({ id: t.person.id }) };
/** No longer requiring two-factor weakens a sign-in (issue 37); requiring it does not. */
const REQUIRE_2FA_OFF = {
  path: "/admin/people/set-require-2fa",
  body: (t: Target) => ({ id: t.person.id, required: false }),
};

async function auditCount(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/** A browser session row of `user` as a sign-in would store it, and the sealed cookie that carries it. */
async function sessionCookie(
  user: UserRow,
  options: { appCode?: string; secondFactor?: SecondFactorKind | null; parentSessionId?: string } = {},
) {
  const token = newToken();
  const now = new Date();
  await insertSession(await getDb(), {
    id: newId(),
    userId: user.id,
    tokenHash: sha256(token),
    appCode: options.appCode ?? "luid",
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
    secondFactor: options.secondFactor ?? null,
    parentSessionId: options.parentSessionId ?? null,
  });
  const sealed = await sealSession({ token, userId: user.id, hasPhone: true }, env().SESSION_SECRET);
  return { token, cookie: `SSID=${sealed}; LANGUAGE=en` };
}

/** An admin's product token adopted by the browser through /iframe: a session that saw no second factor. */
async function adoptedAdminCookie(): Promise<string> {
  const { user } = await createOperator();
  const token = await openTestSession(await getDb(), user, "ls");
  const url = new URL(`${ORIGIN}/iframe`);
  url.searchParams.set("app_code", "ls");
  url.searchParams.set("token", token);
  const response = await iframe(
    new Request(url, {
      headers: {
        host: "portal.test",
        "sec-fetch-site": "same-origin",
        "sec-fetch-dest": "document",
        "user-agent": "vitest",
        "x-forwarded-for": "10.0.0.9",
      },
    }),
  );
  const ssid = response.headers.getSetCookie().find((c) => c.startsWith("SSID=") && !c.startsWith("SSID=;"));
  if (!ssid) throw new Error("the token was not adopted");
  // The adopted session is the admin's and works for the person's own calls.
  const cookie = `${ssid.split(";")[0]}; LANGUAGE=en`;
  expect((await call<Data>("/auth/userinfo", {}, { cookie })).body.data.email).toBe(user.email);
  return cookie;
}

let personCookie: string;
let adoptedCookie: string;

beforeAll(async () => {
  const plain = await createUser();
  const signedIn = await call("/auth/signin", { email: plain.email, password: PASSWORD }, { ip: "10.5.0.1" });
  personCookie = `${signedIn.cookie}; LANGUAGE=en`;
  adoptedCookie = await adoptedAdminCookie();
});

beforeEach(() => resetLimitsForTests());

describe("every /2.0/admin call is checked on the server", () => {
  it("this file names every registered admin call", () => {
    expect(
      Object.keys(registry)
        .filter((p) => p.startsWith("/admin/"))
        .sort(),
    ).toEqual([...PATHS].sort());
    for (const path of PATHS) expect(registry[path]?.auth).toBe("admin");
    // A call whose re-authentication rule another file proves: that file names it and the refusal.
    for (const [path, { reauthIn, destructive }] of Object.entries(CALLS)) {
      if (!reauthIn) continue;
      const source = readFileSync(new URL(reauthIn, import.meta.url), "utf8");
      expect(source, `${reauthIn} tests ${path}`).toContain(path);
      if (destructive) expect(source, `${reauthIn} tests REAUTH_REQUIRED`).toContain("REAUTH_REQUIRED");
    }
  });

  it.each(PATHS)(
    "%s refuses no session, a person without the scope, and an admin without the second factor",
    async (path) => {
      const t = await newTarget();
      const body = CALLS[path]?.body(t) ?? {};
      const before = await auditCount();

      const nobody = await call<Data>(path, body);
      expect([nobody.status, nobody.body.data.error]).toEqual([401, "UNAUTHORIZED"]);

      const person = await call<Data>(path, body, { cookie: personCookie });
      expect([person.status, person.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
      expect(person.body.message).toBe("This needs an operator account");

      const adopted = await call<Data>(path, body, { cookie: adoptedCookie });
      expect([adopted.status, adopted.body.data.error]).toEqual([403, "ADMIN_2FA_REQUIRED"]);

      expect(await auditCount()).toBe(before);
    },
  );

  it("takes the cookie only: a proved session's token in a header or the body is refused", async () => {
    const { user } = await createOperator();
    const { token, cookie } = await sessionCookie(user, { secondFactor: "totp" });
    expect((await call<Data>("/admin/audit/list", {}, { cookie })).body.code).toBe(200);
    const header = await call<Data>(
      "/admin/audit/list",
      {},
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(header.body.data.error).toBe("UNAUTHORIZED");
    const inBody = await call<Data>("/admin/audit/list", { token });
    expect(inBody.body.data.error).toBe("UNAUTHORIZED");
    // A cross-site post with the cookie is refused even when it also carries a bearer.
    const crossSite = await call<Data>(
      "/admin/audit/list",
      {},
      { cookie, headers: { origin: "https://evil.example", authorization: `Bearer ${token}` } },
    );
    expect(crossSite.body.data.error).toBe("FORBIDDEN_ORIGIN");
  });

  it.each([
    [
      "no second factor recorded (a session from before, or one a sign-in never asked)",
      { secondFactor: null },
    ],
    ["a browser trusted earlier", { secondFactor: "trusted_device" as const }],
    ["a product's token", { appCode: "ls", secondFactor: "totp" as const }],
    ["a session handed out from another", { secondFactor: "totp" as const, parentSessionId: "parent" }],
  ])("refuses an admin whose session has %s", async (_, options) => {
    const { user } = await createOperator();
    const { cookie } = await sessionCookie(user, options);
    const res = await call<Data>("/admin/people/search", {}, { cookie });
    expect([res.status, res.body.data.error]).toEqual([403, "ADMIN_2FA_REQUIRED"]);
  });

  it.each(["totp", "sms", "backup", "passkey"] as const)(
    "accepts an admin whose sign-in proved %s",
    async (kind) => {
      const { user } = await createOperator();
      const { cookie } = await sessionCookie(user, { secondFactor: kind });
      expect((await call<Data>("/admin/people/search", {}, { cookie })).body.code).toBe(200);
    },
  );

  it("an operator whose admin scope is removed is refused at once", async () => {
    const { user, cookie } = await signedInOperator();
    expect((await call<Data>("/admin/audit/list", {}, { cookie })).body.code).toBe(200);
    await setAdminScope(await getDb(), user.email, false);
    expect((await call<Data>("/admin/audit/list", {}, { cookie })).body.data.error).toBe("ADMIN_REQUIRED");
  });
});

describe("the sign-ins that open the console", () => {
  it("password and the authenticator's code: the session records it", async () => {
    const { cookie } = await signedInOperator();
    expect((await call<Data>("/admin/people/search", {}, { cookie })).body.code).toBe(200);
  });

  it("an admin is asked for the code at every sign-in, even on a browser they trusted", async () => {
    const { user, secret } = await createOperator();
    const ip = "10.6.0.1";
    const first = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD }, { ip });
    const trusted = await call<Data>(
      "/auth2-fa/verify-login",
      {
        custom_auth: first.body.data.custom_auth,
        token: await codeAt(secret, Date.now()),
        trust_device: true,
      },
      { ip },
    );
    expect(trusted.body.code).toBe(200);
    const trustCookie = trusted.setCookies.find((c) => c.startsWith("TRUSTED_DEVICE="))?.split(";")[0];
    expect(trustCookie).toBeTruthy();
    const again = await call<Data>(
      "/auth/signin",
      { email: user.email, password: PASSWORD },
      { ip, cookie: String(trustCookie) },
    );
    expect(again.body.data.custom_auth).toBeTruthy();
    expect(again.cookie).not.toMatch(/SSID=/);
  });

  it("a passkey sign-in opens it too", async () => {
    const { user, secret } = await createOperator();
    const cookie = await signInWithTotp(user, secret);
    await reauthenticate(cookie);
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    await addPasskey(cookie, authenticator, {}, "Key");

    const challenge = await call<Data>("/passkey/signin-options", {});
    const signedIn = await call<Data>("/passkey/signin", {
      response: authenticator.get(challenge.body.data),
    });
    expect(signedIn.body.code).toBe(200);
    const passkeyCookie = `${signedIn.cookie}; LANGUAGE=en`;
    expect((await call<Data>("/admin/people/search", {}, { cookie: passkeyCookie })).body.code).toBe(200);
  });

  it("a product's token adopted through /iframe does not", async () => {
    const res = await call<Data>("/admin/people/search", {}, { cookie: await adoptedAdminCookie() });
    expect(res.body.data.error).toBe("ADMIN_2FA_REQUIRED");
    expect(res.body.message).toBe(
      "To use the operator console, sign in again with your two-factor code or a passkey",
    );
  });
});

describe("destructive calls want a re-authentication within 15 minutes", () => {
  const destructive = [
    ...HERE.filter((p) => CALLS[p]?.destructive).map((p) => ({
      path: p,
      body: CALLS[p]?.body ?? (() => ({})),
    })),
    SIGN_OUT_ALL,
    REQUIRE_2FA_OFF,
  ];

  it.each(destructive)(
    "$path: refused without one and with one 16 minutes old, done with one 14 minutes old",
    async ({ path, body }) => {
      const { cookie } = await signedInOperator();
      const t = await newTarget();
      const before = await auditCount();
      const now = Date.now();

      const none = await call<Data>(path, body(t), { cookie });
      expect([none.status, none.body.data.error]).toEqual([403, "REAUTH_REQUIRED"]);
      await reauthenticate(cookie, now - 16 * MINUTE);
      const stale = await call<Data>(path, body(t), { cookie });
      expect(stale.body.data.error).toBe("REAUTH_REQUIRED");
      expect(await auditCount()).toBe(before);

      await reauthenticate(cookie, now - 14 * MINUTE);
      const done = await call<Data>(path, body(t), { cookie });
      expect(done.body.code, JSON.stringify(done.body)).toBe(200);
      expect(await auditCount()).toBe(before + 1);
    },
  );

  it.each(HERE.filter((p) => !CALLS[p]?.destructive))("%s needs no re-authentication", async (path) => {
    const { cookie } = await signedInOperator();
    const t = await newTarget();
    if (path === "/admin/people/unlock") {
      await reauthenticate(cookie);
      await call("/admin/people/lock", { id: t.person.id, reason: "Checking" }, { cookie });
      const fresh = await signedInOperator();
      const res = await call<Data>(path, CALLS[path]?.body(t), { cookie: fresh.cookie });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return;
    }
    if (path === "/admin/people/resend-verification") {
      const db = await getDb();
      await db.update(users).set({ isVerifyEmail: false }).where(eq(users.id, t.person.id));
    }
    const res = await call<Data>(path, CALLS[path]?.body(t), { cookie });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  });
});
