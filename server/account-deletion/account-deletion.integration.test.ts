// Delete my account through the /2.0 registry: the proofs it asks for, every session and product
// token ended at once, sign-in during the grace period offering to cancel, the operator's request.
// (The sweep after the grace period: sweep.integration.test.ts.)
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { setAffiliateStatus } from "@/server/admin/service";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import { securityEvents } from "@/server/db/tables/security-events";
import { sessions } from "@/server/db/tables/sessions";
import { trustedDevices } from "@/server/db/tables/two-factor";
import { users } from "@/server/db/tables/users";
import { insertTrustedDevice } from "@/server/two-factor/repository";
import { updateUser } from "@/server/user/repository";
import { configureProducts, productToken } from "@/tests/factories/commerce";
import { createUser, PASSWORD, randomPhone } from "@/tests/factories/user";
import { call, lastSmsCode, ORIGIN } from "@/tests/setup/api";
import { addPasskey } from "@/tests/support/passkeys";
import { codeAt, type FlowData } from "@/tests/support/sign-in";
import { SoftAuthenticator } from "@/tests/support/soft-authenticator";
import { requestDeletionByOperator } from "./service";

type Data = FlowData<{
  cancel_token?: string;
  deletion_due_at?: string;
  reauth_required?: boolean;
  two_fa?: string | null;
  grace_days?: number;
  losses?: Record<string, number>;
}>;

const DAY = 86_400_000;
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Two-factor on with the authenticator app (the secret stored as enabling it stores it). */
async function twoFactorOn(userId: string) {
  const secret = encryptSecret(TOTP_SECRET, env().DATA_ENCRYPTION_KEY);
  await updateUser(await getDb(), userId, {
    twoFaType: "TOTP",
    twoFaSecret: secret,
    twoFaEnabledAt: new Date(),
  });
}

beforeAll(() => configureProducts({ ls: "http://127.0.0.1:9/hook" }));
beforeEach(() => resetLimitsForTests());

async function signedInPerson(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const res = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
  expect(res.body.code).toBe(200);
  return { user, cookie: `${res.cookie}; LANGUAGE=en` };
}

async function reauth(cookie: string) {
  const res = await call("/user/reauthenticate", { password: PASSWORD }, { cookie });
  expect(res.body.code).toBe(200);
}

const userinfo = (token: string) =>
  call("/auth/userinfo", {}, { headers: { origin: "", authorization: `Bearer ${token}` } });

async function userRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no user");
  return row;
}

async function deleted(cookie: string, email: string) {
  await reauth(cookie);
  const res = await call<Data>(
    "/account-deletion/request",
    { confirm_email: email.toUpperCase() },
    { cookie },
  );
  expect(res.body.code).toBe(200);
  return res;
}

