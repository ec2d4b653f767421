import { dispatch } from "@/lib/http/dispatch";

/**
 * Where /signin?logout=1 is sent when a session cookie comes with it: the session is revoked
 * through the registry's /auth/logout, the cookies are cleared, and the person lands on
 * /signin?logout=1 (which then loads the products' sign-out addresses).
 */
export async function GET(request: Request) {
  const url = new URL(request.url);
  const origin = `${request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "")}://${request.headers.get("host") ?? url.host}`;
  const result = await dispatch(
    new Request(new URL("/2.0/auth/logout", origin), {
      method: "POST",
      headers: {
        cookie: request.headers.get("cookie") ?? "",
        origin,
        host: request.headers.get("host") ?? url.host,
        "content-type": "application/json",
        "user-agent": request.headers.get("user-agent") ?? "",
        "x-forwarded-for": request.headers.get("x-forwarded-for") ?? "",
      },
      body: "{}",
    }),
  );
  const params = new URLSearchParams(url.search);
  params.set("logout", "1");
  const headers = new Headers({ location: `/signin?${params.toString()}`, "cache-control": "no-store" });
  for (const cookie of result.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
