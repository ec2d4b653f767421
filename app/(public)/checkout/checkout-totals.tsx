"use client";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { formatPoints, formatVnd } from "@/lib/format";
import { VND_PER_POINT } from "@/server/gateways/points";
import type { TransactionDto } from "./types";

/**
 * The totals: the owner's points switch (or, for anyone else, a way to sign in as the owner),
 * the total, the points used and what is left to pay.
 */
export function CheckoutTotals({
  order,
  canPay,
  usePoints,
  onUsePoints,
  points,
  pointsUsed,
  dueVnd,
  isCovered,
  disabled,
  signedIn,
  signInHref,
}: {
  order: TransactionDto;
  canPay: boolean;
  usePoints: boolean;
  onUsePoints: (use: boolean) => void;
  points: number;
  pointsUsed: number;
  dueVnd: number;
  isCovered: boolean;
  disabled: boolean;
  signedIn: boolean;
  signInHref: string;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-summary`} className="flex flex-col gap-3">
      <h2 id={`${id}-summary`} className="text-base font-semibold text-gray-900">
        {t("totals.heading")}
      </h2>
      {canPay ? (
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={usePoints}
            onChange={(e) => onUsePoints(e.target.checked)}
            disabled={disabled}
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
                points: formatPoints(points, locale),
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
                points: formatPoints(pointsUsed, locale),
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
  );
}
