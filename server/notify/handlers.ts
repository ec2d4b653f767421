import "server-only";
import { defineCall } from "@/server/http/call";
import { recordEsmsReport } from "./esms-report";
import { esmsReportAnswerDto, esmsReportSchema } from "./schema";

export const notifyCalls = {
  /**
   * eSMS's delivery reports. eSMS calls its CallbackUrl with GET (developers.esms.vn, "Callback Url");
   * the issue and other report relays POST (JSON or a form): both are taken, the fields of a POST's
   * body over the query's. The secret is in the URL the portal gave it (`?key=<ESMS_REPORT_KEY>`).
   */
  "/notify/esms-report": defineCall({
    auth: "none",
    method: "GET",
    alsoMethod: "POST",
    raw: true,
    rawError: ({ status, error }) => ({ status, body: { ok: false, error } }),
    summary:
      "eSMS's SMS delivery report (GET, or POST with a JSON or form body; `key` = ESMS_REPORT_KEY in the URL): the status lands on the message's outbox row",
    input: esmsReportSchema,
    output: esmsReportAnswerDto,
    errors: ["PRODUCT_KEY_INVALID"],
    run: async (ctx, input) => ({ data: await recordEsmsReport(ctx, input) }),
  }),
};
