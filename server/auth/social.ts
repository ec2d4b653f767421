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
import { newReferralCode } from "./open-account";
import type { socialCallbackSchema, socialUrlSchema } from "./schema";
import type { SignInQuery } from "./signin-result";

/** The httpOnly cookie that binds an OAuth state to the browser that asked for it. */
export const OAUTH_BINDING_COOKIE = "OAUTH_BINDING";
/** How long a state (and its binding cookie) lives. */
export const STATE_TTL_SECONDS = 15 * 60;
/** Never carried into the state (SPEC §7). */
const DROPPED_KEYS = new Set(["logout", "iframe", "layout", "parent_origin", "search", "popup"]);

type StateFlowData = {
  provider: Provider;
  codeVerifier: string;
  bindingHash: string;
  query: Record<string, string>;
  /** Started from the profile's "link" button: the identity goes to this signed-in person. */
  linkUserId?: string;
};

/** A provider's identity without an email (Zalo), waiting for /complete-reg/social to prove one. */
export type PendingIdentity = {
  provider: Provider;
  subject: string;
  name: string | null;
  picture: string | null;
  query: Record<string, string>;
};

/** What a provider's answer leads to besides a sign-in: complete registration, or a link made. */
export type SocialOutcome = SignInOutcome | { kind: "next"; redirectUrl: string };

/** How long the step that proves an address for a provider without email stays open. */
const PENDING_TTL_SECONDS = 30 * 60;

export const redirectUri = (ctx: Pick<Ctx, "origin">, provider: Provider): string =>
  `${ctx.origin}/oauth2-${provider}`;

/** Where a provider returns to when the profile links it: a signed-in page, unlike /oauth2-*. */
export const linkRedirectUri = (ctx: Pick<Ctx, "origin">, provider: Provider): string =>
  `${ctx.origin}/account/profile/link/${provider}`;

/**
 * /auth/google-generate-url, /auth/facebook-generate-url: a state (base64 JSON of the page's query
 * plus a nonce), a PKCE verifier kept server-side and a binding for this browser (the value of its
 * OAUTH_BINDING cookie); answers the provider's authorization URL and the binding.
 */
export async function createSocialUrl(
  ctx: Ctx,
  provider: Provider,
  input: z.output<typeof socialUrlSchema>,
  options: { linkUserId?: string } = {},
): Promise<{ url: string; binding: string }> {
  await consume("socialIp", ctx.ip);
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === "string" && value && !DROPPED_KEYS.has(key)) query[key] = value;
  }
  // SPEC §9: a framed social sign-in defaults to the builder (app_code lp and its home), since
  // the person returns at the top level, outside the product that framed the portal. A framed
  // pop-up (Zalo) finishes in the frame, inside that product: no default there.
  if (input.iframe && !input.popup) {
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
  // A framed pop-up's state says so: the page Zalo returns to hands the answer to its opener.
  const stateFields = { ...query, ...(input.popup ? { popup: "1" } : {}), nonce };
  const state = Buffer.from(JSON.stringify(stateFields)).toString("base64url");
  const { url, codeVerifier } = await authorizationRequest(ctx.env, provider, {
    redirectUri: options.linkUserId ? linkRedirectUri(ctx, provider) : redirectUri(ctx, provider),
    state,
    nonce,
  });
  const data: StateFlowData = {
    provider,
    codeVerifier,
    bindingHash: sha256(binding),
    query,
    ...(options.linkUserId ? { linkUserId: options.linkUserId } : {}),
  };
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
): Promise<{ user: UserRow; isNew: boolean } | { pending: true }> {
  const linkedId = await findLinkedUserId(ctx, provider, profile.subject);
  if (linkedId) {
    const user = await findUserById(ctx, linkedId);
    if (user) return { user, isNew: false };
  }
  if (!profile.email) return { pending: true };
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
 * /auth/oauth2-google, /auth/oauth2-facebook, /auth/oauth2-zalo: checks the state against its
 * single-use row and this browser's binding (its cookie, or what a framed pop-up's frame kept),
 * exchanges the code, then signs in the linked account, links one by verified email, or creates
 * one (which then completes its registration at /complete-reg). A provider without an email
 * (Zalo) never links by name or picture: an unknown identity goes to /complete-reg/social, where
 * a code to an address proves it. A state started from the profile links the signed-in person.
 * The binding is spent either way: the handler clears its cookie.
 */
