"use client";
import { useTranslations } from "next-intl";
import { CancelDialog } from "@/components/commerce/cancel-dialog";
import { cancelOrderSchema, type OrderDto } from "@/server/order/schema";

/** The note's bound, read from the call's own schema. */
const NOTE_MAX = cancelOrderSchema.shape.note.unwrap().maxLength ?? 500;

/** SPEC §2/§4 cancel an order: a note and Apply; the call sends id, note, status CANCEL. */
export function CancelOrderDialog({
  order,
  onClose,
  onCancelled,
  onReload,
}: {
  order: OrderDto | null;
  onClose: () => void;
  onCancelled: (message: string) => void;
  onReload: () => void;
}) {
  const t = useTranslations("account.orders.cancel");
  return (
    <CancelDialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={order ? t("description", { reference: order.reference_no }) : ""}
      path="/order/cancel"
      body={{ id: order?._id, status: "CANCEL" }}
      noteMax={NOTE_MAX}
      onCancelled={onCancelled}
      onReload={onReload}
    />
  );
}
