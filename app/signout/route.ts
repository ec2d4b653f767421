import { callAsVisitor } from "@/server/http/page-call";

/**
 * Where /signin?logout=1 is sent when a session cookie comes with it: the session is revoked
 * through the registry's /auth/logout, the cookies are cleared, and the person lands on
 * /signin?logout=1 (which then loads the products' sign-out addresses).
 */
export async function GET(request: Request) {
  const result = await callAsVisitor("/auth/logout", request.headers);
  const params = new URLSearchParams(new URL(request.url).search);
  // A session the database no longer knows (revoked elsewhere, expired): SPEC §8's 401 path,
  // cookies cleared and back to /signin, without the products' sign-out round.
  const expired = params.has("expired");
  params.delete("expired");
  if (!expired) params.set("logout", "1");
  const search = params.toString();
  const headers = new Headers({
    location: `/signin${search ? `?${search}` : ""}`,
    "cache-control": "no-store",
  });
  for (const cookie of result.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
