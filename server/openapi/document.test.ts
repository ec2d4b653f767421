import { describe, expect, it } from "vitest";
import { z } from "zod";
import { redirectFor } from "@/lib/access";
import { ERROR_CODES } from "@/lib/errors";
import { defineCall, methodsOf } from "@/server/http/call";
import { PRODUCT_EVENTS } from "@/server/outbox/schema";
import { registry } from "@/server/registry";
import { buildOpenApi } from "./document";
import { errorsOf } from "./error-codes";
import type { JsonSchema } from "./types";

const document = buildOpenApi(registry);
const paths = Object.keys(registry).sort();

/** The properties of a JSON schema, or of each branch of a union. */
function propertiesOf(schema: JsonSchema): string[] {
  if (schema.properties) return Object.keys(schema.properties);
  return (schema.anyOf ?? schema.oneOf ?? []).flatMap(propertiesOf);
}

describe("every registry call documents its answer", () => {
  it.each(paths)("%s has an output schema, a summary and a documented 200", (path) => {
    const call = registry[path];
    expect(call?.output, `${path} has no output schema`).toBeInstanceOf(z.ZodType);
    expect(call?.summary, `${path} has no summary`).toBeTruthy();
    const method = (call?.method ?? "POST").toLowerCase() as "get" | "post";
    const operation = document.paths[`/2.0${path}`]?.[method];
    const ok = operation?.responses["200"]?.content?.["application/json"]?.schema;
    expect(ok, `${path} has no 200 answer`).toBeDefined();
    // The envelope's `data` (or a raw call's whole body) is the call's own schema, not an empty one.
    const data = call?.raw ? ok : ok?.properties?.data;
    expect(data && Object.keys(data).length > 0, `${path} documents an empty answer`).toBe(true);
  });

  it("lists only codes of the closed set, and each call's own codes with the common ones", () => {
    for (const path of paths) {
      const call = registry[path];
      if (!call) continue;
      for (const code of call.errors ?? []) expect(Object.keys(ERROR_CODES)).toContain(code);
      const codes = errorsOf(call);
      expect(codes).toEqual(expect.arrayContaining(["VALIDATION", "INTERNAL", ...(call.errors ?? [])]));
      if (call.auth === "session") expect(codes).toContain("UNAUTHORIZED");
      if (call.auth === "product") expect(codes).toContain("PRODUCT_KEY_INVALID");
    }
  });

  it("a call without an output schema fails the check above", () => {
    const bare = defineCall({ auth: "none", input: z.object({}), run: async () => ({}) });
    const doc = buildOpenApi({ "/x/bare": bare });
    expect(bare.output).toBeUndefined();
    expect(doc.paths["/2.0/x/bare"]?.post?.responses["200"]?.content?.["application/json"]?.schema).toEqual({
      type: "object",
      required: ["code", "message", "data"],
      properties: expect.objectContaining({ data: {} }),
    });
  });
});

