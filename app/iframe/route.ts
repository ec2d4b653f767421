import { framingOf, openInTabPath } from "@/lib/frame";
import { callAsVisitor } from "@/server/http/page-call";

/**
 * SPEC §2 /iframe?app_code&callback_url&token: the product's token becomes this browser's
 * session (through /auth/adopt-token), then the page continues to the allow-listed callback or
 * into the portal. When adopting could sign a person in as someone else (another person signed in
 * here, or a navigation the browser does not vouch for), the call answers `confirm_url` instead:
 * /switch-account names the account and waits for a click (issue 18). A token that is not live
 * goes to /signin. Inside a frame, a page the frame may not show (/switch-account, the profile)
 * is offered in a new tab by /open-in-tab (issue 37: the question is never clicked in a frame).
 */
export async function GET(request: Request) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const result = await callAsVisitor("/auth/adopt-token", request.headers, {
    token: params.get("token") ?? "",
    app_code: params.get("app_code") ?? undefined,
    callback_url: params.get("callback_url") ?? undefined,
    frame: request.headers.get("sec-fetch-dest") === "iframe",
    fetch_site: request.headers.get("sec-fetch-site") ?? undefined,
    referer: request.headers.get("referer") ?? undefined,
  });
  const envelope = (await result.json()) as {
    code: number;
    data?: { redirect_url?: string; confirm_url?: string };
  };
  const target =
    envelope.code === 200
      ? (envelope.data?.confirm_url ?? envelope.data?.redirect_url ?? "/account/profile")
      : "/signin";
  const to = new URL(target, url);
  const isOffered =
    request.headers.get("sec-fetch-dest") === "iframe" &&
    to.origin === url.origin &&
    framingOf(to.pathname) === "self";
  const location = isOffered ? openInTabPath(`${to.pathname}${to.search}`, url.search) : target;
  const headers = new Headers({ location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  for (const cookie of result.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
