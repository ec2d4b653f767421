import "server-only";
import { z } from "zod";
import { defineCall } from "@/lib/http/call";
import { openApiDocument } from "./document";
import { openApiDocumentDto } from "./schema";

export const openApiCalls = {
  /** The API reference, raw (tools read it as it is); /docs/api renders the same document. */
  "/openapi.json": defineCall({
    auth: "none",
    method: "GET",
    raw: true,
    summary: "This document: every /2.0 call and product event as OpenAPI 3.1",
    input: z.object({}),
    output: openApiDocumentDto,
    run: async () => ({ data: await openApiDocument() }),
  }),
};
