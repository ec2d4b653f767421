// /docs/api renders the served document itself: every call, its auth mode, input fields with
// their limits, its answer and error codes, and the product events — as HTML, no script of its own.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { registry } from "@/server/registry";
import ApiReferencePage from "./page";
import { limitsOf, typeLabel } from "./schema-view";

describe("/docs/api", () => {
  it("renders every call, its input, answer and errors, and the six events", async () => {
    const html = renderToStaticMarkup(await ApiReferencePage());
    const doc = openApiDocument(registry);
    for (const path of Object.keys(registry)) expect(html).toContain(`/2.0${path}`);
    expect(html.match(/data-testid="api-operation"/g)).toHaveLength(Object.keys(registry).length);
    for (const event of Object.keys(doc.webhooks)) expect(html).toContain(event);
    expect(html).toContain("x-portal-signature");
    // /order/create: the product key, its input's fields and limits, its answer, its own codes.
    const create = html.slice(html.indexOf('id="orderCreate"'), html.indexOf('id="orderDetail"'));
    expect(create).toContain("product api key");
    expect(create).toContain("package_code");
    expect(create).toContain("1–20 items");
    expect(create).toContain("checkout_url");
    expect(create).toContain('href="#error-IDEMPOTENCY_MISMATCH"');
    expect(create).toContain("idempotency-key");
    expect(html).toContain('id="error-IDEMPOTENCY_MISMATCH"');
    // Shared answers are written once and linked.
    expect(html).toContain('id="schema-UserInfo"');
    expect(html).toContain('href="#schema-UserInfo"');
    // Nothing from elsewhere: the page is the portal's own HTML.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
  });
});

describe("the schema view's words", () => {
  it("names types, unions, arrays and shared answers", () => {
    expect(typeLabel({ type: "string", format: "date-time" })).toBe("string (date-time)");
    expect(typeLabel({ anyOf: [{ $ref: "#/components/schemas/Order" }, { type: "null" }] })).toBe(
      "Order | null",
    );
    expect(typeLabel({ type: "array", items: { $ref: "#/components/schemas/OrderLine" } })).toBe(
      "OrderLine[]",
    );
    expect(typeLabel({ enum: ["PAID", "CANCEL"] })).toBe('"PAID" | "CANCEL"');
    expect(typeLabel({ type: "object", additionalProperties: { type: "string" } })).toBe("{ [key]: string }");
    expect(typeLabel({})).toBe("any");
  });

  it("spells the limits a caller must respect", () => {
    expect(limitsOf({ type: "string", minLength: 1, maxLength: 254 })).toEqual(["1–254 chars"]);
    expect(limitsOf({ type: "integer", minimum: 1, maximum: 200, default: 20 })).toEqual([
      "1–200",
      "default 20",
    ]);
    expect(limitsOf({ type: "array", maxItems: 20 })).toEqual(["≤ 20 items"]);
  });
});
