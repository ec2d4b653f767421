import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { recordDeliveryReport } from "@/server/outbox/service";
import { type EsmsReportInput, esmsReportSchema } from "./schema";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * eSMS's documented callback is the CallbackUrl followed by "?SMSID=…&SendStatus=…": after the
 * portal's own "?key=…" that reads as `key` = "<key>?SMSID=…". Both that and a proper "&" are read.
 */
function unfolded(input: EsmsReportInput): EsmsReportInput {
  const at = input.key.indexOf("?");
  if (at < 0) return input;
  const parsed = esmsReportSchema.safeParse(Object.fromEntries(new URLSearchParams(input.key.slice(at + 1))));
  const tail = parsed.success ? parsed.data : {};
  return {
    ...tail,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    key: input.key.slice(0, at),
  };
}

/** eSMS's SendStatus and counts as the outbox's delivery status. */
function statusOf(report: EsmsReportInput): string {
  if (report.SendStatus === "1") return "pending";
  if (report.SendStatus === "4") return "refused";
  if (report.SendStatus !== "5") return "unknown";
  if (Number(report.SendSuccess ?? 0) > 0) return "delivered";
  if (Number(report.SendFailed ?? 0) > 0) return "failed";
  return "sent";
}

/**
 * GET /2.0/notify/esms-report: a delivery report. The key (ESMS_REPORT_KEY) is compared in constant
 * time; the status lands on the message's outbox row (by RequestId, else by SMSID), where
 * `npm run admin -- outbox list` shows it. Refused when no key is configured.
 */
export async function recordEsmsReport(
  ctx: Pick<Ctx, "db" | "env" | "clock" | "log">,
  input: EsmsReportInput,
): Promise<{ ok: true; matched: boolean }> {
  const report = unfolded(input);
  const configured = ctx.env.ESMS_REPORT_KEY;
  if (!configured || !timingSafeEqual(digest(report.key), digest(configured))) {
    throw new AppError("PRODUCT_KEY_INVALID");
  }
  const status = statusOf(report);
  const detail = [
    `SendStatus=${report.SendStatus ?? ""}`,
    `SendSuccess=${report.SendSuccess ?? ""}`,
    `SendFailed=${report.SendFailed ?? ""}`,
    report.telcoid ? `telcoid=${report.telcoid}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const matched = await recordDeliveryReport(ctx.db, {
    vendor: "esms",
    id: report.RequestId || undefined,
    vendorMessageId: report.SMSID || undefined,
    status,
    detail,
    at: ctx.clock(),
  });
  ctx.log.info(
    { vendor: "esms", outbox: report.RequestId, matched, delivery: status },
    "eSMS delivery report",
  );
  return { ok: true, matched };
}
