import { callAsVisitor } from "@/lib/http/page-call";

/**
 * Where /signin?logout=1 is sent when a session cookie comes with it: the session is revoked
 * through the registry's /auth/logout, the cookies are cleared, and the person lands on
 * /signin?logout=1 (which then loads the products' sign-out addresses).
 */
export async function GET(request: Request) {
  const result = await callAsVisitor("/auth/logout", request.headers);
  const params = new URLSearchParams(new URL(request.url).search);
  params.set("logout", "1");
  const headers = new Headers({ location: `/signin?${params.toString()}`, "cache-control": "no-store" });
  for (const cookie of result.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
