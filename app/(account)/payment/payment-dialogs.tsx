"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { cancelRowDialog } from "@/components/commerce/cancel-dialog";
import { defineDetail, orderLinesSection } from "@/components/commerce/define-detail";
import { StatusBadge } from "@/components/commerce/status-badge";
import type { ListDialogProps } from "@/components/list/define-list";
import { NONE } from "@/components/list/list-format";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { VND_PER_POINT } from "@/server/gateways/points";
import {
  type PaymentDetailDto,
  type PaymentDto,
  paymentCancelSchema,
  paymentDetailDto,
  paymentDto,
} from "@/server/payment/schema";

export const receiptHref = (id: string) => `/payment/${encodeURIComponent(id)}/receipt`;

const mono = (text: string | null) => (text ? <span className="font-mono text-xs">{text}</span> : NONE);

/** Print opens the receipt of a paid payment; Cancel ends a pending one. */
function PaymentActions({ shown, onCancel }: { shown: PaymentDetailDto; onCancel: () => void }) {
  const t = useTranslations("account.payments");
  if (shown.status === "PAID") {
    return (
      <a
        href={receiptHref(shown._id)}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {t("detail.print")}
        <span className="sr-only"> {t("detail.opensInNewTab")}</span>
      </a>
    );
  }
  if (shown.status !== "PENDING") return null;
  return (
    <Button variant="secondary" className="text-red-700" onClick={onCancel}>
      {t("menu.cancel")}
    </Button>
  );
}

/**
 * SPEC §2 payment detail (`/payment/detail`): order no, method, gateway, amount, points, note,
 * status, the gateway's transaction id and the order's real lines.
 */
export const PaymentDetailDialog = defineDetail({
  call: "/payment/detail",
  row: paymentDto,
  detail: paymentDetailDto,
  messages: "account.payments",
  fields: (d, f) => [
    ["order", "detail.orderNo", mono(d.order_reference_no)],
    ["method", "method", f.t(`methods.${d.method}`)],
    ["gateway", "detail.gateway", f.t(`gateways.${d.gateway}`)],
    ["amount", "amount", f.vnd(d.amount)],
    [
      "points",
      "detail.pointsUsed",
      d.points_used > 0
        ? f.t("detail.pointsValue", {
            points: f.decimal(d.points_used),
            value: f.vnd(d.points_used * VND_PER_POINT),
          })
        : NONE,
    ],
    ["status", "status", <StatusBadge key="status" status={d.status} />],
    ["transaction", "detail.transactionId", mono(d.transaction_id)],
    ["created", "createdAt", f.dateTime(d.created_at)],
    ["paid", "detail.paidAt", f.dateTime(d.paid_at)],
    ["note", "detail.note", d.note || NONE],
  ],
  section: orderLinesSection<PaymentDetailDto>(
    "detail.items",
    (d) => ({ lines: d.lines, total: d.order_total }),
    "detail.orderTotal",
  ),
  actions: (d, dialog) => <PaymentActions shown={d} onCancel={() => dialog.open("cancel", d)} />,
});

/** SPEC §2/§4 cancel a pending payment attempt: a note and Apply (`/payment/cancel`). */
export const CancelPaymentDialog = cancelRowDialog<PaymentDto>({
  messages: "account.payments.cancel",
  path: "/payment/cancel",
  schema: paymentCancelSchema,
});

/** SPEC §4: a cancelled or invalid payment can be hidden; asked once, then `/payment/hide`. */
export function HidePaymentDialog({ row: payment, close, reload, toast }: ListDialogProps<PaymentDto>) {
  const t = useTranslations("account.payments.hide");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);

  const hide = async () => {
    if (!payment || busy) return;
    setBusy(true);
    const envelope = await api("/payment/hide", { id: payment._id }, { networkMessage: tc("networkError") });
    setBusy(false);
    close();
    if (isSuccess(envelope)) {
      toast("success", envelope.message || t("done"));
      reload();
    } else toast("error", envelope.message);
  };

  return (
    <MessageDialog
      open={payment !== null}
      title={t("title")}
      onClose={() => !busy && close()}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
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
