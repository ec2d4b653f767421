import "server-only";
import type { CallResult } from "@/lib/http/call";
import { type Ctx, requireAuth } from "@/server/context";
import { insertSecurityEvent } from "@/server/security/repository";
import { createSession, PORTAL_APP_CODE } from "@/server/session/service";
import {
  enforceDeviceLimit,
  notifyIfNewDevice,
  trustedDeviceFor,
  trustThisDevice,
} from "@/server/two-factor/devices";
import { type UserRow, updateUser } from "@/server/user/repository";
import { toUserInfo } from "@/server/user/service";
import { createFlow, sendCode } from "@/server/verification/service";
import type { VerifyType } from "./schema";
import {
  decideSignInResult,
  type SignInQuery,
  type SignInResult,
  type SignInSource,
  withToken,
} from "./signin-result";

/** The builder is the default product for a new account (SPEC §9). */
export const BUILDER_APP_CODE = "lp";

/**
 * The key of the message posted to the embedding page (SPEC §4: `{product}` with token, is_auth,
 * redirect_url, is_close_iframe). The portal's own app code names it.
 */
export const FRAME_MESSAGE_KEY = PORTAL_APP_CODE;

/** The hand-off part of a call's input, as the sign-in result needs it. */
export function handoffQuery(input: {
  url_callback?: string;
  callback_url?: string;
  app_code?: string;
  client_id?: string;
  path?: string;
  iframe?: boolean;
  parent_origin?: string;
}): SignInQuery {
  return {
    callback_url: input.callback_url || input.url_callback,
    app_code: input.app_code,
    client_id: input.client_id,
    path: input.path,
    iframe: input.iframe,
    parent_origin: input.parent_origin,
  };
}

/** What a step before the session (code, two-factor, device limit) keeps to finish the sign-in it stopped. */
export type PendingSignIn = {
  query?: SignInQuery;
  isNew?: boolean;
  source?: SignInSource;
  /** The person asked to trust this browser (kept through the device-limit step). */
  trustDevice?: boolean;
  /** The phone an SMS set-up code went to. */
  phone?: string;
};

/** Hosts allowed to receive a token: CALLBACK_ALLOWED_HOSTS plus the family's own homes. */
export function allowedHosts(ctx: Pick<Ctx, "env">): string[] {
  const fromApps = Object.values(ctx.env.APPS_CONFIG).map((app) => new URL(app.home).host.toLowerCase());
  return [...ctx.env.allowedHosts, ...fromApps];
}

export async function recordEvent(
  ctx: Ctx,
  userId: string | null,
  type: Parameters<typeof insertSecurityEvent>[1]["type"],
  data?: Record<string, unknown>,
) {
  await insertSecurityEvent(ctx.db, { userId, type, ip: ctx.ip, userAgent: ctx.userAgent, data });
}

function redirectData(result: ReturnType<typeof decideSignInResult>) {
  return { redirect_url: "redirectUrl" in result ? result.redirectUrl : result.callbackUrl };
}

/** What the frame posts to its parent: `{ luid: { token?, is_auth, redirect_url, is_close_iframe } }`. */
function frameMessage(
  targetOrigin: string | null,
  body: { token?: string; redirect_url: string; is_close_iframe: boolean },
) {
  if (!targetOrigin) return {};
  return {
    post_message: {
      target_origin: targetOrigin,
      message: { [FRAME_MESSAGE_KEY]: { ...body, is_auth: true } },
    },
  };
}

/**
 * The answer of a sign-in or sign-up stopped until a code proves the address: the /verify-account
 * step, its flow token and the code's expiry. A sign-up decoy (details that already have an
 * account) answers with this very function: the two must not differ by a single key.
 */
