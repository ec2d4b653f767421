import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { referrals } from "@/server/db/tables/referrals";
import { users } from "@/server/db/tables/users";
import { solvedCaptcha } from "@/tests/factories/captcha";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { signUp, signUpBody } from "@/tests/setup/signup";

type Data = Record<string, unknown> & { error?: string };

/** Signs up with a solved captcha, sending `cookie` as the browser would after /cookie. */
async function signUpWithCookie(cookie: string, overrides: Record<string, unknown> = {}) {
  const body = signUpBody({ token: await solvedCaptcha(), ...overrides });
  const response = await call("/auth/signup", body, {
    cookie,
    ip: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(response.body.code).toBe(200);
  return { body, response };
}

async function userRow(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function referralRowsOf(referredId: string) {
  const db = await getDb();
  return db.select().from(referrals).where(eq(referrals.referredId, referredId));
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("referral capture at sign-up", () => {
  it("records the referrer named by the body's referral_id", async () => {
    const referrer = await createUser();
    const { body, response } = await signUp({ referral_id: referrer.code });
    expect(response.body.code).toBe(200);
    const referred = await userRow(String(body.email));
    expect(referred.referralId).toBe(referrer.code);
    const rows = await referralRowsOf(referred.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.referrerId).toBe(referrer.id);
    expect(rows[0]?.referredId).toBe(referred.id);
    expect(rows[0]?.verifyReward).toBeNull();
    expect(rows[0]?.purchasedReward).toBeNull();
    // The new account gets its own, different code.
    expect(referred.code).toBeTruthy();
    expect(referred.code).not.toBe(referrer.code);
  });

  it("matches the code case-insensitively", async () => {
    const referrer = await createUser();
    const { body } = await signUp({ referral_id: referrer.code.toUpperCase() });
    const referred = await userRow(String(body.email));
    const rows = await referralRowsOf(referred.id);
    expect(rows.map((r) => r.referrerId)).toEqual([referrer.id]);
  });

  it("records the referrer from the REFERRAL_ID cookie alone", async () => {
    const referrer = await createUser();
    const { body } = await signUpWithCookie(`REFERRAL_ID=${referrer.code}`);
    const referred = await userRow(String(body.email));
    expect(referred.referralId).toBe(referrer.code);
    const rows = await referralRowsOf(referred.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.referrerId).toBe(referrer.id);
  });

  it("records the referrer from the AFFILATE_CODE cookie alone and stores the code", async () => {
    const referrer = await createUser();
    const { body } = await signUpWithCookie(`AFFILATE_CODE=${referrer.code}`);
    const referred = await userRow(String(body.email));
    expect(referred.affilateCode).toBe(referrer.code);
    expect(referred.referralId).toBeNull();
    const rows = await referralRowsOf(referred.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.referrerId).toBe(referrer.id);
  });

  it("stores affilate_code and ladiflow_ref from the cookies on the users row", async () => {
    const referrer = await createUser();
    const { body } = await signUpWithCookie(`AFFILATE_CODE=${referrer.code}; LADIFLOW_REF=flow1`);
    const referred = await userRow(String(body.email));
    expect(referred.affilateCode).toBe(referrer.code);
    expect(referred.ladiflowRef).toBe("flow1");
    expect((await referralRowsOf(referred.id))[0]?.referrerId).toBe(referrer.id);

    const flowOnly = await signUpWithCookie("LADIFLOW_REF=flow2");
    const row = await userRow(String(flowOnly.body.email));
    expect(row.ladiflowRef).toBe("flow2");
    expect(row.affilateCode).toBeNull();
    expect(await referralRowsOf(row.id)).toHaveLength(0);
  });

  it("prefers the body's fields over the cookies", async () => {
    const fromBody = await createUser();
    const fromCookie = await createUser();
    const { body } = await signUpWithCookie(`REFERRAL_ID=${fromCookie.code}; LADIFLOW_REF=cookie-flow`, {
      referral_id: fromBody.code,
      ladiflow_ref: "body-flow",
    });
    const referred = await userRow(String(body.email));
    expect(referred.referralId).toBe(fromBody.code);
    expect(referred.ladiflowRef).toBe("body-flow");
    const rows = await referralRowsOf(referred.id);
    expect(rows.map((r) => r.referrerId)).toEqual([fromBody.id]);
  });

  it("falls back to the affiliate code when the referral code is unknown", async () => {
    const affiliate = await createUser();
    const { body } = await signUp({ referral_id: "no-such-code", affilate_code: affiliate.code });
    const referred = await userRow(String(body.email));
    const rows = await referralRowsOf(referred.id);
    expect(rows.map((r) => r.referrerId)).toEqual([affiliate.id]);
  });

  it("records nothing for an unknown code, in the body or in a cookie", async () => {
    const viaBody = await signUp({ referral_id: "unknown-code-1" });
    expect(viaBody.response.body.code).toBe(200);
    const a = await userRow(String(viaBody.body.email));
    expect(await referralRowsOf(a.id)).toHaveLength(0);

    const viaCookie = await signUpWithCookie("REFERRAL_ID=unknown-code-2; AFFILATE_CODE=unknown-code-3");
    const b = await userRow(String(viaCookie.body.email));
    expect(await referralRowsOf(b.id)).toHaveLength(0);

    const db = await getDb();
    const all = await db.select().from(referrals);
    expect(all.some((r) => r.referredId === a.id || r.referredId === b.id)).toBe(false);
  });

  it("records nothing without any referral field or cookie", async () => {
    const { body } = await signUp();
    const row = await userRow(String(body.email));
    expect(row.referralId).toBeNull();
    expect(row.affilateCode).toBeNull();
    expect(row.ladiflowRef).toBeNull();
    expect(await referralRowsOf(row.id)).toHaveLength(0);
  });

  it("records the referral even before the new account verifies its code", async () => {
    const referrer = await createUser();
    const { response } = await signUp({ referral_id: referrer.code });
    expect((response.body.data as Data).is_require_verify).toBe(true);
    const db = await getDb();
    const rows = await db.select().from(referrals).where(eq(referrals.referrerId, referrer.id));
    expect(rows).toHaveLength(1);
  });
});
