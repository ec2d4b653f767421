// eSMS's delivery report as it calls the portal back: GET <CallbackUrl>&SMSID=…&SendStatus=…
// (developers.esms.vn, "Callback Url"), the report key being the portal's own `key`. No server imports.
import { z } from "zod";

const field = z.string().max(200).optional();

/** What the portal reads of a report; eSMS's other parameters are dropped. */
export const esmsReportSchema = z.object({
  /** ESMS_REPORT_KEY, put in the CallbackUrl by the portal. */
  key: z.string().max(1000).default(""),
  SMSID: field,
  /** The portal's RequestId: the message's outbox row id. */
  RequestId: field,
  /** 1 waiting for approval, 4 refused, 5 sent. */
  SendStatus: field,
  SendSuccess: field,
  SendFailed: field,
  TypeId: field,
  telcoid: field,
});
export type EsmsReportInput = z.infer<typeof esmsReportSchema>;

export const esmsReportAnswerDto = z.object({
  ok: z.literal(true),
  matched: z.boolean().describe("Whether the report named a message the portal sent"),
});
