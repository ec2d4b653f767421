"use client";
import { useTranslations } from "next-intl";
import { CancelDialog } from "@/components/commerce/cancel-dialog";
import { type PaymentDto, paymentCancelSchema } from "@/server/payment/schema";

/** The note's bound, read from the call's own schema. */
const NOTE_MAX = paymentCancelSchema.shape.note.unwrap().maxLength ?? 500;

/** SPEC §2/§4 cancel a pending payment attempt: a note and Apply (`/payment/cancel`). */
export function CancelPaymentDialog({
  payment,
  onClose,
  onCancelled,
  onReload,
}: {
  payment: PaymentDto | null;
  onClose: () => void;
  onCancelled: (message: string) => void;
  onReload: () => void;
}) {
  const t = useTranslations("account.payments.cancel");
  return (
    <CancelDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={payment ? t("description", { reference: payment.reference_no }) : ""}
      path="/payment/cancel"
      body={{ id: payment?._id }}
      noteMax={NOTE_MAX}
      onCancelled={onCancelled}
      onReload={onReload}
    />
  );
}
