import "server-only";
import { createHash, createHmac, generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Env } from "@/lib/env";

/** A private signing key as oidc-provider takes it (RSA or EC, with its private part `d`). */
const privateJwkSchema = z
  .object({
    kty: z.enum(["RSA", "EC", "OKP"]),
    d: z.string().min(1),
    kid: z.string().min(1).optional(),
    alg: z.string().optional(),
    use: z.literal("sig").optional(),
  })
  .loose();
export const jwksSchema = z.object({ keys: z.array(privateJwkSchema).min(1) });
export type PrivateJwks = z.infer<typeof jwksSchema>;

export const GENERATED_JWKS_FILE = "oidc-jwks.json";

/** A new RS256 signing key (RS256 is the algorithm every OpenID Connect client supports). */
export function generateSigningKey(): PrivateJwks["keys"][number] {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  const kid = createHash("sha256").update(String(jwk.n)).digest("base64url").slice(0, 16);
  return privateJwkSchema.parse({ ...jwk, kid, alg: "RS256", use: "sig" });
}

function parseJwks(raw: string, source: string): PrivateJwks {
  try {
    return jwksSchema.parse(JSON.parse(raw));
  } catch (error) {
    throw new Error(`OIDC_JWKS (${source}) is not a JWKS of private signing keys: ${String(error)}`);
  }
}

/**
 * The provider's signing keys: OIDC_JWKS (JSON, or the path of a file), the first key signing and
 * the others still verifying (rotation). On the embedded default or outside production a key is
 * generated once into DATA_DIR; production on PostgreSQL refuses to start without OIDC_JWKS.
 */
export function loadOidcJwks(
  config: Pick<Env, "OIDC_JWKS" | "DATA_DIR" | "NODE_ENV" | "DATABASE_URL">,
): PrivateJwks {
  const configured = config.OIDC_JWKS?.trim();
  if (configured) {
    if (configured.startsWith("{")) return parseJwks(configured, "JSON");
    return parseJwks(readFileSync(path.resolve(configured), "utf8"), configured);
  }
  if (config.NODE_ENV === "production" && config.DATABASE_URL) {
    throw new Error(
      "OIDC_JWKS is required in production when OIDC_CLIENTS is set (see README, OpenID Connect).",
    );
  }
  const file = path.resolve(config.DATA_DIR, GENERATED_JWKS_FILE);
  if (existsSync(file)) return parseJwks(readFileSync(file, "utf8"), file);
  const jwks = { keys: [generateSigningKey()] };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(jwks, null, 2), { mode: 0o600 });
  console.warn(`[oidc] generated a signing key into ${file} (set OIDC_JWKS in production)`);
  return jwks;
}

/** Keys that sign the provider's own cookies, derived from the portal's session secret. */
export function oidcCookieKeys(sessionSecret: string): string[] {
  return [createHmac("sha256", sessionSecret).update("oidc-provider cookies").digest("base64url")];
}
