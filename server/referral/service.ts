import "server-only";
import type { Env } from "@/lib/env";
import { REFERRAL_COOKIES } from "@/lib/referral";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { findUserIdByCode, insertReferral, setPurchasedReward, setVerifyReward } from "./repository";

/** The referral fields of a sign-up: what the call sent, else what `/cookie` stored in the browser. */
export type ReferralFields = { referral_id?: string; affilate_code?: string; ladiflow_ref?: string };

export function referralFields(ctx: Pick<Ctx, "cookies">, input: ReferralFields): ReferralFields {
  const pick = (value: string | undefined, cookie: string) =>
    value?.trim() || ctx.cookies[cookie]?.trim().slice(0, 100) || undefined;
  return {
    referral_id: pick(input.referral_id, REFERRAL_COOKIES.referral),
    affilate_code: pick(input.affilate_code, REFERRAL_COOKIES.affiliate),
    ladiflow_ref: pick(input.ladiflow_ref, REFERRAL_COOKIES.flow),
  };
}

/**
 * Writes the referral row of a new account: the referrer is the account whose code is the
 * `referral_id`, else the `affilate_code`. Unknown codes and self-referral record nothing.
 */
export async function recordReferral(
  ctx: Pick<Ctx, "db" | "clock">,
  referredId: string,
  fields: ReferralFields,
): Promise<string | undefined> {
  for (const code of [fields.referral_id, fields.affilate_code]) {
    if (!code) continue;
    const referrerId = await findUserIdByCode(ctx.db, code);
    if (referrerId && referrerId !== referredId) {
      await insertReferral(ctx.db, { referrerId, referredId, createdAt: ctx.clock() });
      return referrerId;
    }
  }
  return undefined;
}

/**
 * The referrer's reward when the referred account verifies its email (months from
 * REFERRAL_VERIFY_REWARD_MONTHS); granted once, nothing when nobody referred the account.
 */
export async function grantVerifyReward(ctx: Pick<Ctx, "db" | "env">, referredId: string): Promise<void> {
  await grantVerifyRewardOf(ctx.db, referredId, ctx.env.REFERRAL_VERIFY_REWARD_MONTHS);
}

/** The verify reward of a given number of months (the demo seed's history); granted once, none for 0. */
export async function grantVerifyRewardOf(
  db: Executor,
  referredId: string,
  months: number,
): Promise<boolean> {
  return months > 0 && setVerifyReward(db, referredId, months);
}

/**
 * The referrer's reward when the referred account pays its first order (months from
 * REFERRAL_PURCHASE_REWARD_MONTHS), inside the payment's transaction; granted once.
 */
export async function grantPurchaseReward(tx: Executor, env: Env, referredId: string): Promise<boolean> {
  if (env.REFERRAL_PURCHASE_REWARD_MONTHS <= 0) return false;
  return setPurchasedReward(tx, referredId, env.REFERRAL_PURCHASE_REWARD_MONTHS);
}
