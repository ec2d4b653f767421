import { type NextRequest, NextResponse } from "next/server";
import { accessState, redirectFor } from "@/lib/access";
import { serializeCookie } from "@/lib/cookies";
import { type Env, env } from "@/lib/env";
import { familyHosts, refusedFrameParent } from "@/lib/family-origins";
import { framingOf, openInTabPath } from "@/lib/frame";
import { LANGUAGE_COOKIE, requestedLocale } from "@/lib/locales";
import { logger } from "@/lib/logger";
import { oncePerWindow } from "@/lib/once-per-window";
import { pageSecurityHeaders } from "@/lib/security-headers";
import { SESSION_COOKIE, unsealSession } from "@/lib/session";

/**
 * Each refused parent is named once an hour, at most 100 of them an hour: any site can frame the
 * sign-in on every page view (and forge the Referer of its own requests), so a line per request
 * would let it fill the log; one line per origin is all a product team needs to find its mistake.
 */
const frameParentWarnings = oncePerWindow({ windowMs: 60 * 60 * 1000, maxKeys: 100 });

/** One warning line naming a parent the browser will refuse to show a framed page in. */
function warnIfFrameParentRefused(request: NextRequest, config: Env, pathname: string): void {
  const origin = refusedFrameParent(request.headers, familyHosts(config));
  if (!origin || !frameParentWarnings(origin)) return;
  logger.warn(
    { frame_parent: origin, path: pathname },
    `frame refused: ${origin} is not in CALLBACK_ALLOWED_HOSTS or an APPS_CONFIG home (or is plain http off loopback, or not on the listed port)`,
  );
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
  if (target) {
    // Inside a frame, a page the frame may not show (a signed-in person's framed /signin goes to
    // the profile) is offered in a new tab rather than refused by the browser.
    const isFrame = request.headers.get("sec-fetch-dest") === "iframe";
    const isOffered = isFrame && framingOf(new URL(target, request.url).pathname) === "self";
    return NextResponse.redirect(new URL(isOffered ? openInTabPath(target, search) : target, request.url));
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  // Only the pages a product's frame shows name the family in frame-ancestors (lib/frame.ts).
  const framing = framingOf(pathname);
  if (framing === "family") warnIfFrameParentRefused(request, config, pathname);
  const headers = pageSecurityHeaders(config, {
    nonce,
    isDev: config.NODE_ENV === "development",
    framing,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["content-security-policy"] ?? "");
  requestHeaders.set("x-portal-iframe", request.nextUrl.searchParams.get("iframe") === "1" ? "1" : "0");
  // The asked-for language (`?lang=` / `ui_locales`, the first step of lib/locales.ts pickLocale)
  // renders this very request as its LANGUAGE cookie (i18n/request.ts reads the rest of the rule)
  // and is kept for the next ones.
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
  // Pages only: /2.0 calls, the cookie pixel and static files (the icons and the web manifest of
  // app/icon.svg, apple-icon.png and manifest.ts, which every state must reach) skip the proxy.
  matcher: [
    "/((?!2\\.0/|_next/static|_next/image|favicon\\.ico|icon\\.svg$|apple-icon\\.png$|manifest\\.webmanifest$|cookie$).*)",
  ],
};
