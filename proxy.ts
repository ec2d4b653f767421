import { type NextRequest, NextResponse } from "next/server";
import { accessState, redirectFor } from "@/lib/access";
import { serializeCookie } from "@/lib/cookies";
import { type Env, env } from "@/lib/env";
import { LANGUAGE_COOKIE, requestedLocale } from "@/lib/locales";
import { SESSION_COOKIE, unsealSession } from "@/lib/session";

/** frame-ancestors from the callback allow-list: only the product family may frame the portal. */
function frameAncestors(hosts: string[]): string {
  const sources = hosts.flatMap((h) =>
    /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(h) ? [`http://${h}`, `https://${h}`] : [`https://${h}`],
  );
  return ["'self'", ...sources].join(" ");
}

/** Origins of the products' sign-out pages, loaded in hidden frames by /signin?logout=1. */
function logoutOrigins(config: Env): string[] {
  return Object.values(config.APPS_CONFIG).flatMap((app) => (app.logout ? [new URL(app.logout).origin] : []));
}

/** Everything in the policy but the nonce depends on the configuration only: built once per process. */
const policyCache = new WeakMap<Env, string[]>();
function staticPolicy(config: Env): string[] {
  let policy = policyCache.get(config);
  if (!policy) {
    const video = config.LOGIN_EMBED_VIDEO_URL ? new URL(config.LOGIN_EMBED_VIDEO_URL).origin : "";
    policy = [
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      `media-src 'self' ${video}`.trim(),
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
      `frame-src 'self' ${logoutOrigins(config).join(" ")}`.trim(),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${frameAncestors(config.allowedHosts)}`,
    ];
    policyCache.set(config, policy);
  }
  return policy;
}

function securityHeaders(nonce: string, isDev: boolean): Record<string, string> {
  const config = env();
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    ...staticPolicy(config),
  ].join("; ");
  const headers: Record<string, string> = {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
  if (config.NODE_ENV === "production" && config.APP_URL?.startsWith("https:")) {
    headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const config = env();
  const session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value, config.SESSION_SECRET);

  // Sign-out lands on /signin?logout=1: whatever session cookie comes with it is revoked first.
  if (
    pathname === "/signin" &&
    request.nextUrl.searchParams.has("logout") &&
    request.cookies.has(SESSION_COOKIE)
  ) {
    return NextResponse.redirect(new URL(`/signout${search}`, request.url));
  }

  const target = redirectFor(pathname, search, accessState(session));
  if (target) return NextResponse.redirect(new URL(target, request.url));

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const headers = securityHeaders(nonce, config.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["content-security-policy"] ?? "");
  requestHeaders.set("x-portal-iframe", request.nextUrl.searchParams.get("iframe") === "1" ? "1" : "0");
  // The asked-for language renders this very request and is kept for the next ones.
  const locale = requestedLocale(request.nextUrl.searchParams);
  if (locale && request.cookies.get(LANGUAGE_COOKIE)?.value !== locale) {
    request.cookies.set(LANGUAGE_COOKIE, locale);
    requestHeaders.set("cookie", request.cookies.toString());
  }
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  if (locale) {
    const secure = request.nextUrl.protocol === "https:";
    const frame = request.nextUrl.searchParams.get("iframe") === "1" && secure;
    response.headers.append(
      "set-cookie",
      serializeCookie(LANGUAGE_COOKIE, locale, {
        maxAge: 365 * 24 * 60 * 60,
        secure: secure || frame,
        sameSite: frame ? "None" : "Lax",
        partitioned: frame,
      }),
    );
  }
  return response;
}

export const config = {
  // Pages only: /2.0 calls, the cookie pixel and static files skip the proxy.
  matcher: ["/((?!2\\.0/|_next/static|_next/image|favicon\\.ico|cookie$).*)"],
};
