// The captcha widget's challenge (GET /2.0/captcha/challenge): ALTCHA v2's shape, answered raw.
// No server imports: the API reference (server/openapi) documents it.
import { z } from "zod";

export const captchaChallengeDto = z.object({
  parameters: z.object({
    algorithm: z.string().describe("PBKDF2/SHA-256"),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().int().optional(),
    parallelism: z.number().int().optional(),
    expiresAt: z.number().int().optional().describe("Unix seconds"),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
