import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// A page request's route as a pattern (`/admin/orders/[id]`), never its raw path: the access log and
// the page counter name what was asked for without ids or tokens, and the counter's label values
// stay bounded whatever strangers send.

/** The routes Next built: exact pages, then dynamic ones by their pattern. */
export type RouteTable = {
  exact: ReadonlySet<string>;
  dynamic: ReadonlyArray<{ page: string; regex: RegExp }>;
};

type ManifestRoute = { page: string; regex: string };
type RoutesManifest = { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] };

/** Anything Next did not build a route for (a 404, a public file, a probe). */
export const UNMATCHED_ROUTE = "(unmatched)";

/** Server paths that are not Next pages, as their own routes (`/_next/static/…` is one route). */
const FIXED_PREFIXES = [
  "/_next/static",
  "/_next/image",
  "/_next/data",
  "/oidc",
  "/dev/outbox",
  "/dev/gateway",
];
const FIXED_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** The routes `next build` wrote into `buildDir` (routes-manifest.json); none before a build. */
export function readRouteTable(buildDir: string): RouteTable {
  const file = path.join(buildDir, "routes-manifest.json");
  if (!existsSync(file)) return routeTableOf({});
  return routeTableOf(JSON.parse(readFileSync(file, "utf8")) as RoutesManifest);
}

export function routeTableOf(manifest: RoutesManifest): RouteTable {
  return {
    exact: new Set((manifest.staticRoutes ?? []).map((route) => route.page)),
    dynamic: (manifest.dynamicRoutes ?? []).map((route) => ({
      page: route.page,
      regex: new RegExp(route.regex),
    })),
  };
}

/** The route a path (without its query) is served by, as a pattern; UNMATCHED_ROUTE otherwise. */
export function routeOf(pathname: string, table: RouteTable): string {
  if (FIXED_PATHS.has(pathname)) return pathname;
  for (const prefix of FIXED_PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return prefix;
  }
  const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  if (table.exact.has(trimmed)) return trimmed;
  for (const route of table.dynamic) {
    if (route.regex.test(pathname)) return route.page;
  }
  return UNMATCHED_ROUTE;
}

/** Every route the table knows, for counters that start at 0. */
export function knownRoutes(table: RouteTable): string[] {
  return [...table.exact, ...table.dynamic.map((route) => route.page)].filter(
    (route) => !route.startsWith("/2.0/") && !route.startsWith("/_"),
  );
}