export function verificationStep(
  ctx: Pick<Ctx, "env">,
  options: {
    query: SignInQuery;
    source: SignInSource;
    channel: VerifyType;
    token: string;
    expTime: number;
    delayed: boolean;
  },
): CallResult {
  const { query, source, channel, token, expTime, delayed } = options;
  // Before the code is proved, only the channel of the person's state decides anything.
  const state = {
    isVerified: false,
    hasPhone: true,
    isNew: true,
    isRequire2fa: false,
    is2faEnabled: false,
    twoFaType: null,
    verifyType: channel,
  };
  const result = decideSignInResult(state, query, source, {
    allowedHosts: allowedHosts(ctx),
    defaultCallbackUrl: ctx.env.APPS_CONFIG[BUILDER_APP_CODE]?.home,
    defaultAppCode: BUILDER_APP_CODE,
    flowToken: token,
    expTime,
  });
  return {
    data: {
      ...redirectData(result),
      token,
      verify_type: channel,
      exp_time: expTime,
      is_not_verify: true,
      // The code could not go out at once: it waits in the outbox and may be late.
      delivery_delayed: delayed,
    },
    ...(delayed ? { message: "auth.verify.delayed" } : {}),
    session: { clear: true },
  };
}

/**
 * Turns a person who proved who they are into the SPEC §4 result: cookie directive, product
 * token for an allowed callback (its own session row), or the next step's page.
 */
export async function finishSignIn(
  ctx: Ctx,
  options: {
    user: UserRow;
    source: SignInSource;
    query: SignInQuery;
    isNew: boolean;
    /** The second factor was just proved (verify-login, enabling it at sign-in, device limit). */
    secondFactorDone?: boolean;
    /** The person asked to trust this browser for 30 days (kept through the device-limit step). */
    trustDevice?: boolean;
  },
): Promise<CallResult> {
  const { user, source, query, isNew } = options;
  // A trusted browser skips the second factor (once two-factor is on, whatever the scope).
  let trustedDeviceId =
    user.twoFaEnabledAt && !options.secondFactorDone ? await trustedDeviceFor(ctx, user) : undefined;
  const skipSecondFactor = Boolean(options.secondFactorDone || trustedDeviceId);
  const state = {
    isVerified: user.isVerified,
    hasPhone: Boolean(user.phone),
    isNew,
    isRequire2fa: !skipSecondFactor && (user.isRequire2fa || user.scope === "admin"),
    is2faEnabled: !skipSecondFactor && Boolean(user.twoFaEnabledAt),
    twoFaType: (user.twoFaType as "TOTP" | "SMS" | null) ?? null,
    verifyType: user.verifyType as VerifyType,
  };
  const context = {
    allowedHosts: allowedHosts(ctx),
    defaultCallbackUrl: ctx.env.APPS_CONFIG[BUILDER_APP_CODE]?.home,
    defaultAppCode: BUILDER_APP_CODE,
  };

  // The steps before a session (verification, two-factor) carry the query in a flow token.
  if (!state.isVerified) {
    const channel = user.verifyType as VerifyType;
    const { token, flow } = await createFlow(ctx, {
      purpose: "verify_account",
      user,
      data: { query, isNew, source } satisfies PendingSignIn,
    });
    const { expTime, delayed } = await sendCode(ctx, { flow, user, channel });
    return verificationStep(ctx, { query, source, channel, token, expTime, delayed });
  }
  if (state.is2faEnabled || state.isRequire2fa) {
    const purpose = state.is2faEnabled ? "verify_2fa" : "require_2fa";
    const { token, flow } = await createFlow(ctx, {
      purpose,
      user,
      data: { query, isNew, source },
      ttlSeconds: 10 * 60,
    });
    // SMS two-factor: the code goes out with the step, as for a verification code.
    const sms =
      state.is2faEnabled && state.twoFaType === "SMS"
        ? await sendCode(ctx, { flow, user, channel: "SMS" })
        : null;
    const result = decideSignInResult(state, query, source, { ...context, flowToken: token });
    return {
      data: { ...redirectData(result), custom_auth: token, ...(sms ? { exp_time: sms.expTime } : {}) },
      session: { clear: true },
    };
  }

  const result = decideSignInResult(state, query, source, context);
  await enforceDeviceLimit(ctx, {
    user,
    data: { query, isNew, source, trustDevice: options.trustDevice },
    method: source,
    appCode: result.kind === "callback" ? result.appCode : undefined,
  });
  if (!isNew) await notifyIfNewDevice(ctx, user);
  const trust = options.trustDevice ? await trustThisDevice(ctx, user) : undefined;
  trustedDeviceId = trust?.id ?? trustedDeviceId;
  const portal = await createSession(ctx, { user, appCode: PORTAL_APP_CODE, trustedDeviceId });
  await updateUser(ctx.db, user.id, { lastLoginAt: ctx.clock() });
  await recordEvent(ctx, user.id, "signin", { source, app_code: PORTAL_APP_CODE });
  const session = {
    set: {
      token: portal.token,
      userId: user.id,
      hasPhone: state.hasPhone,
      email: user.email,
      fullname: user.fullname,
      frame: Boolean(query.iframe),
    },
  };
  const cookies = trust ? [trust.cookie] : [];
  const data = await handOff(ctx, { user, result, source, query, parentSessionId: portal.session.id });
  return { data, session, cookies };
}