describe("the OpenAPI 3.1 document", () => {
  it("is 3.1 with every registry path under /2.0 and nothing else", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(Object.keys(document.paths).sort()).toEqual(paths.map((p) => `/2.0${p}`).sort());
    for (const [path, item] of Object.entries(document.paths)) {
      // One operation per method the call takes (its own first), each with its own id.
      const call = registry[path.slice("/2.0".length)] as (typeof registry)[string];
      expect(Object.keys(item), path).toEqual(methodsOf(call).map((m) => m.toLowerCase()));
      for (const operation of Object.values(item)) {
        expect(operation?.operationId, path).toMatch(/^[A-Za-z0-9]+$/);
        expect(operation?.tags?.length, path).toBe(1);
      }
    }
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares the security schemes each auth mode uses", () => {
    const schemes = document.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(["bankKey", "personToken", "productKey", "sessionCookie"]);
    expect(schemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "SSID" });
    expect(schemes.productKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/2.0/order/create"]?.post?.security).toEqual([{ productKey: [] }]);
    expect(document.paths["/2.0/auth/userinfo"]?.post?.security).toEqual([
      { sessionCookie: [] },
      { personToken: [] },
    ]);
    expect(document.paths["/2.0/auth/signin"]?.post?.security).toEqual([]);
    expect(document.paths["/2.0/payment/bank-notify"]?.post?.security).toEqual([{ bankKey: [] }]);
    // Every scheme an operation names is declared.
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item))
        for (const requirement of operation.security)
          for (const name of Object.keys(requirement)) expect(Object.keys(schemes)).toContain(name);
  });

  it("documents the request body from the zod input, with types, required fields and limits", () => {
    const signin = document.paths["/2.0/auth/signin"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(signin?.required).toEqual(expect.arrayContaining(["email", "password"]));
    expect(signin?.properties?.email).toMatchObject({ type: "string", maxLength: 254 });
    const create = document.paths["/2.0/order/create"]?.post;
    const lines = create?.requestBody?.content["application/json"]?.schema.properties?.lines;
    expect(lines).toMatchObject({ type: "array", minItems: 1, maxItems: 20 });
    // An integer's safe-integer bounds are no limit worth printing; real ones stay.
    const months = lines?.items?.properties?.months;
    expect(months).toEqual({ type: "integer" });
    const limit =
      document.paths["/2.0/order/my-order"]?.post?.requestBody?.content["application/json"]?.schema.properties
        ?.limit;
    expect(limit).toMatchObject({ type: "integer", minimum: 1, maximum: 200 });
    expect(create?.parameters?.map((p) => p.name)).toContain("idempotency-key");
    // GET calls take their input from the query.
    const ipn = document.paths["/2.0/payment/vnpay-ipn"]?.get;
    expect(ipn?.requestBody).toBeUndefined();
    expect(ipn?.parameters?.[0]).toMatchObject({ in: "query" });
    // The multipart profile update documents its file part.
    const update = document.paths["/2.0/user/update"]?.post?.requestBody?.content;
    expect(update?.["multipart/form-data"]?.schema.properties?.avatar).toMatchObject({ type: "string" });
  });

  it("wraps answers in the envelope and names error codes per status", () => {
    const create = document.paths["/2.0/order/create"]?.post;
    const ok = create?.responses["200"]?.content?.["application/json"]?.schema;
    expect(ok?.required).toEqual(["code", "message", "data"]);
    expect(propertiesOf(ok?.properties?.data ?? {})).toEqual(
      expect.arrayContaining(["order_id", "transaction_id", "checkout_url"]),
    );
    const refused = create?.responses["401"]?.content?.["application/json"]?.schema;
    expect(refused?.properties?.data?.properties?.error?.enum).toEqual(
      expect.arrayContaining(["PRODUCT_KEY_INVALID", "PERSON_TOKEN_INVALID"]),
    );
    expect(create?.responses["409"]?.description).toContain("IDEMPOTENCY_MISMATCH");
    expect(create?.["x-errors"].map((e) => e.code)).toContain("IDEMPOTENCY_MISMATCH");
    // A raw call's answer is its own JSON; a gateway's failure is its own shape too.
    const zalopay = document.paths["/2.0/payment/zalopay-callback"]?.post;
    expect(zalopay?.responses["200"]?.content?.["application/json"]?.schema.properties).toHaveProperty(
      "return_code",
    );
    expect(zalopay?.responses["400"]).toBeUndefined();
    expect(zalopay?.responses["200"]?.description).toContain('"return_code":-1');
  });

  it("lists the seven product events as webhooks, with their envelope, data and signature header", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [
        "order.cancelled",
        "order.invalid",
        "order.paid",
        "session.ended",
        "store.activated",
        "store.upgraded",
        "user.deleted",
      ].sort(),
    );
    expect(Object.keys(PRODUCT_EVENTS)).toHaveLength(7);
    for (const [type, item] of Object.entries(document.webhooks)) {
      const body = item.post.requestBody?.content["application/json"]?.schema;
      expect(body?.required, type).toEqual(["id", "type", "created_at", "data"]);
      expect(body?.properties?.type, type).toMatchObject({ const: type });
      expect(Object.keys(body?.properties?.data?.properties ?? {}).length, type).toBeGreaterThan(2);
      const header = item.post.parameters?.find((p) => p.name === "x-portal-signature");
      expect(header, type).toMatchObject({ in: "header", required: true });
      expect(header?.description).toContain("HMAC-SHA256");
      expect(header?.description).toContain("5 minutes");
    }
    expect(
      document.webhooks["session.ended"]?.post.requestBody?.content["application/json"]?.schema.properties
        ?.data?.properties,
    ).toHaveProperty("token_sha256");
  });

  it("names its server so that a generated client calls APP_URL's /2.0 paths, and its contact and licence", () => {
    // The paths carry /2.0: the server is the bare origin (a server of …/2.0 would double it).
    const configured = buildOpenApi(registry, {
      appUrl: "https://id.example.com/",
      supportUrl: "https://help.example.com/api",
      brand: "Acme",
    });
    expect(configured.servers).toEqual([
      { url: "https://id.example.com", description: "The portal (APP_URL)" },
    ]);
    expect(`${configured.servers[0]?.url}/2.0/package/list`).toBe("https://id.example.com/2.0/package/list");
    expect(configured.info.contact).toEqual({ name: "Acme support", url: "https://help.example.com/api" });
    // Without APP_URL: the host that served the document (OpenAPI resolves a relative server against it).
    expect(document.servers).toEqual([{ url: "/", description: "The portal that serves this document" }]);
    const servedFrom = "https://portal.test/2.0/openapi.json";
    const root = new URL(document.servers[0]?.url ?? "", servedFrom).href;
    expect(root).toBe("https://portal.test/");
    expect(new URL("2.0/package/list", root).href).toBe("https://portal.test/2.0/package/list");
    expect(document.info.license.name).toBe("Proprietary");
    expect(() => new URL(document.info.license.url)).not.toThrow();
    expect(() => new URL(document.info.contact.url)).not.toThrow();
  });

  it("marks the public catalog as callable from any origin, and only calls that read no session", () => {
    const list = document.paths["/2.0/package/list"]?.post;
    expect(list?.["x-cors"]).toBe("public");
    expect(list?.description).toContain("Access-Control-Allow-Origin: *");
    // It answers any origin, so it never refuses one.
    expect(list?.["x-errors"].map((e) => e.code)).not.toContain("FORBIDDEN_ORIGIN");
    expect(document.paths["/2.0/auth/userinfo"]?.post?.["x-cors"]).toBeUndefined();
    expect(document.paths["/2.0/auth/userinfo"]?.post?.["x-errors"].map((e) => e.code)).toContain(
      "FORBIDDEN_ORIGIN",
    );
    // A browser may also GET it, the same fields in the query (issue 38: "CORS GET/POST").
    const get = document.paths["/2.0/package/list"]?.get;
    expect(get?.operationId).toBe("packageListGet");
    expect(get?.requestBody).toBeUndefined();
    expect(get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["limit", "offset", "app_code", "name", "status", "sort"]),
    );
    expect(get?.["x-cors"]).toBe("public");
    expect(list?.operationId).toBe("packageList");
    const publicCalls = paths.filter((p) => registry[p]?.cors === "public");
    expect(publicCalls).toEqual(["/package/list"]);
    for (const p of publicCalls) {
      expect(registry[p]?.auth, p).toBe("none");
      expect(registry[p]?.portalSessionOnly, p).toBeFalsy();
      expect(registry[p]?.bodyToken, p).toBeFalsy();
    }
  });

  it("is plain JSON (what GET /2.0/openapi.json serialises)", () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });
});

describe("/docs/api", () => {
  it("is reachable signed out", () => {
    expect(redirectFor("/docs/api", "", "anonymous")).toBeNull();
    expect(redirectFor("/docs/api", "", "needs-phone")).toBeNull();
    expect(redirectFor("/docs/api", "", "signed-in")).toBeNull();
  });
});
