"use client";
import type { Envelope } from "./envelope";

export type ApiData = Record<string, unknown> & {
  redirect_url?: string;
  fields?: Record<string, string>;
  error?: string;
};

/**
 * Calls a /2.0 path from the browser. The session cookie travels by itself; the token never
 * reaches JavaScript. A transport failure becomes code 500 with `networkMessage` (SPEC §8);
 * code 401 sends the person to /signin keeping the search string.
 */
export async function api<T = ApiData>(
  path: string,
  body: Record<string, unknown>,
  options: {
    networkMessage: string;
    on401?: "redirect" | "return";
    /** The caller shows the device-limit answer itself (the set-up dialogs keep backup codes). */
    keepDeviceLimit?: boolean;
  },
): Promise<Envelope<T>> {
  let envelope: Envelope<T>;
  try {
    const response = await fetch(`/2.0${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    return { code: 500, message: options.networkMessage, data: {} as T };
  }
  if (envelope.code === 401 && options.on401 !== "return") {
    window.location.assign(`/signin${window.location.search}`);
  }
  // SPEC §8: a sign-in step stopped by the device limit continues on /device-limit-exceeded.
  const data = envelope.data as { error?: string; redirect_url?: string } | null;
  if (
    envelope.code === 503 &&
    data?.error === "DEVICE_LIMIT_EXCEEDED" &&
    data.redirect_url?.startsWith("/device-limit-exceeded?") &&
    !options.keepDeviceLimit
  ) {
    window.location.assign(data.redirect_url);
  }
  return envelope;
}

/** Query string of the current page as an object (callback_url, app_code, …). */
export function currentQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(window.location.search));
}

/** The embedding page's origin when this page runs in a frame (checked by the server). */
export function parentOrigin(): string | undefined {
  if (window.parent === window) return undefined;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** The hand-off fields every sign-in step sends from the page's query (SPEC §7). */
export function handoffFields() {
  const query = currentQuery();
  return {
    parent_origin: query.iframe === "1" ? parentOrigin() : undefined,
    callback_url: query.callback_url,
    app_code: query.app_code,
    store_id: query.store_id,
    client_id: query.client_id,
    path: query.path,
    iframe: query.iframe === "1",
    search: window.location.search,
  };
}

type FrameMessage = { target_origin: string; message: Record<string, { is_close_iframe?: boolean }> };

/**
 * Ends a sign-in step: in iframe mode the result goes to the parent window, to the origin the
 * server validated (never "*"); the parent closes the frame when asked, otherwise the frame
 * carries on to the redirect.
 */
export function finishHandoff(
  data: { redirect_url?: string; post_message?: unknown },
  fallback = "/account/profile",
) {
  const post = data.post_message as FrameMessage | undefined;
  if (post && window.parent !== window) {
    window.parent.postMessage(post.message, post.target_origin);
    if (Object.values(post.message).some((m) => m.is_close_iframe)) return;
  }
  go(data.redirect_url ?? fallback);
}

/** Follows a redirect the server computed: same-site paths and allow-listed callbacks only. */
export function go(url: string): void {
  window.location.assign(url);
}