/**
 * One warning line naming the host when a callback was asked for but is not on the allow-list
 * (the person lands on the portal instead): the first thing a product team looks for.
 */
export function warnIfCallbackDropped(ctx: Ctx, callbackUrl: string | undefined, kept: boolean): void {
  if (!callbackUrl || kept) return;
  let host = "(not a URL)";
  try {
    const url = new URL(callbackUrl);
    host = `${url.protocol}//${url.host}`;
  } catch {
    // keeps the placeholder
  }
  ctx.log.warn(
    { callback_host: host },
    `callback dropped: ${host} is not in CALLBACK_ALLOWED_HOSTS or an APPS_CONFIG home (or is plain http off loopback)`,
  );
}

/**
 * Where a signed-in person goes next: an allow-listed product gets a token of its own (a session
 * row handed out from the browser's session, so signing that out ends it too), posted to the
 * embedding page in iframe mode; otherwise the portal page the result names.
 */
async function handOff(
  ctx: Ctx,
  options: {
    user: UserRow;
    result: SignInResult;
    source: SignInSource;
    query: SignInQuery;
    parentSessionId: string;
  },
) {
  const { user, result, source } = options;
  warnIfCallbackDropped(ctx, options.query.callback_url, result.kind === "callback");
  const info = toUserInfo(user);
  if (result.kind === "callback") {
    const product = await createSession(ctx, {
      user,
      appCode: result.appCode,
      parentSessionId: options.parentSessionId,
    });
    await recordEvent(ctx, user.id, "signin", { source, app_code: result.appCode, handoff: true });
    const redirectUrl = withToken(result.callbackUrl, product.token);
    return {
      user: info,
      redirect_url: redirectUrl,
      ...frameMessage(result.postMessageTo, {
        token: product.token,
        redirect_url: redirectUrl,
        is_close_iframe: true,
      }),
    };
  }
  return {
    user: info,
    redirect_url: result.redirectUrl,
    ...(result.kind === "home"
      ? frameMessage(result.postMessageTo, { redirect_url: result.redirectUrl, is_close_iframe: false })
      : {}),
  };
}

/**
 * Sign in once (issue 25): a person already signed in here who arrives from a product at
 * /signin?callback_url&app_code is handed straight on, exactly as after a password sign-in (the
 * same allow-list, login_callback, frame message). The session proved the second factor and the
 * verification when it was made; a session still without a phone goes to /complete-reg first.
 */
export async function continueSignedIn(ctx: Ctx, query: SignInQuery): Promise<CallResult> {
  const { user, session } = requireAuth(ctx);
  const state = {
    isVerified: true,
    hasPhone: Boolean(user.phone),
    isNew: false,
    isRequire2fa: false,
    is2faEnabled: false,
    twoFaType: null,
    verifyType: user.verifyType as VerifyType,
  };
  const result = decideSignInResult(state, query, "signin", {
    allowedHosts: allowedHosts(ctx),
    defaultCallbackUrl: ctx.env.APPS_CONFIG[BUILDER_APP_CODE]?.home,
    defaultAppCode: BUILDER_APP_CODE,
  });
  return { data: await handOff(ctx, { user, result, source: "signin", query, parentSessionId: session.id }) };
}

/** Finishes a sign-in a flow step stopped, once the person proved the second factor (or freed a device). */
export function resumeSignIn(
  ctx: Ctx,
  user: UserRow,
  pending: PendingSignIn,
  options: { clientId?: string; trustDevice?: boolean } = {},
): Promise<CallResult> {
  return finishSignIn(ctx, {
    user,
    source: pending.source ?? "signin",
    query: { ...pending.query, client_id: options.clientId ?? pending.query?.client_id },
    isNew: Boolean(pending.isNew),
    secondFactorDone: true,
    trustDevice: options.trustDevice ?? Boolean(pending.trustDevice),
  });
}
