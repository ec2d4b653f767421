// /docs/api renders the served document itself, one section a page (issue 38): the overview, one
// page per module with its calls (auth mode, input fields with their limits, answer, error codes),
// the product events, the shared answers and the error codes. A page's links stay on it, and the
// side navigation lists every module with its filter.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { methodsOf } from "@/server/http/call";
import { openApiDocument } from "@/server/openapi/document";
import { registry } from "@/server/registry";
import ApiSectionPage from "./[section]/page";
import { ApiNav, filterSections, movedAnchor } from "./api-nav";
import ApiReferencePage from "./page";
import { EXTRA_SECTIONS, modulesOf, navSectionsOf } from "./reference";
import { limitsOf, typeLabel } from "./schema-view";

const doc = openApiDocument(registry);
const modules = modulesOf(doc);

async function sectionHtml(section: string): Promise<string> {
  return renderToStaticMarkup(await ApiSectionPage({ params: Promise.resolve({ section }) }));
}

/** Every in-page link (`href="#x"`) of a page has its target (`id="x"`) on the same page. */
function expectLinksStayOnPage(html: string, page: string): void {
  const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  const targets = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1] as string);
  for (const target of targets) expect(ids.has(target), `${page}: #${target} is not on the page`).toBe(true);
}

describe("/docs/api, one section a page", () => {
  it("the overview links every module and the other pages, and carries no call", () => {
    const html = renderToStaticMarkup(ApiReferencePage());
    for (const m of modules) expect(html).toContain(`href="/docs/api/${m.name}"`);
    for (const slug of Object.keys(EXTRA_SECTIONS)) expect(html).toContain(`href="/docs/api/${slug}"`);
    expect(html).toContain('href="/docs/api/order#orderCreate"');
    expect(html).toContain("sessionCookie");
    expect(html).not.toContain('data-testid="api-operation"');
    // Nothing from elsewhere: the page is the portal's own HTML.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
  });

  it("each module's page has its calls only, and together they have every call once", async () => {
    const seen: string[] = [];
    for (const m of modules) {
      const html = await sectionHtml(m.name);
      expect(html.match(/data-testid="api-operation"/g), m.name).toHaveLength(m.entries.length);
      for (const { path, method, operation } of m.entries) {
        expect(html).toContain(`id="${operation.operationId}"`);
        seen.push(`${method.toUpperCase()} ${path}`);
      }
      expectLinksStayOnPage(html, m.name);
      expect(html).not.toMatch(/<script/i);
    }
    // Every method of every call (the catalog is POST and GET, eSMS's report GET and POST).
    expect(seen.sort()).toEqual(
      Object.entries(registry)
        .flatMap(([p, call]) => methodsOf(call).map((m) => `${m} /2.0${p}`))
        .sort(),
    );
    // No module takes the name of another page.
    for (const slug of Object.keys(EXTRA_SECTIONS)) expect(modules.map((m) => m.name)).not.toContain(slug);
  });

  it("renders a call's auth, input fields and limits, answer and own codes, with its codes and shared answers on the page", async () => {
    const html = await sectionHtml("order");
    const create = html.slice(html.indexOf('id="orderCreate"'), html.indexOf('id="orderDetail"'));
    expect(create).toContain("product api key");
    expect(create).toContain("package_code");
    expect(create).toContain("1–20 items");
    expect(create).toContain("checkout_url");
    expect(create).toContain('href="#error-IDEMPOTENCY_MISMATCH"');
    expect(create).toContain("idempotency-key");
    expect(html).toContain('id="error-IDEMPOTENCY_MISMATCH"');
    expect(html).toContain('id="schema-Order"');
    // The public catalog says so.
    expect(await sectionHtml("package")).toContain("any origin (CORS)");
    // A module's page carries the shared answers its calls name, and links them in place.
    const auth = await sectionHtml("auth");
    expect(auth).toContain('id="schema-UserInfo"');
    expect(auth).toContain('href="#schema-UserInfo"');
  });

  it("has the seven events, every shared answer and every error code on their pages", async () => {
    const events = await sectionHtml("events");
    for (const event of Object.keys(doc.webhooks)) expect(events).toContain(`id="event-${event}"`);
    expect(events).toContain("x-portal-signature");
    expectLinksStayOnPage(events, "events");
    const schemas = await sectionHtml("schemas");
    for (const name of Object.keys(doc.components.schemas).filter((n) => !n.startsWith("Error")))
      expect(schemas).toContain(`id="schema-${name}"`);
    expectLinksStayOnPage(schemas, "schemas");
    const errors = await sectionHtml("errors");
    expect(errors.match(/ id="error-/g)?.length).toBeGreaterThan(50);
    expect(errors).toContain('id="error-IDEMPOTENCY_MISMATCH"');
  });

  it("answers 404 for a section that does not exist", async () => {
    await expect(sectionHtml("nothing-here")).rejects.toThrow();
  });
});

/** The opening tag of the link to exactly `href`. */
function anchorOf(html: string, href: string): string {
  return new RegExp(`<a[^>]*href="${href.replaceAll("/", "\\/")}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe("the side navigation", () => {
  const sections = navSectionsOf(doc);

  it("is a labelled landmark with a labelled filter, the current module marked and its calls listed", () => {
    const html = renderToStaticMarkup(createElement(ApiNav, { sections, current: "order" }));
    expect(html).toContain('<nav aria-label="API reference"');
    const input = /<input id="([^"]+)" type="search"/.exec(html);
    expect(input).not.toBeNull();
    expect(html).toContain(`<label for="${input?.[1]}"`);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(anchorOf(html, "/docs/api/order")).toContain('aria-current="page"');
    for (const m of modules) expect(html).toContain(`href="/docs/api/${m.name}"`);
    expect(html).toContain('href="#orderCreate"');
    // Only the current module's calls: not another module's.
    expect(html).not.toContain('href="#authSignin"');
    // The phone's disclosure names what it opens.
    expect(html).toMatch(/aria-expanded="false" aria-controls="[^"]+"/);
    expect(html).toContain('role="status"');
  });

  it("the overview is marked current on /docs/api", () => {
    const html = renderToStaticMarkup(createElement(ApiNav, { sections, current: null }));
    expect(anchorOf(html, "/docs/api")).toContain('aria-current="page"');
    expect(anchorOf(html, "/docs/api/order")).not.toContain("aria-current");
  });

  it("filters every module's calls by path and summary, every word, any case", () => {
    const byPath = filterSections(sections, "order CREATE");
    expect(byPath.flatMap((s) => s.calls.map((c) => c.path))).toContain("/2.0/order/create");
    expect(
      byPath.every((s) => s.calls.every((c) => `${c.path} ${c.summary}`.toLowerCase().includes("create"))),
    ).toBe(true);
    const bySummary = filterSections(sections, "package catalog");
    expect(bySummary.map((s) => s.slug)).toContain("package");
    expect(filterSections(sections, "session.ended")[0]?.slug).toBe("events");
    expect(filterSections(sections, "zzz-nothing")).toEqual([]);
    expect(filterSections(sections, "  ")).toBe(sections);
  });

  it("sends an anchor of the one-page reference to its section's page", () => {
    expect(movedAnchor(sections, "#orderCreate")).toBe("/docs/api/order#orderCreate");
    expect(movedAnchor(sections, "#error-IDEMPOTENCY_MISMATCH")).toBe(
      "/docs/api/errors#error-IDEMPOTENCY_MISMATCH",
    );
    expect(movedAnchor(sections, "#schema-UserInfo")).toBe("/docs/api/schemas#schema-UserInfo");
    expect(movedAnchor(sections, "#tag-auth")).toBe("/docs/api/auth");
    expect(movedAnchor(sections, "#webhooks")).toBe("/docs/api/events");
    expect(movedAnchor(sections, "#event-order.paid")).toBe("/docs/api/events#event-order.paid");
    expect(movedAnchor(sections, "#authentication")).toBeUndefined();
    expect(movedAnchor(sections, "")).toBeUndefined();
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
