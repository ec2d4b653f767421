"use client";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { formatDecimal, formatVnd } from "@/lib/format";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type {
  CheckoutAnswer,
  CheckoutMethod,
  TransferInstructions as Transfer,
} from "@/server/checkout/schema";
import { pointsToUse, VND_PER_POINT } from "@/server/gateways/points";
import { packageDisplayName } from "@/server/package/schema";
import { checkoutView, isCoveredByPoints } from "./checkout-view";
import { resultPath } from "./links";
import { CancelTransfer, TransferInstructions } from "./transfer-instructions";
import type { TransactionDto } from "./types";

/** How long the page waits for the gateway page to replace it before offering a link. */
const NAVIGATION_GRACE_MS = 2500;

/**
 * Sends the whole page to the gateway. Inside a product's frame that is the top window; a
 * cross-origin top refuses a navigation without a fresh user gesture, so a new top-level window
 * is the fallback, and when that is blocked too the caller shows a link.
 */
function sendTopTo(url: string): "navigating" | "opened" | "blocked" {
  if (window.top === window.self) {
    window.location.assign(url);
    return "navigating";
  }
  try {
    if (window.top) {
      window.top.location.href = url;
      return "navigating";
    }
  } catch {
    // A SecurityError: try a window of its own below.
  }
  const opened = window.open(url, "_blank");
  if (!opened) return "blocked";
  opened.opener = null;
  return "opened";
}

