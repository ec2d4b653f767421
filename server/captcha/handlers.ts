import "server-only";
import { emptySchema } from "@/server/auth/schema";
import { defineCall } from "@/server/http/call";
import { createCaptchaChallenge } from "./altcha";
import { captchaChallengeDto } from "./schema";

export const captchaCalls = {
  // The widget fetches this itself and expects the bare challenge, not the envelope.
  "/captcha/challenge": defineCall({
    auth: "none",
    method: "GET",
    raw: true,
    summary: "A fresh proof-of-work challenge for the sign-up captcha widget (ALTCHA)",
    input: emptySchema,
    output: captchaChallengeDto,
    run: async (ctx) => ({ data: await createCaptchaChallenge(ctx.clock()) }),
  }),
};
