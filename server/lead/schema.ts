// Input of /2.0/lead/capture: what the sign-up form reports to the form service (SPEC §3).
import { z } from "zod";
import { optionalText } from "@/lib/validation";

export const leadCaptureSchema = z.object({
  /** 1: partial (email typed, or a Vietnamese phone became valid); 2: final (sign-up submitted). */
  status_send: z.union([z.literal(1), z.literal(2)]),
  /** Random 10-character id the form keeps for its partial and final sends. */
  data_key: z.string().regex(/^[A-Za-z0-9]{10}$/),
  fullname: optionalText(100),
  email: optionalText(254),
  phone: optionalText(30),
  url_page: optionalText(2000),
  utm_source: optionalText(200),
  utm_medium: optionalText(200),
  utm_campaign: optionalText(200),
  utm_term: optionalText(200),
  utm_content: optionalText(200),
});
export type LeadCaptureInput = z.input<typeof leadCaptureSchema>;

/** /lead/capture's answer: whether the form service took it (`enabled` false when none is configured). */
export const leadCapturedDto = z.object({ delivered: z.boolean(), enabled: z.boolean() });
export type LeadCapturedDto = z.infer<typeof leadCapturedDto>;