describe("/account-deletion/request", () => {
  it("asks for the password again and the email typed exactly", async () => {
    const { user, cookie } = await signedInPerson();
    const early = await call<Data>("/account-deletion/request", { confirm_email: user.email }, { cookie });
    expect(early.body.data.error).toBe("REAUTH_REQUIRED");
    await reauth(cookie);
    const wrong = await call<Data>(
      "/account-deletion/request",
      { confirm_email: "x@example.com" },
      { cookie },
    );
    expect(wrong.body.data.error).toBe("CONFIRM_EMAIL_MISMATCH");
    expect(wrong.body.data.fields?.confirm_email).toBeTruthy();
    expect((await userRow(user.id)).status).toBe("ACTIVE");
  });

  it("asks for the authenticator's code when two-factor is on", async () => {
    const { user, cookie } = await signedInPerson();
    await twoFactorOn(user.id);
    await reauth(cookie);
    const preview = await call<Data>("/account-deletion/preview", {}, { cookie });
    expect(preview.body.data).toMatchObject({ two_fa: "totp", reauth_required: false, grace_days: 14 });
    const none = await call<Data>("/account-deletion/request", { confirm_email: user.email }, { cookie });
    expect(none.body.data.error).toBe("TWO_FA_INVALID");
    const bad = await call<Data>(
      "/account-deletion/request",
      { confirm_email: user.email, code: "000000" },
      { cookie },
    );
    expect(bad.body.data.error).toBe("TWO_FA_INVALID");
    expect((await userRow(user.id)).status).toBe("ACTIVE");
    const code = await codeAt(TOTP_SECRET, Date.now());
    const ok = await call<Data>("/account-deletion/request", { confirm_email: user.email, code }, { cookie });
    expect(ok.body.code).toBe(200);
    expect((await userRow(user.id)).status).toBe("DELETION_PENDING");
  });

  it("with SMS two-factor, sends a code for the confirmation and takes it once", async () => {
    const phone = randomPhone();
    const { user, cookie } = await signedInPerson({ phone, isVerifyPhone: true });
    await updateUser(await getDb(), user.id, { twoFaType: "SMS", twoFaEnabledAt: new Date() });
    await reauth(cookie);
    const sent = await call<Data & { sms_token?: string }>("/account-deletion/send-code", {}, { cookie });
    expect(sent.body.code).toBe(200);
    const code = lastSmsCode(sent.body.data.sms_token ? phone : "");
    // A six-digit code without the step it was sent for is no proof.
    const alone = await call<Data>(
      "/account-deletion/request",
      { confirm_email: user.email, code },
      { cookie },
    );
    expect(alone.body.data.error).toBe("TWO_FA_INVALID");
    const ok = await call<Data>(
      "/account-deletion/request",
      { confirm_email: user.email, code, sms_token: sent.body.data.sms_token },
      { cookie },
    );
    expect(ok.body.code).toBe(200);
    expect((await userRow(user.id)).status).toBe("DELETION_PENDING");
  });

  it("ends every session and product token at once and suspends the account for the grace period", async () => {
    const { user, cookie } = await signedInPerson();
    const token = await productToken(user, "ls");
    expect((await userinfo(token)).body.code).toBe(200);
    await insertTrustedDevice(await getDb(), {
      id: newId(),
      userId: user.id,
      tokenHash: `trusted-${newId()}`,
      userAgent: "Firefox",
      ip: "10.1.2.3",
      expiresAt: new Date(Date.now() + DAY),
    });
    const before = Date.now();
    const res = await deleted(cookie, user.email);
    expect(res.setCookies.some((c) => /^SSID=;/.test(c) || /SSID=;|Max-Age=0/.test(c))).toBe(true);
    const due = new Date(String(res.body.data.deletion_due_at)).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(due).toBeLessThan(before + 14 * DAY + 60_000);

    expect((await userinfo(token)).body.code).toBe(401);
    expect((await call("/auth/userinfo", {}, { cookie })).body.code).toBe(401);
    const db = await getDb();
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    const trusted = await db
      .select()
      .from(trustedDevices)
      .where(and(eq(trustedDevices.userId, user.id), isNull(trustedDevices.revokedAt)));
    expect(trusted).toEqual([]);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ status: "DELETION_PENDING", email: user.email });
    expect(row.deletionDueAt?.getTime()).toBe(due);
    // The product hears its token ended, for this reason.
    const ended = (await db.select().from(outbox).where(eq(outbox.target, "ls"))).filter((r) => {
      const event = (r.payload as { event: { type: string; data: Record<string, unknown> } }).event;
      return event.type === "session.ended" && event.data.user_id === user.id;
    });
    expect(ended).toHaveLength(1);
    expect(
      (ended[0]?.payload as { event?: { data: { reason: string } } } | undefined)?.event?.data.reason,
    ).toBe("account_deleted");
  });

  it("tells an affiliate and a partner what they lose before they confirm", async () => {
    const { user, cookie } = await signedInPerson({ isPartner: true });
    const db = await getDb();
    await setAffiliateStatus(db, user.email, true);
    await adjustBalance(db, {
      userId: user.id,
      balance: "credit",
      amount: 250,
      type: "ADMIN_ADD",
      now: new Date(),
    });
    const preview = await call<Data>("/account-deletion/preview", {}, { cookie });
    expect(preview.body.code).toBe(200);
    expect(preview.body.data).toMatchObject({
      email: user.email,
      reauth_required: true,
      two_fa: null,
      losses: { credit: 250, unpaid_commissions: 0 },
    });
  });
});

