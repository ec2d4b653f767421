import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { newId, safeEqual, sha256 } from "@/lib/ids";
import { consume } from "@/lib/rate-limit";
import { deletionPendingRefusal, isDeletionPending } from "@/server/account-deletion/service";
import type { Ctx } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import {
  authorizationRequest,
  exchangeCode,
  type Provider,
  type SocialProfile,
} from "@/server/oauth/providers";
import { findLinkedUserId, linkIdentity } from "@/server/oauth/service";
import { recordReferral, referralFields } from "@/server/referral/service";
import { recordSecurityEvent } from "@/server/security/service";
import { createUser, findUserByEmail, findUserById, updateUser } from "@/server/user/service";
import { createFlow, findAnonymousFlow, finishFlow, updateFlowData } from "@/server/verification/service";
import { finishSignIn, handoffQuery, type SignInOutcome } from "./finish-signin";
import { BUILDER_APP_CODE } from "./hand-off";
import { accountLocked } from "./locked";
import type { socialCallbackSchema, socialUrlSchema } from "./schema";
import { newReferralCode } from "./service";

/** The httpOnly cookie that binds an OAuth state to the browser that asked for it. */
export const OAUTH_BINDING_COOKIE = "OAUTH_BINDING";
/** How long a state (and its binding cookie) lives. */
export const STATE_TTL_SECONDS = 15 * 60;
/** Never carried into the state (SPEC §7). */
const DROPPED_KEYS = new Set(["logout", "iframe", "layout", "parent_origin", "search"]);

type StateFlowData = {
  provider: Provider;
  codeVerifier: string;
  bindingHash: string;
  query: Record<string, string>;
};

export const redirectUri = (ctx: Pick<Ctx, "origin">, provider: Provider): string =>
  `${ctx.origin}/oauth2-${provider}`;

/**
 * /auth/google-generate-url, /auth/facebook-generate-url: a state (base64 JSON of the page's query
 * plus a nonce), a PKCE verifier kept server-side and a binding for this browser (the value of its
 * OAUTH_BINDING cookie); answers the provider's authorization URL and the binding.
 */
export async function createSocialUrl(
  ctx: Ctx,
  provider: Provider,
  input: z.output<typeof socialUrlSchema>,
): Promise<{ url: string; binding: string }> {
  await consume("socialIp", ctx.ip);
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === "string" && value && !DROPPED_KEYS.has(key)) query[key] = value;
  }
  // SPEC §9: a framed social sign-in defaults to the builder (app_code lp and its home), since
  // the person returns at the top level, outside the product that framed the portal.
  if (input.iframe) {
    query.app_code ??= BUILDER_APP_CODE;
    const builderHome = ctx.env.APPS_CONFIG[BUILDER_APP_CODE]?.home;
    if (!query.callback_url && !query.url_callback && builderHome) query.callback_url = builderHome;
  }
  const binding = randomBytes(32).toString("base64url");
  // The nonce is the flow token: unguessable, single-use, and only its hash is stored.
  const { token: nonce, flow } = await createFlow(ctx, {
    purpose: "oauth_state",
    user: null,
    ttlSeconds: STATE_TTL_SECONDS,
  });
  const state = Buffer.from(JSON.stringify({ ...query, nonce })).toString("base64url");
  const { url, codeVerifier } = await authorizationRequest(ctx.env, provider, {
    redirectUri: redirectUri(ctx, provider),
    state,
    nonce,
  });
  const data: StateFlowData = { provider, codeVerifier, bindingHash: sha256(binding), query };
  await updateFlowData(ctx, flow, data);
  return { url, binding };
}

function decodeState(state: string): { nonce: string } & Record<string, unknown> {
  try {
    const parsed = JSON.parse(Buffer.from(state, "base64").toString("utf8")) as unknown;
    if (parsed && typeof parsed === "object" && typeof (parsed as { nonce?: unknown }).nonce === "string")
      return parsed as { nonce: string };
  } catch {
    // falls through
  }
  throw new AppError("SOCIAL_STATE_INVALID");
}

