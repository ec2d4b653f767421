import "server-only";
import { clientAuthMethodsOf, type OidcClientConfig } from "@/lib/env-values";
import { allowedHosts } from "@/server/auth/hand-off";
import type { Ctx } from "@/server/context";
import type { ClientsDto, OidcClientDto, ProductAppDto } from "./people-extra-schema";

// Operations (/admin/clients): what the portal was configured to talk to. Read from the
// environment each call, and cut down to what an operator needs to check a setup: never an api
// key, a webhook's signing secret or a client secret, nor a webhook address's path (it may carry
// a token of its own).

/** The OpenID Connect provider's mount; server/oidc/provider.ts (OIDC_MOUNT) says the same. */
const OIDC_MOUNT = "/oidc";

function hostOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

/**
 * A configured client as the provider registers it (server/oidc/provider.ts toClientMetadata):
 * confidential clients authenticate with their secret (HTTP Basic or the form body, unless pinned
 * to one), public ones with PKCE only; its secret stays out. Kept apart from the provider so this
 * call does not load it.
 */
function toOidcClientDto(client: OidcClientConfig): OidcClientDto {
  const methods = clientAuthMethodsOf(client);
  return {
    client_id: client.client_id,
    name: client.name ?? client.client_id,
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    token_endpoint_auth_method: methods[0] ?? "none",
    token_endpoint_auth_methods: methods,
    first_party: client.first_party,
  };
}

/** /admin/clients/list: the product apps (APPS_CONFIG), the hosts a sign-in may return to, the OIDC clients. */
export function listClients(ctx: Pick<Ctx, "env">): ClientsDto {
  const { APPS_CONFIG, OIDC_CLIENTS, APP_URL, PORT } = ctx.env;
  const apps: ProductAppDto[] = Object.entries(APPS_CONFIG)
    .map(([code, app]) => ({
      code,
      name: app.name,
      home: app.home,
      logout: app.logout ?? null,
      webhook_host: hostOf(app.webhook),
      has_api_key: Boolean(app.api_key),
      has_webhook_secret: Boolean(app.webhook_secret),
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
  const base = (APP_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, "");
  return {
    apps,
    callback_hosts: [...new Set(allowedHosts(ctx))],
    oidc_clients: OIDC_CLIENTS.map(toOidcClientDto),
    oidc_issuer: OIDC_CLIENTS.length > 0 ? `${base}${OIDC_MOUNT}` : null,
  };
}
