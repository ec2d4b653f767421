import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOpenApi } from "@/server/openapi/document";
import { registry } from "@/server/registry";
import { CLIENT_CALLS, clientDocument, clientTypes, GENERATED_FILE } from "./client-generate";

describe("the library's generated types", () => {
  it("match the registry (run `npm run client:generate` when this fails)", async () => {
    const committed = readFileSync(GENERATED_FILE, "utf8");
    expect(
      await clientTypes(),
      "packages/portal-client/src/generated/openapi.ts is stale: run npm run client:generate",
    ).toBe(committed);
  }, 60_000);

  it("hold the product's calls, the events and only the schemas they use", () => {
    const doc = clientDocument(buildOpenApi(registry));
    expect(Object.keys(doc.paths)).toEqual(CLIENT_CALLS.map((call) => `/2.0${call}`));
    expect(Object.keys(doc.webhooks)).toContain("session.ended");
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["UserInfo", "ErrorCode"]));
    expect(Object.keys(doc.components.schemas)).not.toContain("Commission");
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      "personToken",
      "productKey",
      "sessionCookie",
    ]);
  });
});
