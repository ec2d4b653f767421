import "server-only";
import { z } from "zod";
import { type Call, defineCall } from "@/server/http/call";
import { openApiDocument } from "./document";
import { openApiDocumentDto } from "./schema";

/**
 * The reference's own call. It describes the whole registry, which lists it: the registry hands
 * itself in (a getter, read at call time) so that this module does not import the registry back.
 */
export const openApiCalls = (registry: () => Record<string, Call>) => ({
  /** The API reference, raw (tools read it as it is); /docs/api renders the same document. */
  "/openapi.json": defineCall({
    auth: "none",
    method: "GET",
    raw: true,
    summary: "This document: every /2.0 call and product event as OpenAPI 3.1",
    input: z.object({}),
    output: openApiDocumentDto,
    run: async () => ({ data: openApiDocument(registry()) }),
  }),
});
