// GET /2.0/openapi.json's answer: the OpenAPI 3.1 document (its shape, not every keyword). No server imports.
import { z } from "zod";

export const openApiDocumentDto = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({
    title: z.string(),
    version: z.string(),
    description: z.string(),
    contact: z.object({ name: z.string(), url: z.string() }),
    license: z.object({ name: z.string(), url: z.string() }),
  }),
  servers: z.array(z.object({ url: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  webhooks: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ securitySchemes: z.record(z.string(), z.unknown()) }),
});
