import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult, CookieDirective } from "@/lib/http/call";
import { newId, safeEqual, sha256 } from "@/lib/ids";
import { consume } from "@/lib/rate-limit";
import type { Ctx } from "@/server/context";
import {
  authorizationRequest,
  exchangeCode,
  type Provider,
  type SocialProfile,
} from "@/server/oauth/providers";
import { findOauthAccount, linkOauthAccount } from "@/server/oauth/repository";
import { recordReferral, referralFields } from "@/server/referral/service";
import {
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from "@/server/user/repository";
import { createFlow, findAnonymousFlow, finishFlow, updateFlowData } from "@/server/verification/service";
import { BUILDER_APP_CODE, finishSignIn, handoffQuery, recordEvent } from "./finish-signin";
import type { socialCallbackSchema, socialUrlSchema } from "./schema";
import { newReferralCode } from "./service";

/** The httpOnly cookie that binds an OAuth state to the browser that asked for it. */
export const OAUTH_BINDING_COOKIE = "OAUTH_BINDING";
const STATE_TTL_SECONDS = 15 * 60;
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
 * plus a nonce), a PKCE verifier kept server-side and a binding cookie for this browser; answers
 * the provider's authorization URL.
 */
export async function createSocialUrl(
  ctx: Ctx,
  provider: Provider,
  input: z.output<typeof socialUrlSchema>,
): Promise<CallResult> {
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
  const cookie: CookieDirective = {
    name: OAUTH_BINDING_COOKIE,
    value: binding,
    maxAge: STATE_TTL_SECONDS,
    httpOnly: true,
  };
  return { data: { url }, cookies: [cookie] };
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
  const linked = await findOauthAccount(ctx.db, provider, profile.subject);
  if (linked) {
    const user = await findUserById(ctx.db, linked.userId);
    if (user) return { user, isNew: false };
  }
  if (!profile.email) throw new AppError("SOCIAL_EMAIL_REQUIRED");
  const existing = await findUserByEmail(ctx.db, profile.email);
  if (existing) {
    // Linking on an address the provider has not verified would hand the account to whoever typed it.
    if (!profile.emailVerified) throw new AppError("EMAIL_TAKEN");
    await linkOauthAccount(ctx.db, {
      userId: existing.id,
      provider,
      subject: profile.subject,
      email: profile.email,
    });
    await recordEvent(ctx, existing.id, "social_linked", { provider });
    // The provider just proved the address: an account waiting for its email code is verified by it.
    const user =
      !existing.isVerifyEmail || (!existing.isVerified && existing.verifyType === "EMAIL")
        ? ((await updateUser(ctx.db, existing.id, {
            isVerifyEmail: true,
            ...(existing.verifyType === "EMAIL" ? { isVerified: true } : {}),
          })) ?? existing)
        : existing;
    return { user, isNew: false };
  }
  const referral = referralFields(ctx, query);
  const created = await insertUser(ctx.db, {
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
  await linkOauthAccount(ctx.db, {
    userId: created.id,
    provider,
    subject: profile.subject,
    email: profile.email,
  });
  await recordReferral(ctx, created.id, referral);
  await recordEvent(ctx, created.id, "signup", { provider, app_code: query.app_code ?? null });
  return { user: created, isNew: true };
}

/**
 * /auth/oauth2-google, /auth/oauth2-facebook: checks the state against its single-use row and
 * this browser's binding cookie, exchanges the code, then signs in the linked account, links one
 * by verified email, or creates one (which then completes its registration at /complete-reg).
 */
export async function finishSocialSignIn(
  ctx: Ctx,
  provider: Provider,
  input: z.output<typeof socialCallbackSchema>,
): Promise<CallResult> {
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
  if (user.status !== "ACTIVE") throw new AppError("ACCOUNT_LOCKED");
  const result = await finishSignIn(ctx, {
    user,
    source: "social",
    query: handoffQuery({ ...query, iframe: false, client_id: input.client_id ?? query.client_id }),
    isNew,
  });
  const cleared: CookieDirective = { name: OAUTH_BINDING_COOKIE, value: "", maxAge: 0, httpOnly: true };
  return { ...result, cookies: [...(result.cookies ?? []), cleared] };
}