type Step =
  | { kind: "form" }
  | { kind: "redirecting"; url: string; fallback: boolean }
  | {
      kind: "transfer";
      transfer: Transfer;
      paymentId: string;
      pointsUsed: number;
      /** Opened on an earlier visit: the page says the order is waiting for it. */
      isReopened: boolean;
    };

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
  const locale = useLocale();
  const router = useRouter();
  const toast = useToast();
  const id = useId();
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

  const canPay = order.is_owner && order.status === "PENDING";
  const { pointsUsed, dueVnd } = pointsToUse(points, order.total, canPay && usePoints);
  const isCovered = canPay && isCoveredByPoints(pointsUsed, dueVnd);
  const lines = order.lines ?? [];
  const confirmHeading = useRef<HTMLHeadingElement>(null);

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

  const account = order.account;
  const accountRows: { key: "email" | "name" | "phone"; value?: string | null }[] = order.is_owner
    ? [
        { key: "email", value: account.email },
        { key: "name", value: account.fullname },
        { key: "phone", value: account.phone },
      ]
    : [{ key: "email", value: account.email }];

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`} className="mb-2 text-base font-semibold text-gray-900">
          {t("account.heading")}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg bg-gray-50 px-4 py-3 text-sm sm:grid-cols-2">
          {accountRows.map((row) => (
            <div key={row.key} className="min-w-0">
              <dt className="text-xs text-gray-500">{t(`account.${row.key}`)}</dt>
              <dd className="break-words text-gray-900" data-testid={`account-${row.key}`}>
                {row.value || "—"}
              </dd>
            </div>
          ))}
          {order.is_owner && (
            <div className="min-w-0">
              <dt className="text-xs text-gray-500">{t("account.points")}</dt>
              <dd className="text-gray-900 tabular-nums" data-testid="account-points">
                {formatDecimal(points, locale)}
              </dd>
            </div>
          )}
        </dl>
      </section>

      <section aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`} className="mb-2 text-base font-semibold text-gray-900">
          {t("items.heading")}
        </h2>
        <ul className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200" data-testid="checkout-items">
          {lines.map((line) => (
            <li key={line._id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="break-words font-medium text-gray-900">{line.store_name}</p>
                <p className="text-gray-600">
                  {/* The catalog's name is words ("Sales Business 3"); the wire code stays off screen. */}
                  {line.package_name || packageDisplayName(line.package_code)}
                </p>
                <p className="text-xs text-gray-500">
                  {line.bonus_months > 0
                    ? t("items.monthsWithBonus", { months: line.months, bonus: line.bonus_months })
                    : t("items.months", { months: line.months })}
                </p>
              </div>
              <span className="whitespace-nowrap font-medium text-gray-900 tabular-nums">
                {formatVnd(line.subtotal, locale)}
              </span>
            </li>
          ))}
          {lines.length === 0 && (
            <li className="px-4 py-6 text-center text-sm text-gray-500">{t("items.none")}</li>
          )}
        </ul>
      </section>

      {step.kind === "transfer" ? (
        <div className="flex flex-col gap-6" data-testid="checkout-transfer" data-reopened={step.isReopened}>
          {step.isReopened && (
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
            transfer={step.transfer}
            paymentId={step.paymentId}
            headingRef={transferHeading}
            aside={
              step.pointsUsed > 0 && (
                <p className="text-sm text-gray-700" data-testid="transfer-points-held">
                  {t("transfer.pointsHeld", {
                    points: step.pointsUsed,
                    value: formatVnd(step.pointsUsed * VND_PER_POINT, locale),
                  })}
                </p>
              )
            }
          />
          <CancelTransfer
            paymentId={step.paymentId}
            pointsUsed={step.pointsUsed}
            onCancelled={async (message) => {
              // The points came back on the server: read the balance it now has.
              const fresh = await api<TransactionDto>(
                "/order/get-transaction",
                { transaction_id: order.transaction_id },
                { networkMessage: tc("networkError"), on401: "return" },
              );
              if (isSuccess(fresh) && typeof fresh.data.account.point === "number")
                setPoints(fresh.data.account.point);
              else setPoints((p) => p + step.pointsUsed);
              setStep({ kind: "form" });
              toast.show("success", message);
              requestAnimationFrame(() => confirmHeading.current?.focus());
            }}
          />
        </div>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={onConfirm}
          className="flex flex-col gap-6"
          aria-busy={busy || undefined}
        >
          {canPay && (
            <fieldset
              disabled={busy || step.kind !== "form" || isCovered}
              aria-describedby={isCovered ? `${id}-covered` : undefined}
              className="min-w-0"
              data-testid="methods"
            >
              <legend className="mb-2 text-base font-semibold text-gray-900">
                <span ref={confirmHeading} tabIndex={-1} className="outline-none">
                  {t("method.legend")}
                </span>
              </legend>
              {isCovered && (
                <p
                  id={`${id}-covered`}
                  className="mb-2 text-sm text-gray-700"
                  data-testid="method-not-needed"
                >
                  {t("method.notNeeded")}
                </p>
              )}
              {methods.length === 0 ? (
                <p className="text-sm text-gray-600">{t("method.none")}</p>
              ) : (
                <div className="flex flex-col gap-2">
                  {methods.map((m) => (
                    <label
                      key={m}
                      className={`flex items-start gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                        isCovered
                          ? "cursor-not-allowed border-gray-200 bg-gray-50 opacity-60"
                          : method === m
                            ? "cursor-pointer border-brand-500 bg-brand-50"
                            : "cursor-pointer border-gray-300 bg-white hover:bg-gray-50"
                      }`}
                    >
                      <input
                        type="radio"
                        name="method"
                        value={m}
                        checked={!isCovered && method === m}
                        onChange={() => setMethod(m)}
                        aria-labelledby={`${id}-${m}-name`}
                        aria-describedby={`${id}-${m}-hint`}
                        className="mt-0.5 size-5 shrink-0 accent-brand-500"
                        data-testid={`method-${m}`}
                      />
                      <span className="flex min-w-0 flex-col">
                        <span id={`${id}-${m}-name`} className="font-medium text-gray-900">
                          {t(`method.${m}.name`)}
                        </span>
                        <span id={`${id}-${m}-hint`} className="text-xs text-gray-600">
                          {t(`method.${m}.hint`)}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          )}

          <section aria-labelledby={`${id}-summary`} className="flex flex-col gap-3">
            <h2 id={`${id}-summary`} className="text-base font-semibold text-gray-900">
              {t("totals.heading")}
            </h2>
            {canPay ? (
              <label className="flex cursor-pointer items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  checked={usePoints}
                  onChange={(e) => setUsePoints(e.target.checked)}
                  disabled={busy || step.kind !== "form"}
                  aria-labelledby={`${id}-points-name`}
                  aria-describedby={`${id}-points-hint`}
                  className="mt-0.5 size-5 shrink-0 accent-brand-500"
                  data-testid="use-points"
                />
                <span className="flex flex-col">
                  <span id={`${id}-points-name`} className="font-medium text-gray-900">
                    {t("points.use")}
                  </span>
                  <span id={`${id}-points-hint`} className="text-xs text-gray-600">
                    {t("points.balance", {
                      points: formatDecimal(points, locale),
                      value: formatVnd(Math.floor(points) * VND_PER_POINT, locale),
                    })}
                  </span>
                </span>
              </label>
            ) : (
              order.status === "PENDING" && (
                <div
                  className="flex flex-col gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-gray-800 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="signin-to-pay"
                >
                  <p>{signedIn ? t("points.otherAccount") : t("points.signInToPay")}</p>
                  <a
                    href={signInHref}
                    className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600"
                  >
                    {signedIn ? t("points.switchAccount") : t("points.signIn")}
                  </a>
                </div>
              )
            )}
            <dl className="flex flex-col gap-1.5 border-t border-gray-200 pt-3 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-gray-600">{t("totals.total")}</dt>
                <dd className="tabular-nums text-gray-900" data-testid="total">
                  {formatVnd(order.total, locale)}
                </dd>
              </div>
              {canPay && (
                <div className="flex justify-between gap-3">
                  <dt className="text-gray-600">{t("totals.pointsUsed")}</dt>
                  <dd className="text-right tabular-nums text-gray-900" data-testid="points-used">
                    {t("totals.pointsValue", {
                      points: pointsUsed,
                      value: formatVnd(pointsUsed * VND_PER_POINT, locale),
                    })}
                  </dd>
                </div>
              )}
              <div className="flex justify-between gap-3 border-t border-gray-200 pt-2 text-base font-semibold">
                <dt>{t("totals.due")}</dt>
                <dd className="tabular-nums text-gray-900" data-testid="due" aria-live="polite">
                  {formatVnd(dueVnd, locale)}
                </dd>
              </div>
            </dl>
            {isCovered && (
              <p
                className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900"
                data-testid="covered-by-points"
              >
                {t("totals.coveredByPoints")}
              </p>
            )}
          </section>

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
      {toast.view}
    </div>
  );
}
