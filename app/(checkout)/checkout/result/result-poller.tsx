"use client";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState } from "react";
import { formatPoints, formatVnd } from "@/lib/format";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { PaymentStatusDto } from "@/server/checkout/schema";
import { VND_PER_POINT } from "@/server/gateways/points";
import { PAYMENT_GATEWAYS, type PaymentGateway } from "@/server/payment/schema";
import { BackLink, Spinner } from "../back-link";
import { checkoutPath, resultPath, signInPath } from "../links";
import { TransferInstructions } from "../transfer-instructions";

/** Every 3 s at first; after 15 s the gateway is asked too (`refresh`), every 10 s. */
const FAST_MS = 3_000;
const FAST_FOR_MS = 15_000;
const SLOW_MS = 10_000;
/** A tab left open stops asking after half an hour; "Check again" starts over. */
const GIVE_UP_MS = 30 * 60_000;

const PAID = new Set(["PAID", "PAID_DEBIT"]);

const isGateway = (gateway: string): gateway is PaymentGateway =>
  (PAYMENT_GATEWAYS as readonly string[]).includes(gateway);

/**
 * The result of one attempt as the database has it: paid, failed or cancelled, or still pending
 * (polled until it settles; a bank transfer shows its instructions again).
 */
export function ResultPoller({
  initial,
  product,
  unverifiedReturn,
}: {
  initial: PaymentStatusDto;
  product: { href: string; name: string } | null;
  /** The gateway's return could not be verified (`invalid=1`): only the database is believed. */
  unverifiedReturn: boolean;
}) {
  const t = useTranslations("checkout.result");
  const tc = useTranslations("common");
  const locale = useLocale();
  const [payment, setPayment] = useState(initial);
  const [offline, setOffline] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [round, setRound] = useState(0);
  const isPending = payment.status === "PENDING";
  const networkMessage = tc("networkError");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the schedule on "Check again".
  useEffect(() => {
    if (!isPending || signedOut || stopped) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const schedule = () => {
      const elapsed = Date.now() - started;
      if (elapsed >= GIVE_UP_MS) {
        setStopped(true);
        return;
      }
      timer = setTimeout(tick, elapsed < FAST_FOR_MS ? FAST_MS : SLOW_MS);
    };
    const tick = async () => {
      const refresh = Date.now() - started >= FAST_FOR_MS;
      const envelope = await api<PaymentStatusDto>(
        "/payment/status",
        { payment_id: initial.payment_id, refresh, transaction_id: initial.transaction_id },
        { networkMessage, on401: "return" },
      );
      if (cancelled) return;
      if (isSuccess(envelope)) {
        setOffline(false);
        setPayment(envelope.data);
        if (envelope.data.status !== "PENDING") return;
      } else if (envelope.code === 401) {
        setSignedOut(true);
        return;
      } else {
        // A lost connection or a server hiccup: keep asking, and say so.
        setOffline(true);
      }
      schedule();
    };
    schedule();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [isPending, signedOut, stopped, round, initial.payment_id, networkMessage]);

  const gatewayName = isGateway(payment.gateway) ? t(`gateway.${payment.gateway}`) : payment.gateway;
  // What really happened to the points, as the database has it: spent, still held, or given back.
  const outcome = payment.points_outcome;
  const pointsNote =
    outcome && outcome !== "none" ? (
      <p
        className={`rounded-lg px-3 py-2 text-sm ring-1 ${
          outcome === "returned"
            ? "bg-green-50 text-green-900 ring-green-200"
            : "bg-gray-50 text-gray-800 ring-gray-200"
        }`}
        data-testid="result-points"
        data-outcome={outcome}
      >
        {t(`points.${outcome}`, {
          points: formatPoints(payment.points_used, locale),
          value: formatVnd(payment.points_used * VND_PER_POINT, locale),
        })}
      </p>
    ) : null;
  const backToProduct = product ? (
    <BackLink href={product.href} label={t("backToApp", { app: product.name })} external />
  ) : null;
  const details = (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg bg-gray-50 px-4 py-3 text-sm sm:grid-cols-2">
      <Row label={t("order")} value={payment.order_reference_no} testId="result-order" mono />
      <Row label={t("payment")} value={payment.reference_no} mono />
      <Row label={t("method")} value={gatewayName} />
      <Row label={t("amount")} value={formatVnd(payment.amount, locale)} testId="result-amount" />
      {payment.points_used > 0 && (
        <Row
          label={t("pointsUsed")}
          value={t("pointsValue", {
            points: formatPoints(payment.points_used, locale),
            value: formatVnd(payment.points_used * VND_PER_POINT, locale),
          })}
        />
      )}
    </dl>
  );

  if (PAID.has(payment.status)) {
    return (
      <div className="flex flex-col gap-5" data-testid="result-paid" data-status={payment.status}>
        <Banner kind="ok" title={t("paid.title")}>
          {t("paid.body", { reference: payment.order_reference_no })}
        </Banner>
        {details}
        {pointsNote}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <a
            href={`/payment/${encodeURIComponent(payment.payment_id)}/receipt`}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
            data-testid="result-receipt"
          >
            {t("receipt")}
          </a>
          <a
            href="/order"
            className="inline-flex min-h-11 items-center rounded-lg px-1 text-sm font-semibold text-brand-600 hover:underline"
          >
            {t("viewOrders")}
          </a>
          {backToProduct}
        </div>
      </div>
    );
  }

  if (!isPending) {
    const orderPaid = PAID.has(payment.order_status);
    const retry = checkoutPath(payment.transaction_id, payment.app_code);
    return (
      <div className="flex flex-col gap-5" data-testid="result-failed" data-status={payment.status}>
        <Banner kind="fail" title={t("failed.title")}>
          {orderPaid
            ? t("failed.orderPaid", { reference: payment.order_reference_no })
            : t("failed.body", { reference: payment.order_reference_no })}
        </Banner>
        {details}
        {pointsNote}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {orderPaid ? (
            <a
              href="/order"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
            >
              {t("viewOrders")}
            </a>
          ) : (
            <a
              href={retry}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
              data-testid="result-retry"
            >
              {t("failed.retry")}
            </a>
          )}
          {backToProduct}
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5" data-testid="result-pending">
      {unverifiedReturn && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {t("unverified")}
        </p>
      )}
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg bg-brand-50 px-4 py-3 ring-1 ring-brand-100"
      >
        {stopped || signedOut ? <Icon kind="wait" /> : <Spinner className="mt-0.5 size-5" />}
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">{t("pending.title")}</p>
          <p className="text-sm text-gray-700">
            {payment.transfer ? t("pending.transferBody") : t("pending.body")}
          </p>
          {offline && !signedOut && <p className="mt-1 text-sm text-red-700">{t("pending.offline")}</p>}
        </div>
      </div>
      {signedOut && (
        <p className="text-sm text-gray-700">
          {t("signedOut")}{" "}
          <a
            href={signInPath(resultPath(payment.payment_id))}
            className="font-semibold text-brand-600 underline"
          >
            {t("signIn")}
          </a>
        </p>
      )}
      {stopped && !signedOut && (
        <button
          type="button"
          onClick={() => {
            setStopped(false);
            setRound((r) => r + 1);
          }}
          className="inline-flex min-h-11 items-center justify-center self-start rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
        >
          {t("pending.checkAgain")}
        </button>
      )}
      {details}
      {pointsNote}
      {payment.transfer && (
        <TransferInstructions
          transfer={payment.transfer}
          paymentId={payment.payment_id}
          showDoneLink={false}
        />
      )}
      {backToProduct && <div>{backToProduct}</div>}
    </div>
  );
}

function Row({
  label,
  value,
  testId,
  mono,
}: {
  label: string;
  value: string;
  testId?: string;
  mono?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className={`break-words text-gray-900 ${mono ? "font-mono" : ""}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const BANNERS = {
  ok: { role: "status", box: "bg-green-50 ring-green-200", text: "text-green-900" },
  fail: { role: "alert", box: "bg-red-50 ring-red-200", text: "text-red-900" },
} as const;

/** The attempt's outcome at the top: paid (a status) or failed (an alert). */
function Banner({
  kind,
  title,
  children,
}: {
  kind: keyof typeof BANNERS;
  title: string;
  children: ReactNode;
}) {
  const { role, box, text } = BANNERS[kind];
  return (
    <div role={role} className={`flex items-start gap-3 rounded-lg px-4 py-3 ring-1 ${box}`}>
      <Icon kind={kind} />
      <div>
        <p className={`font-semibold ${text}`}>{title}</p>
        <p className={`text-sm ${text}`}>{children}</p>
      </div>
    </div>
  );
}

function Icon({ kind }: { kind: "ok" | "fail" | "wait" }) {
  const colour = kind === "ok" ? "text-green-600" : kind === "fail" ? "text-red-600" : "text-gray-500";
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={`mt-0.5 size-5 shrink-0 ${colour}`}>
      {kind === "ok" && (
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
          clipRule="evenodd"
        />
      )}
      {kind === "fail" && (
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.7 7.3a1 1 0 0 0-1.4 1.4L8.6 10l-1.3 1.3a1 1 0 1 0 1.4 1.4l1.3-1.3 1.3 1.3a1 1 0 0 0 1.4-1.4L11.4 10l1.3-1.3a1 1 0 0 0-1.4-1.4L10 8.6 8.7 7.3Z"
          clipRule="evenodd"
        />
      )}
      {kind === "wait" && (
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm1-12a1 1 0 1 0-2 0v4c0 .3.1.5.3.7l2.5 2.5a1 1 0 0 0 1.4-1.4L11 9.6V6Z"
          clipRule="evenodd"
        />
      )}
    </svg>
  );
}
