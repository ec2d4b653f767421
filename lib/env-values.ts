// The shapes and checks of lib/env.ts's structured settings: the products of APPS_CONFIG, the OpenID
// Connect clients of OIDC_CLIENTS, and the URL and address rules. No imports but zod, so the
// deployment-file tests and the server's modules can read them without the whole configuration.
import { z } from "zod";

/** One product of the family: where it lives and where it signs a person out. */
export const appSchema = z
  .object({
    name: z.string(),
    home: z.url(),
    logout: z.url().optional(),
    /** The secret the product presents as `authorization: Bearer …` on server-to-server calls (DESIGN §11). */
    api_key: z.string().min(16).optional(),
    /** Where the portal posts the product's events (order.paid, …). */
    webhook: z.url().optional(),
    /** Signs those events (`x-portal-signature`); required with `webhook`. */
    webhook_secret: z.string().min(16).optional(),
  })
  .refine((app) => !app.webhook || app.webhook_secret, {
    message: "an app with a webhook needs a webhook_secret",
    path: ["webhook_secret"],
  });
export type AppConfig = z.infer<typeof appSchema>;

/** How a client may authenticate at the token, revocation and introspection endpoints. */
export const TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/**
 * An application that signs people in through the portal's OpenID Connect provider (issue 14).
 * No secret = a public client (a browser or mobile app), which must use PKCE.
 */
export const oidcClientSchema = z
  .object({
    client_id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._-]+$/, "client_id: letters, digits, dot, dash and underscore"),
    client_secret: z.string().min(16).nullish(),
    /** Shown on the consent screen and in the profile's device list. */
    name: z.string().min(1).max(100).optional(),
    redirect_uris: z.array(z.url()).min(1),
    post_logout_redirect_uris: z.array(z.url()).default([]),
    /** The family's own applications: no consent screen. */
    first_party: z.boolean().default(false),
    /**
     * Pins a client with a secret to one way of presenting it (`client_secret_basic`: HTTP Basic;
     * `client_secret_post`: in the form body); without it such a client may use either (issue 38:
     * openid-client's default is the body, curl -u and many libraries send Basic).
     */
    token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).optional(),
  })
  .refine(
    (c) =>
      c.token_endpoint_auth_method === undefined ||
      (c.client_secret ? c.token_endpoint_auth_method !== "none" : c.token_endpoint_auth_method === "none"),
    {
      message:
        "token_endpoint_auth_method: client_secret_basic or client_secret_post with a client_secret, none without one",
      path: ["token_endpoint_auth_method"],
    },
  );
export type OidcClientConfig = z.infer<typeof oidcClientSchema>;

/**
 * The ways a configured client may authenticate: its pinned method, else both secret methods for a
 * client with a secret (either is as safe: the secret travels inside TLS either way), else none.
 */
export function clientAuthMethodsOf(
  client: Pick<OidcClientConfig, "client_secret" | "token_endpoint_auth_method">,
): TokenEndpointAuthMethod[] {
  if (client.token_endpoint_auth_method) return [client.token_endpoint_auth_method];
  return client.client_secret ? ["client_secret_basic", "client_secret_post"] : ["none"];
}

/** A path on the portal (`/brand/logo.svg`) or an absolute http(s) address. */
export function isImageAddress(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * A postgres:// (or postgresql://) URL, or empty (= unset, the embedded PGlite). Refused with the other
 * settings at start, naming the setting and never echoing the value (it may carry a password).
 */
export function isPostgresUrl(value: string): boolean {
  if (value === "") return true;
  try {
    const url = new URL(value);
    // No host is libpq's own default (the local socket, or `?host=/var/run/postgresql`).
    return ["postgres:", "postgresql:"].includes(url.protocol);
  } catch {
    return false;
  }
}

/** A redis:// or rediss:// (TLS) URL, or empty (= unset, limits in process memory). */
export function isRedisUrl(value: string): boolean {
  if (value === "") return true;
  try {
    const url = new URL(value);
    return ["redis:", "rediss:"].includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}
