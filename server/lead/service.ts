import "server-only";
import type { z } from "zod";
import { consume } from "@/lib/rate-limit";
import type { Ctx } from "@/server/context";
import type { LeadCapturedDto, leadCaptureSchema } from "./schema";

/** The form this portal reports as (the form service files records under these ids). */
export const LEAD_FORM = {
  form_config_id: "account-portal",
  ladi_form_id: "signup",
  ladipage_id: "account-portal",
} as const;
/** SPEC §9: the form record's time zone is 7 (UTC+7). */
const FORM_TIME_ZONE = 7;
const SEND_TIMEOUT_MS = 3_000;

/** The SPEC §3 form-capture record. */
export function leadRecord(input: z.output<typeof leadCaptureSchema>) {
  return {
    ...LEAD_FORM,
    tracking_form: {
      url_page: input.url_page ?? "",
      utm_source: input.utm_source ?? "",
      utm_medium: input.utm_medium ?? "",
      utm_campaign: input.utm_campaign ?? "",
      utm_term: input.utm_term ?? "",
      utm_content: input.utm_content ?? "",
    },
    form_data: { name: input.fullname ?? "", email: input.email ?? "", phone: input.phone ?? "" },
    status_send: input.status_send,
    time_zone: FORM_TIME_ZONE,
    data_key: input.data_key,
  };
}

/**
 * /lead/capture: forwards a lead to LEAD_CAPTURE_URL (off when unset). The form service being
 * slow or down never blocks anyone: the answer says whether it was delivered, and is a success.
 */
export async function captureLead(
  ctx: Ctx,
  input: z.output<typeof leadCaptureSchema>,
): Promise<LeadCapturedDto> {
  const url = ctx.env.LEAD_CAPTURE_URL;
  if (!url) return { delivered: false, enabled: false };
  await consume("leadIp", ctx.ip);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(leadRecord(input)),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) ctx.log.warn({ status: response.status }, "lead capture: form service refused");
    return { delivered: response.ok, enabled: true };
  } catch (error) {
    ctx.log.warn({ err: error }, "lead capture: form service unreachable");
    return { delivered: false, enabled: true };
  }
}
