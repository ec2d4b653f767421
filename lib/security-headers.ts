// The security headers of every HTML page the portal answers: Next's pages (proxy.ts) and the
// OpenID Connect provider's own pages (server/oidc), from one policy so the two cannot drift.
import type { Env } from "@/lib/env";
import { familyHosts, frameAncestorSources } from "@/lib/family-origins";

/**
 * frame-ancestors of the pages a product frames: the portal and the family, that is
 * CALLBACK_ALLOWED_HOSTS and every APPS_CONFIG home (lib/family-origins.ts), the same list the
 * framed sign-in's message is checked against.
 */
function familyAncestors(config: Env): string {
  return ["'self'", ...frameAncestorSources(familyHosts(config))].join(" ");
}

/** Origins of the products' sign-out pages, loaded in hidden frames by /signin?logout=1. */
function logoutOrigins(config: Env): string[] {
  return Object.values(config.APPS_CONFIG).flatMap((app) => (app.logout ? [new URL(app.logout).origin] : []));
}

/** Everything in the policy but the nonce and the form targets depends on the configuration only: built once. */
const policyCache = new WeakMap<Env, { directives: string[]; family: string }>();
function staticPolicy(config: Env) {
  let policy = policyCache.get(config);
  if (!policy) {
    const video = config.LOGIN_EMBED_VIDEO_URL ? new URL(config.LOGIN_EMBED_VIDEO_URL).origin : "";
    // An operator's logo on another host (BRAND_LOGO_URL); a path is the portal's own.
    const logo = config.BRAND_LOGO_URL.startsWith("/") ? "" : new URL(config.BRAND_LOGO_URL).origin;
    policy = {
      directives: [
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' data: blob: ${logo}`.trim(),
        `media-src 'self' ${video}`.trim(),
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        `frame-src 'self' ${logoutOrigins(config).join(" ")}`.trim(),
        "object-src 'none'",
        "base-uri 'self'",
      ],
      family: familyAncestors(config),
    };
    policyCache.set(config, policy);
  }
  return policy;
}

export type PageHeaderOptions = {
  /** The page's script nonce (Next's pages); without one only the portal's own script files run. */
  nonce?: string;
  /** `next dev` evaluates code (React's refresh). */
  isDev?: boolean;
  /**
   * Who may frame the page: the product family (the pages a product's frame shows: lib/frame's
   * FAMILY_FRAMED_PAGES) or, by default, the portal alone (which X-Frame-Options then says too).
   */
  framing?: "family" | "self";
  /** Where a form (or the redirect that answers it) may go besides the portal. */
  formTargets?: readonly string[];
};

/** CSP (frame-ancestors included), nosniff, Referrer-Policy, and HSTS in production over https. */
export function pageSecurityHeaders(config: Env, options: PageHeaderOptions = {}): Record<string, string> {
  const { directives, family } = staticPolicy(config);
  const scripts = options.nonce ? ` 'nonce-${options.nonce}' 'strict-dynamic'` : "";
  const csp = [
    "default-src 'self'",
    `script-src 'self'${scripts}${options.isDev ? " 'unsafe-eval'" : ""}`,
    ...directives,
    ["form-action 'self'", ...(options.formTargets ?? [])].join(" "),
    `frame-ancestors ${options.framing === "family" ? family : "'self'"}`,
  ].join("; ");
  const headers: Record<string, string> = {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
  // X-Frame-Options cannot name the family's hosts; browsers that know frame-ancestors ignore it.
  if (options.framing !== "family") headers["x-frame-options"] = "SAMEORIGIN";
  if (config.NODE_ENV === "production" && config.APP_URL?.startsWith("https:")) {
    headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}
