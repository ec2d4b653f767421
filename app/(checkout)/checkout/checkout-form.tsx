"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { CheckoutAnswer, CheckoutMethod } from "@/server/checkout/schema";
import { pointsToUse } from "@/server/gateways/points";
import { CheckoutPoints } from "./checkout-points";
import { CheckoutAccount, OrderSummary } from "./checkout-summary";
import { checkoutView, isCoveredByPoints } from "./checkout-view";
import { resultPath } from "./links";
import { MethodChoice } from "./method-choice";
import { sendTopTo } from "./send-top";
import { type OpenTransfer, TransferStep } from "./transfer-step";
import type { TransactionDto } from "./types";

/** How long the page waits for the gateway page to replace it before offering a link. */
const NAVIGATION_GRACE_MS = 2500;

type Step =
  | { kind: "form" }
  | { kind: "redirecting"; url: string; fallback: boolean }
  | ({ kind: "transfer" } & OpenTransfer);

/** A reopened checkout whose bank transfer is still open starts on that transfer. */
function firstStep(order: TransactionDto): Step {
  const pending = order.pending_transfer;
  if (checkoutView(order) !== "transfer" || !pending) return { kind: "form" };
  return {
    kind: "transfer",
    transfer: pending.transfer,
    paymentId: pending.payment_id,
    pointsUsed: pending.points_used,
    isReopened: true,
  };
}

/**
 * SPEC §2/§4 /checkout: the account, the method (bank transfer by default), the items, points
 * (used by default, owner only) and the totals; Confirm opens the attempt on the server, which
 * answers a gateway URL, the transfer instructions, or a payment already covered by points (then
 * no method is asked and the button says "Pay with points"). A transfer opened earlier and still
 * open is shown again, with a way to cancel it and pay another way.
 */
export function CheckoutForm({
  order,
  signedIn,
  signInHref,
}: {
  order: TransactionDto;
  /** Someone is signed in (the owner, or another account when `is_owner` is false). */
  signedIn: boolean;
  /** Sign-in (or switch account) that comes back to this checkout. */
  signInHref: string;
}) {
  const t = useTranslations("checkout");
  const tc = useTranslations("common");
  const router = useRouter();
  const toast = useToast();
  const methods = order.methods;
  const [method, setMethod] = useState<CheckoutMethod | undefined>(
    methods.includes("CASH") ? "CASH" : methods[0],
  );
  const [usePoints, setUsePoints] = useState(true);
  const [points, setPoints] = useState(order.account.point ?? 0);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [step, setStep] = useState<Step>(() => firstStep(order));
  const transferHeading = useRef<HTMLHeadingElement>(null);
  const confirmHeading = useRef<HTMLSpanElement>(null);

  const canPay = order.is_owner && order.status === "PENDING";
  const { pointsUsed, dueVnd } = pointsToUse(points, order.total, canPay && usePoints);
  const isCovered = canPay && isCoveredByPoints(pointsUsed, dueVnd);
  // The method and the points switch wait while a confirm is under way or has gone through.
  const shared = { isCovered, disabled: busy || step.kind !== "form" };

  // A transfer just opened takes the focus; one shown on arrival leaves it where the page starts.
  const isReopened = step.kind === "transfer" && step.isReopened;
  useEffect(() => {
    if (step.kind === "transfer" && !isReopened) transferHeading.current?.focus();
  }, [step.kind, isReopened]);

  useEffect(() => {
    if (step.kind !== "redirecting" || step.fallback) return;
    const timer = setTimeout(() => setStep({ ...step, fallback: true }), NAVIGATION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!method || busy || step.kind !== "form") return;
    setAlert(undefined);
    setBusy(true);
    const envelope = await api<CheckoutAnswer>(
      "/order/checkout",
      { order_id: order._id, method, use_point: usePoints },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) {
      setBusy(false);
      // SPEC §8: checkout failures are toasts; the message also stays above the button.
      toast.show("error", envelope.message);
      setAlert(envelope.code === 401 ? t("sessionExpired") : envelope.message);
      return;
    }
    const answer = envelope.data;
    setPoints(answer.new_point);
    // The transfer details say it themselves (their heading takes the focus); a toast over them
    // would hide the copy confirmations.
    if (envelope.message && !answer.transfer) toast.show("success", envelope.message);
    if (answer.status === "PAID") {
      router.push(resultPath(answer.payment_id));
      return;
    }
    if (answer.url) {
      const how = sendTopTo(answer.url);
      setStep({ kind: "redirecting", url: answer.url, fallback: how === "blocked" });
      return;
    }
    if (answer.transfer) {
      setStep({
        kind: "transfer",
        transfer: answer.transfer,
        paymentId: answer.payment_id,
        pointsUsed: answer.points_used,
        isReopened: false,
      });
      return;
    }
    // Neither: the attempt exists; its page says what became of it.
    router.push(resultPath(answer.payment_id));
  };

  async function transferCancelled(pointsBack: number, message: string) {
    // The points came back on the server: read the balance it now has.
    const fresh = await api<TransactionDto>(
      "/order/get-transaction",
      { transaction_id: order.transaction_id },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (isSuccess(fresh) && typeof fresh.data.account.point === "number") setPoints(fresh.data.account.point);
    else setPoints((p) => p + pointsBack);
    setStep({ kind: "form" });
    toast.show("success", message);
    requestAnimationFrame(() => confirmHeading.current?.focus());
  }

  return (
    // The summary comes first: above the form on phones, beside it (the right column) from lg up.
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)] lg:items-start lg:gap-10">
      <div className="lg:col-start-2 lg:row-start-1">
        <OrderSummary
          order={order}
          canPay={canPay}
          pointsUsed={pointsUsed}
          dueVnd={dueVnd}
          isCovered={isCovered}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <CheckoutAccount order={order} points={points} />
        {step.kind === "transfer" ? (
          <TransferStep
            open={step}
            headingRef={transferHeading}
            onCancelled={(message) => transferCancelled(step.pointsUsed, message)}
          />
        ) : (
          <form
            method="post"
            noValidate
            onSubmit={onConfirm}
            className="flex flex-col gap-6"
            aria-busy={busy || undefined}
          >
            {canPay && (
              <MethodChoice
                {...shared}
                methods={methods}
                method={method}
                onChange={setMethod}
                headingRef={confirmHeading}
              />
            )}
            <CheckoutPoints
              disabled={shared.disabled}
              order={order}
              canPay={canPay}
              usePoints={usePoints}
              onUsePoints={setUsePoints}
              points={points}
              signedIn={signedIn}
              signInHref={signInHref}
            />
            {canPay && (
              <div className="flex flex-col gap-3">
                <FormAlert message={alert} />
                {step.kind === "redirecting" ? (
                  <div role="status" className="flex flex-col gap-2 text-sm text-gray-700">
                    <p>{t("redirecting")}</p>
                    {step.fallback && (
                      <p>
                        {t("redirectBlocked")}{" "}
                        <a
                          href={step.url}
                          target="_top"
                          className="font-semibold text-brand-600 underline"
                          data-testid="gateway-link"
                        >
                          {t("openGateway")}
                        </a>
                      </p>
                    )}
                  </div>
                ) : (
                  <Button
                    type="submit"
                    busy={busy}
                    disabled={!method || methods.length === 0}
                    data-testid="confirm"
                    data-action={isCovered ? "points" : "method"}
                  >
                    {isCovered ? t("confirmWithPoints") : t("confirm")}
                  </Button>
                )}
              </div>
            )}
          </form>
        )}
      </div>
      {toast.view}
    </div>
  );
}