/** Finds the account for a provider identity: linked, linked now by verified email, or new. */
async function accountFor(
  ctx: Ctx,
  provider: Provider,
  profile: SocialProfile,
  query: Record<string, string>,
): Promise<{ user: UserRow; isNew: boolean }> {
  const linkedId = await findLinkedUserId(ctx, provider, profile.subject);
  if (linkedId) {
    const user = await findUserById(ctx, linkedId);
    if (user) return { user, isNew: false };
  }
  if (!profile.email) throw new AppError("SOCIAL_EMAIL_REQUIRED");
  const existing = await findUserByEmail(ctx, profile.email);
  if (existing) {
    // Linking on an address the provider has not verified would hand the account to whoever typed it.
    if (!profile.emailVerified) throw new AppError("EMAIL_TAKEN");
    await linkIdentity(ctx, {
      userId: existing.id,
      provider,
      subject: profile.subject,
      email: profile.email,
    });
    await recordSecurityEvent(ctx, existing.id, "social_linked", { provider });
    // The provider just proved the address: an account waiting for its email code is verified by it.
    const user =
      !existing.isVerifyEmail || (!existing.isVerified && existing.verifyType === "EMAIL")
        ? ((await updateUser(ctx, existing.id, {
            isVerifyEmail: true,
            ...(existing.verifyType === "EMAIL" ? { isVerified: true } : {}),
          })) ?? existing)
        : existing;
    return { user, isNew: false };
  }
  const referral = referralFields(ctx, query);
  const created = await createUser(ctx, {
    id: newId(),
    email: profile.email,
    passwordHash: null,
    fullname: profile.name ?? "",
    avatar: profile.picture,
    language: ctx.lang,
    isVerified: profile.emailVerified,
    isVerifyEmail: profile.emailVerified,
    verifyType: "EMAIL",
    code: newReferralCode(),
    referralId: referral.referral_id,
    affilateCode: referral.affilate_code,
    ladiflowRef: referral.ladiflow_ref,
    utmSource: query.utm_source,
    affSid: query.aff_sid,
    signupAppCode: query.app_code,
  });
  if (!created) throw new AppError("EMAIL_TAKEN");
  await linkIdentity(ctx, { userId: created.id, provider, subject: profile.subject, email: profile.email });
  await recordReferral(ctx, created.id, referral);
  await recordSecurityEvent(ctx, created.id, "signup", { provider, app_code: query.app_code ?? null });
  return { user: created, isNew: true };
}

/**
 * /auth/oauth2-google, /auth/oauth2-facebook: checks the state against its single-use row and
 * this browser's binding cookie, exchanges the code, then signs in the linked account, links one
 * by verified email, or creates one (which then completes its registration at /complete-reg).
 * The binding is spent either way: the handler clears its cookie.
 */
export async function finishSocialSignIn(
  ctx: Ctx,
  provider: Provider,
  input: z.output<typeof socialCallbackSchema>,
): Promise<SignInOutcome> {
  await consume("socialIp", ctx.ip);
  const { nonce } = decodeState(input.state);
  const flow = await findAnonymousFlow(ctx, nonce, "oauth_state");
  const data = flow?.data as Partial<StateFlowData> | undefined;
  const binding = ctx.cookies[OAUTH_BINDING_COOKIE];
  if (
    !flow ||
    !data ||
    data.provider !== provider ||
    !data.bindingHash ||
    !data.codeVerifier ||
    !binding ||
    !safeEqual(sha256(binding), data.bindingHash)
  ) {
    throw new AppError("SOCIAL_STATE_INVALID");
  }
  await finishFlow(ctx, flow);
  if (input.error || !input.code) throw new AppError("SOCIAL_DENIED");

  const profile = await exchangeCode(ctx.env, provider, {
    code: input.code,
    state: input.state,
    redirectUri: redirectUri(ctx, provider),
    codeVerifier: data.codeVerifier,
    nonce,
  });
  const query = data.query ?? {};
  const { user, isNew } = await accountFor(ctx, provider, profile, query);
  const handoff = handoffQuery({ ...query, iframe: false, client_id: input.client_id ?? query.client_id });
  if (isDeletionPending(user))
    throw await deletionPendingRefusal(ctx, { user, source: "social", method: provider, query: handoff });
  if (user.status !== "ACTIVE") throw accountLocked(user);
  return finishSignIn(ctx, {
    user,
    source: "social",
    method: provider,
    query: handoff,
    isNew,
  });
}
