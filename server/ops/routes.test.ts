import { describe, expect, it } from "vitest";
import { knownRoutes, routeOf, routeTableOf, UNMATCHED_ROUTE } from "./routes";

const table = routeTableOf({
  staticRoutes: [
    { page: "/", regex: "^/(?:/)?$" },
    { page: "/resetpass", regex: "^/resetpass(?:/)?$" },
    { page: "/_not-found", regex: "^/_not\\-found(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/payment/[id]/receipt", regex: "^/payment/([^/]+?)/receipt(?:/)?$" },
    { page: "/uploads/avatars/[file]", regex: "^/uploads/avatars/([^/]+?)(?:/)?$" },
  ],
});

describe("a page request's route (operations finding 8)", () => {
  it("names the pattern, never the ids in the path", () => {
    expect(routeOf("/payment/01JABCDEF/receipt", table)).toBe("/payment/[id]/receipt");
    expect(routeOf("/uploads/avatars/u_1234.webp", table)).toBe("/uploads/avatars/[file]");
    expect(routeOf("/resetpass", table)).toBe("/resetpass");
    expect(routeOf("/resetpass/", table)).toBe("/resetpass");
    expect(routeOf("/", table)).toBe("/");
  });

  it("keeps Next's assets, the OIDC provider and the probes to one route each", () => {
    expect(routeOf("/_next/static/chunks/app-4f2a.js", table)).toBe("/_next/static");
    expect(routeOf("/oidc/auth", table)).toBe("/oidc");
    expect(routeOf("/healthz", table)).toBe("/healthz");
  });

  it("puts every path Next has no route for under one label", () => {
    expect(routeOf("/wp-login.php", table)).toBe(UNMATCHED_ROUTE);
    expect(routeOf("/payment/1/receipt/extra", table)).toBe(UNMATCHED_ROUTE);
    expect(routeOf("/x", routeTableOf({}))).toBe(UNMATCHED_ROUTE);
  });

  it("lists the page routes to start at 0, without Next's internal ones", () => {
    expect(knownRoutes(table)).toEqual([
      "/",
      "/resetpass",
      "/payment/[id]/receipt",
      "/uploads/avatars/[file]",
    ]);
  });
});
