import "server-only";
import { defineCall } from "@/lib/http/call";
import { emptySchema } from "@/server/auth/schema";
import { createCaptchaChallenge } from "./altcha";

export const captchaCalls = {
  // The widget fetches this itself and expects the bare challenge, not the envelope.
  "/captcha/challenge": defineCall({
    auth: "none",
    method: "GET",
    raw: true,
    input: emptySchema,
    run: async (ctx) => ({ data: await createCaptchaChallenge(ctx.clock()) }),
  }),
};
