import "server-only";
import { serializeCookie } from "@/lib/cookies";
import { type CookieContext, clearedSessionCookies, sealSession, sessionCookies } from "@/lib/session";
import type { CallResult } from "./call";

/**
 * The Set-Cookie lines a call's result asks for: its session directive (the sealed session set,
 * or cleared) and its other cookies (OAuth binding, language, …).
 */
export async function setCookiesOf(
  result: CallResult,
  cookieCtx: CookieContext,
  secret: string,
): Promise<string[]> {
  const setCookies: string[] = [];
  if (result.session && "set" in result.session) {
    const s = result.session.set;
    const sealedValue = await sealSession({ token: s.token, userId: s.userId, hasPhone: s.hasPhone }, secret);
    setCookies.push(
      ...sessionCookies(
        sealedValue,
        { _id: s.userId, email: s.email, fullname: s.fullname },
        cookieCtx,
        s.frame,
      ),
    );
  } else if (result.session && "clear" in result.session) {
    setCookies.push(...clearedSessionCookies(cookieCtx));
  }
  for (const c of result.cookies ?? []) {
    setCookies.push(
      serializeCookie(c.name, c.value, {
        maxAge: c.maxAge,
        httpOnly: c.httpOnly,
        ...(c.frame
          ? { secure: true, sameSite: "None" as const, partitioned: true }
          : { secure: cookieCtx.secure, sameSite: "Lax" as const }),
      }),
    );
  }
  return setCookies;
}
