import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Ctx, PersonCtx } from "@/server/context";
import { forgetCachedSessions } from "@/server/session/service";
import {
  countReferred,
  findAffiliate,
  findReferrer,
  isCodeTaken,
  setAffiliate,
  updateAffiliate,
  updateUser,
} from "./repository";
import type {
  AffiliateInfoDto,
  changeAffiliateCodeSchema,
  MyReferrerDto,
  ReferralInfoDto,
  updateAffiliateInfoSchema,
} from "./schema";
import { getCurrentUser } from "./service";

/** The referral link: the registration page with the person's code (SPEC §2). */
export const referralUrl = (origin: string, code: string): string =>
  `${origin}/signup?referral_id=${encodeURIComponent(code)}`;

/** /user/change-affilate-code and /user/change-flow-affilate-code: unique, case-insensitive; answers the code. */
export async function changeAffiliateCode(
  ctx: Ctx,
  input: z.output<typeof changeAffiliateCodeSchema>,
  which: "builder" | "flow",
): Promise<string> {
  const user = await getCurrentUser(ctx);
  const code = input.affilate_code;
  const taken = () =>
    new AppError("CODE_TAKEN", { fields: { affilate_code: "errors.CODE_TAKEN" }, params: { code } });
  const current = which === "builder" ? user.code : user.flowAffilateCode;
  if (current?.toLowerCase() !== code.toLowerCase() && (await isCodeTaken(ctx.db, code, which, user.id))) {
    throw taken();
  }
  try {
    await updateUser(ctx.db, user.id, which === "builder" ? { code } : { flowAffilateCode: code });
  } catch {
    // Two people racing for one code: the unique index decides.
    throw taken();
  }
  void forgetCachedSessions({ userId: user.id });
  return code;
}

/** /affilate/my-affilate-info: the affiliate's info, or null for someone not in the programme. */
export async function myAffiliateInfo(ctx: PersonCtx): Promise<AffiliateInfoDto> {
  const user = await getCurrentUser(ctx);
  const affiliate = await findAffiliate(ctx.db, user.id);
  if (!affiliate) return { affilateInfo: null };
  const counts = await countReferred(ctx.db, user.id);
  return {
    affilateInfo: {
      code: user.code,
      flow_code: user.flowAffilateCode,
      level: Number(affiliate.level),
      payment_info: affiliate.paymentInfo ?? "",
      referral_url: referralUrl(ctx.origin, user.code),
      customer_count: counts.total,
      purchased_count: counts.purchased,
      total_purchased: counts.purchased,
    },
  };
}

/** /affilate/update-my-info: the free-text payment information (never empty). */
export async function updateMyAffiliateInfo(
  ctx: Ctx,
  input: z.output<typeof updateAffiliateInfoSchema>,
): Promise<void> {
  const user = await getCurrentUser(ctx);
  if (!(await updateAffiliate(ctx.db, user.id, { paymentInfo: input.payment_info }))) {
    throw new AppError("NOT_AFFILIATE");
  }
}

/** /user/my-ref-affilate: who brought this person (the referrer's email and code), if anyone. */
export async function myReferrer(ctx: PersonCtx): Promise<MyReferrerDto> {
  const user = await getCurrentUser(ctx);
  const referrer = await findReferrer(ctx.db, user.id);
  return {
    referrer: referrer ? { email: referrer.email, code: referrer.code } : null,
    affilate_code: user.affilateCode,
    ladiflow_ref: user.ladiflowRef,
  };
}

/** /user/my-refferral-info: the invite link and how many accounts it brought. */
export async function myReferralInfo(ctx: Ctx): Promise<ReferralInfoDto> {
  const user = await getCurrentUser(ctx);
  const { total, verified, purchased } = await countReferred(ctx.db, user.id);
  return { code: user.code, referral_url: referralUrl(ctx.origin, user.code), total, verified, purchased };
}

/**
 * /affilate/create: the signed-in person joins the affiliate programme at level 1 with their
 * payment information (self-service, the safe half; levels are the operator's). Joining twice
 * only updates the payment information.
 */
export async function joinAffiliateProgramme(
  ctx: Ctx,
  input: z.output<typeof updateAffiliateInfoSchema>,
): Promise<AffiliateInfoDto> {
  const user = await getCurrentUser(ctx);
  await ctx.db.transaction(async (tx) => {
    await setAffiliate(tx, user.id, true);
    await updateAffiliate(tx, user.id, { paymentInfo: input.payment_info });
  });
  void forgetCachedSessions({ userId: user.id });
  return myAffiliateInfo(ctx);
}
