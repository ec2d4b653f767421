// SPEC §2 access states, decided in one place for proxy.ts (from the sealed cookie's hints) and
// the signed-in layout (from the database): the proxy is never the only check.

export type AccessState = "anonymous" | "needs-phone" | "signed-in";

export function accessState(session: { hasPhone: boolean } | null): AccessState {
  if (!session) return "anonymous";
  return session.hasPhone ? "signed-in" : "needs-phone";
}

/** Screens of the signed-in shell that exist so far; the rest arrive with their issues. */
export const SHELL_ROUTES = [
  "/account/profile",
  "/profile",
  "/dashboard",
  "/point",
  "/credit",
  "/referral",
  "/affiliate",
  "/order",
  "/payment",
  "/package",
  "/commission",
  "/invoice",
  // The operator console (DESIGN §13): its layout answers 404 to anyone without the admin scope.
  "/admin",
] as const;
/** Public screens (SPEC §2) that exist so far. */
export const PUBLIC_ROUTES = [
  "/signin",
  "/signup",
  "/verify-account",
  "/complete-reg",
  "/forgottenpass",
  "/oauth2-google",
  "/oauth2-facebook",
  "/oauth2-zalo",
  "/verify-2fa",
  "/require-enable-2fa",
  "/device-limit-exceeded",
  // A right password for an account waiting for deletion: cancel it and sign in.
  "/cancel-deletion",
] as const;
/**
 * Reachable in every state: a reset or verification link is opened from a mail whatever the
 * browser's state, /iframe replaces the session, /login-embed is a panel inside other pages.
 */
export const OPEN_ROUTES = [
  "/dev/outbox",
  "/signout",
  "/resetpass",
  "/verify-email",
  "/iframe",
  // The /iframe confirmation: shown signed in (switch) and signed out (continue as).
  "/switch-account",
  // Inside a product's frame, the offer to open a page the frame may not show (lib/frame.ts).
  "/open-in-tab",
  "/login-embed",
  "/uploads",
  // Checkout is opened from a product by anyone holding the link; its owner signed in spends points.
  "/checkout",
  "/dev/gateway",
  // An OpenID Connect client's consent screen (the interaction checks who answers it).
  "/oidc-consent",
  // The API reference: product teams read it without an account.
  "/docs/api",
] as const;

export const SIGNED_IN_HOME = "/account/profile";

/** The portal's OpenID Connect interaction, where a sign-in made for an OIDC client goes back to. */
export function isOidcInteractionPath(path: string | null | undefined): path is string {
  return Boolean(path && /^\/oidc\/interaction\/[A-Za-z0-9_-]{1,64}$/.test(path));
}

const matches = (pathname: string, routes: readonly string[]) =>
  routes.some((r) => pathname === r || pathname.startsWith(`${r}/`));

/** Where a request for `pathname` must go instead, or null to serve it. */
export function redirectFor(pathname: string, search: string, state: AccessState): string | null {
  if (matches(pathname, OPEN_ROUTES)) return null;
  const isShell = matches(pathname, SHELL_ROUTES) || pathname === "/" || pathname === "/dashboard";
  const isPublic = matches(pathname, PUBLIC_ROUTES);

  if (state === "anonymous") {
    if (isPublic && pathname !== "/complete-reg") return null;
    if (isShell && pathname !== "/") {
      const params = new URLSearchParams(search);
      params.set("path", pathname);
      return `/signin?${params.toString()}`;
    }
    return `/signin${search}`;
  }
  if (state === "needs-phone") {
    if (pathname === "/complete-reg" || pathname === "/signin") return null;
    return "/complete-reg";
  }
  // Signed in: the shell, or sign-in pages that make sense again (sign-out, another account).
  if (matches(pathname, SHELL_ROUTES)) return null;
  // SPEC §2: `/` is the dashboard once signed in.
  if (pathname === "/") return null;
  if (pathname === "/signin" && new URLSearchParams(search).has("logout")) return null;
  if (pathname === "/signin" && new URLSearchParams(search).has("callback_url")) return null;
  // The code form of a product's sign-in (prompt=login asks for a fresh one): as /signin.
  if (pathname === "/signin/code" && new URLSearchParams(search).has("callback_url")) return null;
  // Sign in once: a product's sign-up link for a signed-in person hands them on like /signin.
  if (pathname === "/signup" && new URLSearchParams(search).has("callback_url")) return `/signin${search}`;
  // An OIDC client asked for a fresh sign-in (prompt=login, max_age).
  if (pathname === "/signin" && isOidcInteractionPath(new URLSearchParams(search).get("path"))) return null;
  if (pathname === "/verify-account") return null;
  return SIGNED_IN_HOME;
}
