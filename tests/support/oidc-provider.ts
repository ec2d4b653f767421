// The portal's OpenID Connect provider on an ephemeral node:http server, mounted as server.ts
// mounts it (its own paths under /oidc, anything else 404), for the integration suites.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { env } from "@/lib/env";
import { getDb } from "@/server/db/client";

export type ServedProvider = { origin: string; issuer: string; close: () => Promise<void> };

/** Reads OIDC_CLIENTS when called: set it first. */
export async function serveOidcProvider(): Promise<ServedProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/oidc`;
  // Loaded once the test file has set its clients (and the database is installed).
  const { createOidcHandler } = await import("@/server/oidc/http");
  const handle = createOidcHandler({ db: await getDb(), env: env(), issuer });
  server.on("request", (req, res) => {
    if (!handle(req, res)) {
      res.statusCode = 404;
      res.end();
    }
  });
  return { origin, issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