export async function finishSocialSignIn(
  ctx: Ctx,
  provider: Provider,
  input: z.output<typeof socialCallbackSchema>,
): Promise<SocialOutcome> {
  await consume("socialIp", ctx.ip);
  const { nonce } = decodeState(input.state);
  const flow = await findAnonymousFlow(ctx, nonce, "oauth_state");
  const data = flow?.data as Partial<StateFlowData> | undefined;
  const bindings = [ctx.cookies[OAUTH_BINDING_COOKIE], input.binding].filter((b): b is string => Boolean(b));
  if (
    !flow ||
    !data ||
    data.provider !== provider ||
    !data.bindingHash ||
    !data.codeVerifier ||
    !bindings.some((binding) => safeEqual(sha256(binding), data.bindingHash as string))
  ) {
    throw new AppError("SOCIAL_STATE_INVALID");
  }
  // A link belongs to the person who asked for it, in this very session.
  if (data.linkUserId && ctx.auth?.user.id !== data.linkUserId) throw new AppError("SOCIAL_STATE_INVALID");
  await finishFlow(ctx, flow);
  if (input.error || !input.code) throw new AppError("SOCIAL_DENIED");

  const profile = await exchangeCode(ctx.env, provider, {
    code: input.code,
    state: input.state,
    redirectUri: data.linkUserId ? linkRedirectUri(ctx, provider) : redirectUri(ctx, provider),
    codeVerifier: data.codeVerifier,
    nonce,
  });
  if (data.linkUserId) {
    await linkToPerson(ctx, {
      userId: data.linkUserId,
      provider,
      subject: profile.subject,
      email: profile.email,
    });
    return { kind: "next", redirectUrl: `/account/profile/security?linked=${provider}` };
  }
  const query = data.query ?? {};
  const found = await accountFor(ctx, provider, profile, query);
  if ("pending" in found) {
    const pending: PendingIdentity = {
      provider,
      subject: profile.subject,
      name: profile.name,
      picture: profile.picture,
      query,
    };
    const { token } = await createFlow(ctx, {
      purpose: "social_signup",
      user: null,
      data: pending,
      ttlSeconds: PENDING_TTL_SECONDS,
    });
    const next = new URLSearchParams({ token, provider });
    return { kind: "next", redirectUrl: `/complete-reg/social?${next}` };
  }
  const { user, isNew } = found;
  // A framed pop-up's frame finishes the sign-in itself, so its hand-off is a framed one.
  const handoff = handoffQuery({
    ...query,
    iframe: input.iframe,
    parent_origin: input.iframe ? input.parent_origin : undefined,
    client_id: input.client_id ?? query.client_id,
  });
  return signInWithProvider(ctx, { user, provider, query: handoff, isNew });
}

/** A provider-proved person signs in, unless deletion is pending or the account is locked. */
export async function signInWithProvider(
  ctx: Ctx,
  options: { user: UserRow; provider: Provider; query: SignInQuery; isNew: boolean },
): Promise<SignInOutcome> {
  const { user, provider, query, isNew } = options;
  if (isDeletionPending(user))
    throw await deletionPendingRefusal(ctx, { user, source: "social", method: provider, query });
  if (user.status !== "ACTIVE") throw accountLocked(user);
  return finishSignIn(ctx, { user, source: "social", method: provider, query, isNew });
}

/** Links an identity to a person who proved they are that person; never one linked elsewhere. */
export async function linkToPerson(
  ctx: Ctx,
  identity: { userId: string; provider: Provider; subject: string; email: string | null },
): Promise<void> {
  const linkedId = await findLinkedUserId(ctx, identity.provider, identity.subject);
  if (linkedId && linkedId !== identity.userId) throw new AppError("SOCIAL_ALREADY_LINKED");
  if (!linkedId) {
    await linkIdentity(ctx, identity);
    await recordSecurityEvent(ctx, identity.userId, "social_linked", { provider: identity.provider });
  }
}
