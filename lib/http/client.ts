"use client";
import { redirectFor } from "@/lib/access";
import { type FrameContext, frameTarget, resolveParentOrigin } from "@/lib/frame";
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
    go(data.redirect_url);
  }
  return envelope;
}

/** Query string of the current page as an object (callback_url, app_code, …). */
export function currentQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(window.location.search));
}

function isFramed(): boolean {
  return window.parent !== window;
}

/** The embedding page's origin when this page runs in a frame (checked by the server). */
export function parentOrigin(): string | undefined {
  if (!isFramed()) return undefined;
  return resolveParentOrigin({
    selfOrigin: window.location.origin,
    ancestorOrigin: window.location.ancestorOrigins?.[0],
    queryParentOrigin: new URLSearchParams(window.location.search).get("parent_origin"),
    referrer: document.referrer,
  });
}

/** What a framed page hands on to the next one: the frame's keys, its parent, its language. */
export function frameContext(): FrameContext {
  return {
    search: window.location.search,
    isFramed: isFramed(),
    selfOrigin: window.location.origin,
    parentOrigin: parentOrigin(),
    lang: document.documentElement.lang || undefined,
  };
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

/** Query flag of the sign-in page that says the browser keeps no session inside this frame. */
export const FRAME_STORAGE_BLOCKED = "frame_storage";

/**
 * True unless the session cookie the server just set is missing: a browser that blocks
 * third-party cookies (partitioned ones too) keeps none inside another site's frame.
 */
async function sessionKept(): Promise<boolean> {
  try {
    const response = await fetch("/2.0/auth/userinfo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: "{}",
    });
    return ((await response.json()) as { code?: number }).code !== 401;
  } catch {
    return true;
  }
}

/**
 * Ends a sign-in step: in iframe mode the result goes to the parent window, to the origin the
 * server validated (never "*"); the parent closes the frame when asked, otherwise the frame
 * carries on to the redirect. A framed redirect to a signed-in portal page needs the session
 * cookie: where the browser did not keep it, the frame says so instead of looping to sign-in.
 */
export async function finishHandoff(
  data: { redirect_url?: string; post_message?: unknown },
  fallback = "/account/profile",
): Promise<void> {
  const post = data.post_message as FrameMessage | undefined;
  const framed = isFramed();
  if (post && framed) {
    window.parent.postMessage(post.message, post.target_origin);
    if (Object.values(post.message).some((m) => m.is_close_iframe)) return;
  }
  const target = data.redirect_url ?? fallback;
  if (framed && new URLSearchParams(window.location.search).get("iframe") === "1") {
    const url = new URL(target, window.location.href);
    const needsSession =
      url.origin === window.location.origin && redirectFor(url.pathname, url.search, "anonymous") !== null;
    if (needsSession && !(await sessionKept())) {
      go(`/signin?${FRAME_STORAGE_BLOCKED}=blocked`);
      return;
    }
  }
  go(target);
}

/**
 * Follows a redirect the server computed: same-site paths and allow-listed callbacks only. Inside
 * a frame, a portal page keeps the frame's context (iframe, layout, lang, parent origin), and one
 * the frame may not show (lib/frame's FAMILY_FRAMED_PAGES) is offered in a new tab instead.
 */
export function go(url: string): void {
  window.location.assign(frameTarget(url, frameContext()));
}
