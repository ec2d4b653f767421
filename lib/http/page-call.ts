import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { dispatch } from "./dispatch";
import type { Envelope } from "./envelope";

/**
 * Runs a /2.0 call in-process on the visitor's behalf: through the same registry and dispatch
 * as the browser's, carrying the visitor's cookies (session, language), address and agent.
 */
export function callAsVisitor(
  path: string,
  incoming: Headers,
  body: Record<string, unknown> = {},
): Promise<Response> {
  const host = incoming.get("host") ?? "localhost";
  const origin = `${incoming.get("x-forwarded-proto") ?? "http"}://${host}`;
  return dispatch(
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
}

/** A server component's /2.0 call. */
export async function pageCall<T>(path: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> {
  const response = await callAsVisitor(path, await headers(), body);
  return (await response.json()) as Envelope<T>;
}

/** The signed-in person for this render; layout and page share one call. */
export const getMe = cache(<T>() => pageCall<T>("/auth/userinfo"));
