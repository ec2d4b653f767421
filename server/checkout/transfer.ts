import "server-only";
import QRCode from "qrcode";
import { AppError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { OrderRow } from "@/server/db/tables/commerce";
import { buildVietQrPayload } from "@/server/gateways/vietqr";
import { findPendingAttemptsOf } from "@/server/payment/attempts";
import { bankConfig } from "./config";
import type { PendingTransferDto, TransferInstructions } from "./schema";

/** The bank transfer's words and VietQR code for an attempt. */
export async function transferInstructions(
  ctx: Pick<Ctx, "env">,
  order: OrderRow,
  due: number,
): Promise<TransferInstructions> {
  const bank = bankConfig(ctx.env);
  if (!bank) throw new AppError("CHECKOUT_METHOD_UNAVAILABLE");
  // Banks cut the content near 20 characters and wrap it in their own text: the reference alone.
  const content = order.referenceNo;
  const payload = buildVietQrPayload({
    bankBin: bank.bin,
    accountNo: bank.accountNo,
    amountVnd: due,
    content,
  });
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    bank_name: bank.name,
    bank_branch: bank.branch,
    account_no: bank.accountNo,
    account_name: bank.accountName,
    amount: due,
    content,
    qr_payload: payload,
    qr_image: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/**
 * The bank transfer the person already opened for a pending order and can still make: the newest
 * pending CASH attempt that has not expired, with its instructions. Reopening the checkout shows
 * it instead of the method picker, so a second attempt does not hold more points or ask for a
 * different amount. None when the bank account is no longer configured (it cannot be shown).
 */
export async function findOpenTransfer(
  ctx: Pick<Ctx, "env" | "clock"> & { db: Executor },
  order: OrderRow,
): Promise<PendingTransferDto | null> {
  if (order.status !== "PENDING" || !bankConfig(ctx.env)) return null;
  const now = ctx.clock().getTime();
  const open = (await findPendingAttemptsOf(ctx.db, order.id, "CASH")).find(
    (attempt) => !attempt.expiresAt || attempt.expiresAt.getTime() > now,
  );
  if (!open) return null;
  return {
    payment_id: open.id,
    reference_no: open.referenceNo,
    points_used: Number(open.pointsUsed),
    expires_at: open.expiresAt?.toISOString() ?? null,
    transfer: await transferInstructions(ctx, order, open.amount),
  };
}
