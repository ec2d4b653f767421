// Iframe mode (SPEC §4) as pure functions: which origin frames this page, and how a framed step's
// next page keeps the frame's context. The browser keeps no cookie or storage for us inside
// another site's frame, so this context travels in the URL.

/** Query keys that keep a page in the frame's look and let it find its parent. */
export const FRAME_KEYS = ["iframe", "layout", "lang", "parent_origin"] as const;
/** The hand-off keys a framed "back to sign-in" link keeps, so that sign-in still reaches the product. */
const HANDOFF_KEYS = ["callback_url", "app_code", "client_id", "store_id"] as const;

function originOf(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const origin = new URL(raw).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The embedding page's origin, best source first: `location.ancestorOrigins` (Chromium, Safari;
 * not masked by referrer policies), then `parent_origin` from the query (carried from step to step
 * and passed by products whose browsers lack ancestorOrigins and whose referrer policy hides the
 * referrer), then the referrer when it is another origin (a later step's referrer is the portal
 * itself). The server only posts to an allow-listed origin, and postMessage delivers only when the
 * parent really has it, so a wrong guess loses the message but never leaks it.
 */
export function resolveParentOrigin(source: {
  selfOrigin: string;
  ancestorOrigin?: string | null;
  queryParentOrigin?: string | null;
  referrer?: string | null;
}): string | undefined {
  const ancestor = originOf(source.ancestorOrigin);
  if (ancestor) return ancestor;
  const fromQuery = originOf(source.queryParentOrigin);
  if (fromQuery) return fromQuery;
  const fromReferrer = originOf(source.referrer);
  return fromReferrer && fromReferrer !== source.selfOrigin ? fromReferrer : undefined;
}

export type FrameContext = {
  /** The current page's search string (`?iframe=1&…`). */
  search: string;
  selfOrigin: string;
  parentOrigin?: string;
  /** The language the current page is shown in (`<html lang>`). */
  lang?: string;
};

/** A same-origin target as a URL, or undefined for another site (a product's callback). */
function sameOriginUrl(target: string, selfOrigin: string): URL | undefined {
  try {
    const url = new URL(target, selfOrigin);
    return url.origin === selfOrigin ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Inside a frame (`iframe=1`), the portal page `target` with the frame's context added where it
 * is missing: `iframe`, `layout`, `lang` and `parent_origin`. Anything else is returned as is.
 */
export function withFrameContext(target: string, frame: FrameContext): string {
  const current = new URLSearchParams(frame.search);
  if (current.get("iframe") !== "1") return target;
  const url = sameOriginUrl(target, frame.selfOrigin);
  if (!url) return target;
  const values: Record<(typeof FRAME_KEYS)[number], string | undefined> = {
    iframe: "1",
    layout: current.get("layout") ?? undefined,
    lang: current.get("lang") ?? frame.lang,
    parent_origin: frame.parentOrigin ?? current.get("parent_origin") ?? undefined,
  };
  for (const key of FRAME_KEYS) {
    const value = values[key];
    if (value && !url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a step's "back to sign-in" link goes: `/signin` outside a frame; inside one, with the
 * frame's context and the product's hand-off (callback_url, app_code, …) so the sign-in still
 * ends at the product.
 */
export function signInHref(frame: FrameContext): string {
  const current = new URLSearchParams(frame.search);
  if (current.get("iframe") !== "1") return "/signin";
  const params = new URLSearchParams();
  for (const key of HANDOFF_KEYS) {
    const value = current.get(key);
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return withFrameContext(query ? `/signin?${query}` : "/signin", frame);
}
