"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { PaymentDto } from "@/server/payment/schema";

/** SPEC §4: a cancelled or invalid payment can be hidden; asked once, then `/payment/hide`. */
export function HidePaymentDialog({
  payment,
  onClose,
  onHidden,
  onError,
}: {
  payment: PaymentDto | null;
  onClose: () => void;
  onHidden: (message: string) => void;
  onError: (message: string) => void;
}) {
  const t = useTranslations("account.payments.hide");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);

  const hide = async () => {
    if (!payment || busy) return;
    setBusy(true);
    const envelope = await api("/payment/hide", { id: payment._id }, { networkMessage: tc("networkError") });
    setBusy(false);
    onClose();
    if (isSuccess(envelope)) onHidden(envelope.message || t("done"));
    else onError(envelope.message);
  };

  return (
    <MessageDialog
      open={payment !== null}
      title={t("title")}
      onClose={() => !busy && onClose()}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" onClick={hide} busy={busy}>
            {t("confirm")}
          </Button>
        </>
      }
    >
      {payment ? t("body", { reference: payment.reference_no }) : ""}
    </MessageDialog>
  );
}
