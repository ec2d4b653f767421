import "server-only";
import { openApiDocument } from "@/server/openapi/document";
import { referencedSchemas } from "@/server/openapi/references";
import type { JsonSchema, OpenApiDocument, Operation } from "@/server/openapi/types";
import { registry } from "@/server/registry";
import type { NavSection } from "./api-nav";
import type { Entry } from "./operation-card";

// The reference split into sections, one page each (issue 38): a module's calls (its OpenAPI tag),
// the product events, the shared answers and the error codes. A page carries only its own calls,
// and the shared answers and error codes those calls name, so every link on it stays on it.

/** The pages that are not a module; no module may take their names (a test says so). */
export const EXTRA_SECTIONS = {
  events: "Product events",
  schemas: "Shared answers",
  errors: "Error codes",
} as const;
export type ExtraSection = keyof typeof EXTRA_SECTIONS;

export const referenceDocument = (): OpenApiDocument => openApiDocument(registry);

export function entriesOf(doc: OpenApiDocument): Entry[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  );
}

/** The modules that have calls, in the document's order of tags, with their calls. */
export function modulesOf(doc: OpenApiDocument): { name: string; description: string; entries: Entry[] }[] {
  const entries = entriesOf(doc);
  return doc.tags
    .map((tag) => ({
      name: tag.name,
      description: tag.description,
      entries: entries.filter((e) => e.operation.tags[0] === tag.name),
    }))
    .filter((m) => m.entries.length > 0);
}

/** What the side navigation lists and its filter searches: every call's path, summary and anchor. */
export function navSectionsOf(doc: OpenApiDocument): NavSection[] {
  return [
    ...modulesOf(doc).map((m) => ({
      slug: m.name,
      label: m.name,
      calls: m.entries.map(({ path, method, operation }) => ({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
      })),
    })),
    {
      slug: "events",
      label: EXTRA_SECTIONS.events,
      calls: Object.entries(doc.webhooks).map(([type, { post }]) => ({
        id: `event-${type}`,
        method: "EVENT",
        path: type,
        summary: post.summary,
      })),
    },
    { slug: "schemas", label: EXTRA_SECTIONS.schemas, calls: [] },
    { slug: "errors", label: EXTRA_SECTIONS.errors, calls: [] },
  ];
}

/** The shared answers `node` refers to, and those they refer to in turn, in the document's order. */
export function sharedAnswersOf(node: unknown, doc: OpenApiDocument): string[] {
  const found = referencedSchemas(node, doc.components.schemas, (name) => !name.startsWith("Error"));
  return Object.keys(doc.components.schemas).filter((name) => found.has(name));
}

export type ErrorCodeEntry = JsonSchema & { const: string; "x-status": number };

/** The closed set of error codes as the document lists them (components/schemas/ErrorCode). */
export function errorCodesOf(doc: OpenApiDocument): ErrorCodeEntry[] {
  return (doc.components.schemas.ErrorCode?.oneOf ?? []) as ErrorCodeEntry[];
}

/** The codes some of `entries` may answer, in the document's order. */
export function errorCodesNamedBy(entries: Entry[], doc: OpenApiDocument): ErrorCodeEntry[] {
  const named = new Set(entries.flatMap((e) => e.operation["x-errors"].map((x) => x.code as string)));
  return errorCodesOf(doc).filter((e) => named.has(e.const));
}
