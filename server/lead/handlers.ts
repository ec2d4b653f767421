import "server-only";
import { defineCall } from "@/lib/http/call";
import { leadCaptureSchema } from "./schema";
import { captureLead } from "./service";

export const leadCalls = {
  "/lead/capture": defineCall({ auth: "none", input: leadCaptureSchema, run: captureLead }),
};
