import "server-only";
import { familyHosts } from "@/lib/family-origins";
import { oncePerWindow } from "@/lib/once-per-window";
import { type Ctx, requireAuth } from "@/server/context";
import type { SessionRow } from "@/server/db/tables/sessions";
import type { UserRow } from "@/server/db/tables/users";
import { recordSecurityEvent } from "@/server/security/service";
import { createSession, PORTAL_APP_CODE } from "@/server/session/service";
import { toUserInfo } from "@/server/user/service";
import type { SignedInDto, VerifyType } from "./schema";
import {
  decideSignInResult,
  type SignInContext,
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

/** Hosts allowed to receive a token: CALLBACK_ALLOWED_HOSTS plus the family's own homes. */
export function allowedHosts(ctx: Pick<Ctx, "env">): string[] {
  return familyHosts(ctx.env);
}

/** What the sign-in result is decided against: the allow-list and the builder as the default product. */
export function signInContext(
  ctx: Pick<Ctx, "env">,
  step: Pick<SignInContext, "flowToken" | "expTime"> = {},
): SignInContext {
  return {
    allowedHosts: allowedHosts(ctx),
    defaultCallbackUrl: ctx.env.APPS_CONFIG[BUILDER_APP_CODE]?.home,
    defaultAppCode: BUILDER_APP_CODE,
    ...step,
  };
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
 * Each parent origin is named once an hour, at most 100 of them an hour: the origin is whatever the
 * request says, so one account calling /auth/continue in a loop with made-up origins could
 * otherwise write a line per call.
 */
const frameMessageWarnings = oncePerWindow({ windowMs: 60 * 60 * 1000, maxKeys: 100 });

/**
 * One warning line naming the parent origin when a framed sign-in ended without its message
 * because that origin may not frame the portal (lib/family-origins.ts): the frame's parent waits
 * for a `{luid: …}` message that never comes, and this line is where its team finds out why.
 */
export function warnIfFrameMessageDropped(
  ctx: Pick<Ctx, "log">,
  query: Pick<SignInQuery, "iframe" | "parent_origin">,
  postMessageTo: string | null,
): void {
  if (!query.iframe || !query.parent_origin || postMessageTo) return;
  let origin = "(not a URL)";
  try {
    origin = new URL(query.parent_origin).origin;
  } catch {
    // keeps the placeholder
  }
  if (!frameMessageWarnings(origin)) return;
  ctx.log.warn(
    { frame_parent: origin },
    `frame message dropped: ${origin} is not in CALLBACK_ALLOWED_HOSTS or an APPS_CONFIG home (or is plain http off loopback, or not on the listed port)`,
  );
}

/** What the frame posts to its parent: `{ luid: { token?, is_auth, redirect_url, is_close_iframe } }`. */
function frameMessage(
  targetOrigin: string | null,
  body: { token?: string; redirect_url: string; is_close_iframe: boolean },
): Pick<SignedInDto, "post_message"> {
  if (!targetOrigin) return {};
  return {
    post_message: {
      target_origin: targetOrigin,
      message: { [FRAME_MESSAGE_KEY]: { ...body, is_auth: true } },
    },
  };
}

/** The data of the "signin" event of a product token handed out at sign-in. */
export function handOffEvent(source: SignInSource, appCode: string): Record<string, unknown> {
  return { source, app_code: appCode, handoff: true };
}

/**
 * Where a signed-in person goes next: an allow-listed product gets a token of its own (a session
 * row handed out from the browser's session, so signing that out ends it too), posted to the
 * embedding page in iframe mode; otherwise the portal page the result names.
 */
export async function handOff(
  ctx: Ctx,
  options: {
    user: UserRow;
    result: SignInResult;
    source: SignInSource;
    query: SignInQuery;
    /** The browser session the product's token is handed out from (it takes its sign-in method). */
    parent: Pick<SessionRow, "id" | "signInMethod">;
  },
): Promise<SignedInDto> {
  const { user, result } = options;
  let productToken: string | undefined;
  if (result.kind === "callback") {
    const product = await createSession(ctx, {
      user,
      appCode: result.appCode,
      parentSessionId: options.parent.id,
      signInMethod: options.parent.signInMethod,
    });
    await recordSecurityEvent(ctx, user.id, "signin", handOffEvent(options.source, result.appCode));
    productToken = product.token;
  }
  return handOffAnswer(ctx, { user, result, query: options.query, productToken });
}

/**
 * The answer of a hand-off once the product's session (for a callback result) is stored: the
 * product's address with its token, or the portal page, and the frame message in iframe mode.
 */
export function handOffAnswer(
  ctx: Ctx,
  options: { user: UserRow; result: SignInResult; query: SignInQuery; productToken?: string },
): SignedInDto {
  const { user, result, productToken } = options;
  warnIfCallbackDropped(ctx, options.query.callback_url, result.kind === "callback");
  if (result.kind === "callback" || result.kind === "home") {
    warnIfFrameMessageDropped(ctx, options.query, result.postMessageTo);
  }
  const info = toUserInfo(user);
  if (result.kind === "callback") {
    if (!productToken) throw new Error("hand-off: a product callback without the product's token");
    const redirectUrl = withToken(result.callbackUrl, productToken);
    return {
      user: info,
      redirect_url: redirectUrl,
      ...frameMessage(result.postMessageTo, {
        token: productToken,
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
export async function continueSignedIn(ctx: Ctx, query: SignInQuery): Promise<SignedInDto> {
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
  const result = decideSignInResult(state, query, "signin", signInContext(ctx));
  return handOff(ctx, { user, result, source: "signin", query, parent: session });
}
