import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import type { Envelope } from "@/lib/http/envelope";
import { API_PREFIX, type ApiRequest, toWebResponse } from "./api-request";
import { handleApi } from "./dispatch";

/**
 * Runs a /2.0 call in-process on the visitor's behalf: through the same registry and dispatch
 * as the browser's, carrying the visitor's cookies (session, language), Accept-Language, address and
 * agent: the answer speaks the page's language by the same rule (lib/locales.ts pickLocale).
 * Route handlers get a Response (they pass its cookies on); pages get the envelope.
 */
export async function callAsVisitor(
  path: string,
  incoming: Headers,
  body: Record<string, unknown> = {},
): Promise<Response> {
  return toWebResponse(await handleApi(visitorRequest(path, incoming, body)));
}

/** The call as the visitor's browser would make it (no web Request needed in-process). */
function visitorRequest(path: string, incoming: Headers, body: Record<string, unknown>): ApiRequest {
  const host = incoming.get("host") ?? "localhost";
  const origin = `${incoming.get("x-forwarded-proto") ?? "http"}://${host}`;
  const sent: Record<string, string> = {
    cookie: incoming.get("cookie") ?? "",
    "accept-language": incoming.get("accept-language") ?? "",
    host,
    origin,
    "content-type": "application/json",
    "user-agent": incoming.get("user-agent") ?? "",
    "x-forwarded-for": incoming.get("x-forwarded-for") ?? "",
  };
  const text = JSON.stringify(body);
  return {
    method: "POST",
    url: `${API_PREFIX}${path}`,
    origin,
    header: (name) => sent[name] || undefined,
    text: async () => text,
    formData: () => Promise.reject(new Error("calls made in-process send JSON")),
  };
}

/** A server component's /2.0 call. */
export async function pageCall<T>(path: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> {
  const answer = await handleApi(visitorRequest(path, await headers(), body));
  return JSON.parse(answer.body) as Envelope<T>;
}

/** The signed-in person for this render; layout and page share one call. */
export const getMe = cache(<T>() => pageCall<T>("/auth/userinfo"));
