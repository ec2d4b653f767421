// SPEC §4 "Sign-in result" as one pure function: (user state, query, allow-list) → what happens
// to the cookie and where the person goes. The service mints tokens; this only decides.
import { isOidcInteractionPath } from "@/lib/access";
import { isFrameOriginAllowed, isHostAllowed } from "@/lib/family-origins";

export type SignInSource = "signin" | "signup" | "otp" | "social" | "register";

/**
 * No email or phone here: the next step's address lands in history, logs and Referer headers, so
 * it carries the flow token and the page looks the (masked) destination up by it.
 */
export type SignInUserState = {
  isVerified: boolean;
  hasPhone: boolean;
  /** The account was created by this very flow (sign-up then code, or a first social sign-in). */
  isNew: boolean;
  isRequire2fa: boolean;
  is2faEnabled: boolean;
  twoFaType: "TOTP" | "SMS" | null;
  /** The channel the verification code went over, for /verify-account. */
  verifyType: "EMAIL" | "SMS" | "ZNS";
};

export type SignInQuery = {
  callback_url?: string;
  app_code?: string;
  client_id?: string;
  /** The signed-in path the person was on before being sent to sign in. */
  path?: string;
  iframe?: boolean;
  /** The embedding page's origin as the frame saw it; a message goes there only when allowed. */
  parent_origin?: string;
};

export type SignInContext = {
  allowedHosts: string[];
  /** The builder's home, where a new account goes when no callback was asked for. */
  defaultCallbackUrl?: string;
  defaultAppCode: string;
  /** A short-lived token for the next step (verify account, 2FA), when one is needed. */
  flowToken?: string;
  /** Seconds until the verification code expires, for /verify-account's countdown. */
  expTime?: number;
};

export type CookieAction = "set" | "clear";

export type SignInResult =
  | { kind: "verify-account"; cookie: "clear"; redirectUrl: string }
  | { kind: "require-enable-2fa"; cookie: "clear"; redirectUrl: string }
  | { kind: "verify-2fa"; cookie: "clear"; redirectUrl: string }
  | { kind: "complete-reg"; cookie: "set"; redirectUrl: string }
  | {
      kind: "callback";
      cookie: "set";
      /** The product's URL without the token: `withToken` adds the product's own token. */
      callbackUrl: string;
      appCode: string;
      /** The allow-listed parent origin to post the result to (iframe mode), or null. */
      postMessageTo: string | null;
    }
  | { kind: "home"; cookie: "set"; redirectUrl: string; postMessageTo: string | null };

const NO_RETURN_PATHS = [
  "/",
  "/signin",
  "/signup",
  "/verify-account",
  "/verify-2fa",
  "/require-enable-2fa",
  "/oauth2-google",
  "/oauth2-facebook",
  "/complete-reg",
];

export const DEFAULT_LANDING = "/account/profile";

/** The callback URL when it parses and its host is on the allow-list; otherwise undefined. */
export function allowedCallback(raw: string | undefined, allowedHosts: readonly string[]): URL | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return isHostAllowed(url, allowedHosts) ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The parent origin (scheme://host[:port], nothing more) when the family may frame the portal from
 * it (the frame-ancestors rule, lib/family-origins.ts); else null. A message never goes where the
 * frame itself could not have loaded.
 */
export function allowedParentOrigin(raw: string | undefined, allowedHosts: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin === "null" || raw.replace(/\/$/, "") !== url.origin) return null;
  return isFrameOriginAllowed(url, allowedHosts) ? url.origin : null;
}

/** A same-site path worth returning to after sign-in, or undefined. */
function returnPath(path: string | undefined): string | undefined {
  // Browsers drop tabs and newlines from URLs: "/\t/evil.net" would become "//evil.net".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (!path?.startsWith("/") || /[\u0000-\u001f\u007f\\\s]/.test(path) || path.startsWith("//"))
    return undefined;
  const pathname = (path.split(/[?#]/)[0] ?? "/").replace(/\/+$/, "") || "/";
  if (NO_RETURN_PATHS.includes(pathname) || pathname === "/2.0" || pathname.startsWith("/2.0/"))
    return undefined;
  return path;
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, v);
  const s = search.toString();
  return s ? `${path}?${s}` : path;
}

export function decideSignInResult(
  user: SignInUserState,
  query: SignInQuery,
  source: SignInSource,
  context: SignInContext,
): SignInResult {
  const callback = allowedCallback(query.callback_url, context.allowedHosts);
  // A sign-in for an OpenID Connect client goes back to its interaction, through every step.
  const oidcReturn = isOidcInteractionPath(query.path) ? query.path : undefined;
  // Only an allowed callback travels on to the next step; a refused one is dropped here.
  // The next step stays in the frame's look (no language switch) when the flow is framed.
  const carried = {
    callback_url: callback?.toString(),
    app_code: query.app_code,
    iframe: query.iframe ? "1" : undefined,
    path: oidcReturn,
  };

  if (!user.isVerified) {
    return {
      kind: "verify-account",
      cookie: "clear",
      redirectUrl: withQuery("/verify-account", {
        verify_type: user.verifyType,
        exp_time: context.expTime?.toString(),
        token: context.flowToken,
        ...carried,
      }),
    };
  }
  if (user.is2faEnabled || user.isRequire2fa) {
    // Two-factor on: prove it; required but off: turn it on first. The step's page is the kind's name.
    const kind = user.is2faEnabled ? "verify-2fa" : "require-enable-2fa";
    return {
      kind,
      cookie: "clear",
      redirectUrl: withQuery(`/${kind}`, {
        token: context.flowToken,
        verify_type: user.twoFaType ?? undefined,
        ...carried,
      }),
    };
  }
  if (!user.hasPhone) {
    return { kind: "complete-reg", cookie: "set", redirectUrl: withQuery("/complete-reg", carried) };
  }

  const postMessageTo = query.iframe ? allowedParentOrigin(query.parent_origin, context.allowedHosts) : null;
  const target =
    callback ??
    (user.isNew && !oidcReturn
      ? allowedCallback(context.defaultCallbackUrl, context.allowedHosts)
      : undefined);
  if (target) {
    const url = new URL(target);
    url.searchParams.set("login_callback", source);
    if (query.client_id) url.searchParams.set("client_id", query.client_id);
    if (user.isNew) url.searchParams.set("track", "complete");
    return {
      kind: "callback",
      cookie: "set",
      callbackUrl: url.toString(),
      appCode: query.app_code || context.defaultAppCode,
      postMessageTo,
    };
  }
  return {
    kind: "home",
    cookie: "set",
    redirectUrl: returnPath(query.path) ?? DEFAULT_LANDING,
    postMessageTo,
  };
}

/** The product's callback URL with its own session token added. */
export function withToken(callbackUrl: string, token: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set("token", token);
  return url.toString();
}
