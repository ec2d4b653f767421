"use client";
import { useLocale, useTranslations } from "next-intl";
import type { Ref } from "react";
import { formatPoints, formatVnd } from "@/lib/format";
import type { TransferInstructions as Transfer } from "@/server/checkout/schema";
import { VND_PER_POINT } from "@/server/gateways/points";
import { CancelTransfer, TransferInstructions } from "./transfer-instructions";

/** A bank transfer opened for this order (now, or on an earlier visit). */
export type OpenTransfer = {
  transfer: Transfer;
  paymentId: string;
  pointsUsed: number;
  /** Opened on an earlier visit: the page says the order is waiting for it. */
  isReopened: boolean;
};

/** The open transfer's details, the points it holds, and a way to cancel it and pay another way. */
export function TransferStep({
  open,
  headingRef,
  onCancelled,
}: {
  open: OpenTransfer;
  headingRef: Ref<HTMLHeadingElement>;
  onCancelled: (message: string) => Promise<void> | void;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-6" data-testid="checkout-transfer" data-reopened={open.isReopened}>
      {open.isReopened && (
        <div
          role="status"
          className="flex flex-col gap-1 rounded-lg bg-brand-50 px-4 py-3 text-sm text-gray-800 ring-1 ring-brand-100"
          data-testid="transfer-waiting"
        >
          <p className="font-semibold text-gray-900">{t("transfer.waitingTitle")}</p>
          <p>{t("transfer.waitingBody")}</p>
        </div>
      )}
      <TransferInstructions
        transfer={open.transfer}
        paymentId={open.paymentId}
        headingRef={headingRef}
        aside={
          open.pointsUsed > 0 && (
            <p className="text-sm text-gray-700" data-testid="transfer-points-held">
              {t("transfer.pointsHeld", {
                points: formatPoints(open.pointsUsed, locale),
                value: formatVnd(open.pointsUsed * VND_PER_POINT, locale),
              })}
            </p>
          )
        }
      />
      <CancelTransfer paymentId={open.paymentId} pointsUsed={open.pointsUsed} onCancelled={onCancelled} />
    </div>
  );
}
