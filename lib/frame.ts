// Iframe mode (SPEC §4) as pure functions: which pages a product may frame, which origin frames
// this page, and how a framed step's next page keeps the frame's context. The browser keeps no
// cookie or storage for us inside another site's frame, so this context travels in the URL.
import { SHELL_ROUTES } from "./access";

/**
 * The pages a product of the family may frame (CSP frame-ancestors with CALLBACK_ALLOWED_HOSTS):
 * the framed sign-in and every page it continues on inside the frame, the hand-off, the landing
 * panel and the checkout (README "For sibling products" says why each). Any other page, the
 * signed-in shell and the console above all, is framed by the portal alone (issue 37: a product's
 * page must not be able to clickjack the console, the account's deletion or an account switch).
 */
export const FAMILY_FRAMED_PAGES = [
  "/signin",
  // Sign in with a one-time code (server/auth/code-signin.ts): the framed sign-in's other form.
  "/signin/code",
  "/signup",
  "/verify-account",
  "/verify-2fa",
  "/require-enable-2fa",
  "/device-limit-exceeded",
  "/complete-reg",
  "/complete-reg/social",
  "/forgottenpass",
  "/open-in-tab",
  "/iframe",
  "/login-embed",
  "/checkout",
  "/checkout/result",
] as const;

/** Who may frame the page at `pathname` (exact paths: a framed page does not make its children framed). */
export function framingOf(pathname: string): "family" | "self" {
  return (FAMILY_FRAMED_PAGES as readonly string[]).includes(pathname) ? "family" : "self";
}

/** The page that offers, inside a frame, a portal page the frame may not show (in a new tab). */
export const OPEN_IN_TAB_PATH = "/open-in-tab";

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
  /** The page runs inside a frame (`window.parent !== window`). */
  isFramed?: boolean;
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

const matchesRoute = (pathname: string, route: string) =>
  pathname === route || pathname.startsWith(`${route}/`);

/**
 * Where /open-in-tab may send its new tab: a page of the signed-in shell, /cancel-deletion or
 * /switch-account (each asks for a click of its own there, at the top of its own tab); anything
 * else, and a download or another site, is the profile. Never /iframe or /signout, which act on
 * arrival: a same-origin click would adopt a product's token without the /switch-account question.
 */
export function openInTabTarget(raw: string | null | undefined): string {
  const home = "/account/profile";
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return home;
  let url: URL;
  try {
    url = new URL(raw, "https://portal.invalid");
  } catch {
    return home;
  }
  if (url.origin !== "https://portal.invalid") return home;
  const { pathname } = url;
  const isShellPage =
    (pathname === "/" || SHELL_ROUTES.some((route) => matchesRoute(pathname, route))) &&
    !pathname.endsWith("/export");
  const isOwnStep = pathname === "/cancel-deletion" || pathname === "/switch-account";
  return isShellPage || isOwnStep ? `${pathname}${url.search}` : home;
}

/**
 * /open-in-tab for `target`, in the frame's look: `iframe=1` (it is only ever shown in a frame),
 * and the layout, language and parent origin of the current `search`.
 */
export function openInTabPath(target: string, search: string): string {
  const current = new URLSearchParams(search);
  const params = new URLSearchParams({ to: openInTabTarget(target), iframe: "1" });
  for (const key of FRAME_KEYS) {
    const value = current.get(key);
    if (value && key !== "iframe") params.set(key, value);
  }
  return `${OPEN_IN_TAB_PATH}?${params.toString()}`;
}

/**
 * Where a step's navigation goes: inside a frame, a portal page the family may not frame (the
 * profile at the end of a sign-in without a callback, /cancel-deletion) is offered in a new tab by
 * /open-in-tab rather than refused by the browser; then the frame's context is kept.
 */
export function frameTarget(target: string, frame: FrameContext): string {
  const url = frame.isFramed ? sameOriginUrl(target, frame.selfOrigin) : undefined;
  const next =
    url && framingOf(url.pathname) === "self"
      ? openInTabPath(`${url.pathname}${url.search}`, frame.search)
      : target;
  return withFrameContext(next, frame);
}
