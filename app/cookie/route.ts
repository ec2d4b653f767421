import { serializeCookie } from "@/lib/cookies";
import { env } from "@/lib/env";
import { REFERRAL_COOKIE_MAX_AGE, REFERRAL_COOKIES } from "@/lib/referral";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const QUERY_TO_COOKIE = {
  referral_id: "referral",
  affilate_code: "affiliate",
  ladiflow_ref: "flow",
} as const satisfies Record<string, keyof typeof REFERRAL_COOKIES>;

/**
 * SPEC §2 cookie page: a sibling site loads `/cookie?referral_id&affilate_code&ladiflow_ref` as an
 * image; the values wait in this browser until sign-up sends them.
 */
export function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  // Behind a TLS-terminating proxy the request arrives as http: APP_URL or the proxy says https.
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const configured = env().APP_URL;
  const secure = configured
    ? configured.startsWith("https:")
    : (forwarded ?? new URL(request.url).protocol.replace(":", "")) === "https";
  const headers = new Headers({
    "content-type": "image/gif",
    "cache-control": "no-store",
    "content-length": String(PIXEL.length),
  });
  for (const [param, kind] of Object.entries(QUERY_TO_COOKIE)) {
    const value = params.get(param)?.trim();
    if (!value || value.length > 100 || !/^[\w.-]+$/.test(value)) continue;
    headers.append(
      "set-cookie",
      serializeCookie(REFERRAL_COOKIES[kind], value, {
        maxAge: REFERRAL_COOKIE_MAX_AGE[kind],
        httpOnly: true,
        secure,
        // The pixel is usually loaded by another site: the cookie must be stored from there too.
        sameSite: secure ? "None" : "Lax",
      }),
    );
  }
  return new Response(new Uint8Array(PIXEL), { status: 200, headers });
}
