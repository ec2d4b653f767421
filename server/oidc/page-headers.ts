import "server-only";
import type Provider from "oidc-provider";
import type { Env } from "@/lib/env";
import { pageSecurityHeaders } from "@/lib/security-headers";

/**
 * Where a provider page may send the browser with a form: its own confirm step, and the
 * registered clients' redirect and post-logout URIs (the logout confirmation answers with a
 * redirect there, and a `form_post` answer posts there; CSP form-action covers both).
 */
const targetsCache = new WeakMap<Env, string[]>();
function clientOrigins(config: Env): string[] {
  let origins = targetsCache.get(config);
  if (!origins) {
    const uris = config.OIDC_CLIENTS.flatMap((c) => [...c.redirect_uris, ...c.post_logout_redirect_uris]);
    origins = [...new Set(uris.map((uri) => new URL(uri).origin))];
    targetsCache.set(config, origins);
  }
  return origins;
}

/**
 * The portal pages' headers (lib/security-headers) for the provider's HTML: no nonce (its pages
 * run no script of their own; `form_post` adds its script's hash), and framed by the portal alone
 * (nothing embeds them; the log-out question must not be clicked through someone else's frame).
 */
export function oidcPageHeaders(config: Env): Record<string, string> {
  return pageSecurityHeaders(config, { framing: "self", formTargets: clientOrigins(config) });
}

/** Every HTML answer of oidc-provider (log-out question, signed out, errors, form_post) gets them. */
export function secureProviderPages(provider: Provider, config: Env): void {
  const headers = Object.entries(oidcPageHeaders(config));
  provider.use(async (ctx, next) => {
    // Set before the route runs: oidc-provider adds an inline script's hash to this very policy.
    for (const [name, value] of headers) ctx.set(name, value);
    await next();
    if (ctx.response.is("html")) return;
    // JSON and redirects keep the answer they had (nosniff is right for them too).
    for (const [name] of headers) if (name !== "x-content-type-options") ctx.remove(name);
  });
}