describe("signing in during the grace period", () => {
  it("does not lift an operator's lock: the offer to cancel answers the lock and its reason", async () => {
    const user = await createUser();
    const db = await getDb();
    await db
      .update(users)
      .set({ status: "LOCKED", lockedReason: "Chargeback under review" })
      .where(eq(users.id, user.id));
    const ctx = { db, clock: () => new Date(), env: env(), ip: "operator", userAgent: "t" };
    await requestDeletionByOperator(ctx, { email: user.email, operator: "ops" });

    const right = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    expect(right.body.data.error).toBe("ACCOUNT_DELETION_PENDING");
    const cancelled = await call<Data>("/auth/cancel-deletion", {
      token: String(right.body.data.cancel_token),
    });
    expect(cancelled.body.data.error).toBe("ACCOUNT_LOCKED");
    expect(cancelled.body.data.locked_reason).toBe("Chargeback under review");
    expect(cancelled.cookie).not.toMatch(/SSID=/);
    expect(await userRow(user.id)).toMatchObject({
      status: "DELETION_PENDING",
      lockedReason: "Chargeback under review",
    });
  });

  it("answers a wrong password as any wrong password, and a right one with the offer to cancel", async () => {
    const { user, cookie } = await signedInPerson();
    await deleted(cookie, user.email);

    const wrong = await call<Data>("/auth/signin", { email: user.email, password: "Wrong#1234" });
    expect(wrong.body.data.error).toBe("AUTH_INVALID_CREDENTIALS");
    expect(wrong.body.data.cancel_token).toBeUndefined();
    expect(JSON.stringify(wrong.body)).not.toMatch(/delet/i);

    const right = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    expect(right.body.data.error).toBe("ACCOUNT_DELETION_PENDING");
    expect(right.cookie).not.toMatch(/SSID=/);
    expect(right.body.data.deletion_due_at).toBe((await userRow(user.id)).deletionDueAt?.toISOString());
    const token = String(right.body.data.cancel_token);

    const cancelled = await call<Data>("/auth/cancel-deletion", { token });
    expect(cancelled.body.code).toBe(200);
    expect(cancelled.cookie).toMatch(/SSID=/);
    expect((await call("/auth/userinfo", {}, { cookie: cancelled.cookie })).body.code).toBe(200);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ status: "ACTIVE", deletionDueAt: null, deletionRequestedAt: null });

    // The step is good once; the next sign-in is an ordinary one.
    expect((await call<Data>("/auth/cancel-deletion", { token })).body.data.error).toBe("FLOW_TOKEN_INVALID");
    expect((await call<Data>("/auth/signin", { email: user.email, password: PASSWORD })).body.code).toBe(200);
    const db = await getDb();
    const types = (await db.select().from(securityEvents).where(eq(securityEvents.userId, user.id))).map(
      (e) => e.type,
    );
    expect(types).toEqual(
      expect.arrayContaining(["account_deletion_requested", "account_deletion_cancelled"]),
    );
  });

  it("still asks for the second factor after cancelling when two-factor is on", async () => {
    const { user, cookie } = await signedInPerson();
    await twoFactorOn(user.id);
    await reauth(cookie);
    const code = await codeAt(TOTP_SECRET, Date.now());
    expect(
      (await call("/account-deletion/request", { confirm_email: user.email, code }, { cookie })).body.code,
    ).toBe(200);
    const right = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    const cancelled = await call<Data>("/auth/cancel-deletion", {
      token: String(right.body.data.cancel_token),
    });
    expect(cancelled.body.code).toBe(200);
    expect(cancelled.body.data.custom_auth).toBeTruthy();
    expect(cancelled.cookie).not.toMatch(/SSID=/);
  });
});

describe("a sign-in step started before the deletion", () => {
  it("cannot finish into a session afterwards", async () => {
    const user = await createUser();
    await twoFactorOn(user.id);
    const first = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    expect(first.body.data.custom_auth).toBeTruthy();
    const ctx = { db: await getDb(), clock: () => new Date(), env: env(), ip: "operator", userAgent: "t" };
    await requestDeletionByOperator(ctx, { email: user.email, operator: "ops" });
    const code = await codeAt(TOTP_SECRET, Date.now());
    const second = await call<Data>("/auth2-fa/verify-login", {
      custom_auth: first.body.data.custom_auth,
      token: code,
    });
    expect(second.body.data.error).toBe("ACCOUNT_DELETION_PENDING");
    expect(second.cookie).not.toMatch(/SSID=/);
  });
});

describe("a passkey sign-in during the grace period", () => {
  it("is refused with the offer to cancel, which then signs in without a second factor", async () => {
    const { user, cookie } = await signedInPerson();
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    await reauth(cookie);
    await addPasskey(cookie, authenticator, {}, "Phone");
    await twoFactorOn(user.id);
    const code = await codeAt(TOTP_SECRET, Date.now());
    expect(
      (await call("/account-deletion/request", { confirm_email: user.email, code }, { cookie })).body.code,
    ).toBe(200);

    const signInOptions = await call<Data>("/passkey/signin-options", {});
    const refused = await call<Data>("/passkey/signin", {
      response: authenticator.get(signInOptions.body.data),
    });
    expect(refused.body.data.error).toBe("ACCOUNT_DELETION_PENDING");
    expect(refused.cookie).not.toMatch(/SSID=/);
    const cancelled = await call<Data>("/auth/cancel-deletion", {
      token: String(refused.body.data.cancel_token),
    });
    expect(cancelled.body.code).toBe(200);
    expect(cancelled.cookie).toMatch(/SSID=/);
  });
});

describe("the operator's deletion", () => {
  it("suspends the account and writes who did it", async () => {
    const { user, cookie } = await signedInPerson();
    const db = await getDb();
    const ctx = { db, clock: () => new Date(), env: env(), ip: "operator", userAgent: "t" };
    const out = await requestDeletionByOperator(ctx, { email: user.email, operator: "support-linh" });
    expect(out.user_id).toBe(user.id);
    expect((await call("/auth/userinfo", {}, { cookie })).body.code).toBe(401);
    const [event] = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.type, "account_deletion_requested")));
    expect(event?.data).toMatchObject({ operator: "support-linh" });
    await expect(requestDeletionByOperator(ctx, { email: user.email, operator: "x" })).rejects.toMatchObject({
      code: "ACCOUNT_DELETION_PENDING",
    });
  });
});
