import { REF_PREFIX } from "./json-schema";
import type { OpenApiDocument } from "./types";

/**
 * Every component schema `node` refers to (`$ref: #/components/schemas/<name>`), followed through
 * those schemas in turn; `keep` leaves a name (and what only it refers to) out. The API reference's
 * pages and the client library's cut of the document both walk the document this way.
 */
export function referencedSchemas(
  node: unknown,
  schemas: OpenApiDocument["components"]["schemas"],
  keep: (name: string) => boolean = () => true,
): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith(REF_PREFIX)) {
        const name = child.slice(REF_PREFIX.length);
        if (!found.has(name) && keep(name) && schemas[name]) {
          found.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(node);
  return found;
}
