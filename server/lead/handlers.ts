import "server-only";
import { defineCall } from "@/server/http/call";
import { leadCapturedDto, leadCaptureSchema } from "./schema";
import { captureLead } from "./service";

export const leadCalls = {
  "/lead/capture": defineCall({
    auth: "none",
    summary: "Report a sign-up form's lead (partial or final) to the form service",
    input: leadCaptureSchema,
    output: leadCapturedDto,
    run: async (ctx, input) => ({ data: await captureLead(ctx, input) }),
  }),
};
