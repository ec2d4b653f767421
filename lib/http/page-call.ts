import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { dispatch } from "./dispatch";
import type { Envelope } from "./envelope";

/**
 * A server component's /2.0 call: through the same registry and dispatch as the browser's,
 * carrying the visitor's own cookies (session, language).
 */
export async function pageCall<T>(path: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> {
  const incoming = await headers();
  const host = incoming.get("host") ?? "localhost";
  const proto = incoming.get("x-forwarded-proto") ?? "http";
  const origin = `${proto}://${host}`;
  const response = await dispatch(
    new Request(`${origin}/2.0${path}`, {
      method: "POST",
      headers: {
        cookie: incoming.get("cookie") ?? "",
        host,
        origin,
        "content-type": "application/json",
        "user-agent": incoming.get("user-agent") ?? "",
        "x-forwarded-for": incoming.get("x-forwarded-for") ?? "",
      },
      body: JSON.stringify(body),
    }),
  );
  return (await response.json()) as Envelope<T>;
}

/** The signed-in person for this render; layout and page share one call. */
export const getMe = cache(<T>() => pageCall<T>("/auth/userinfo"));
