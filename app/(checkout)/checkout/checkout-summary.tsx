"use client";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { formatPoints, formatVnd } from "@/lib/format";
import { VND_PER_POINT } from "@/server/gateways/points";
import { packageDisplayName } from "@/server/package/schema";
import type { TransactionDto } from "./types";

/** The account the order is for (the owner sees name, phone and points). */
export function CheckoutAccount({ order, points }: { order: TransactionDto; points: number }) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const id = useId();
  const account = order.account;
  const accountRows: { key: "email" | "name" | "phone"; value?: string | null }[] = order.is_owner
    ? [
        { key: "email", value: account.email },
        { key: "name", value: account.fullname },
        { key: "phone", value: account.phone },
      ]
    : [{ key: "email", value: account.email }];

  return (
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
              {formatPoints(points, locale)}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * The order summary (issue 39), as a hosted checkout shows it: the lines, the points used and the
 * total. Beside the form on wide screens, above it on phones; it follows the points switch live.
 */
export function OrderSummary({
  order,
  canPay,
  pointsUsed,
  dueVnd,
  isCovered,
}: {
  order: TransactionDto;
  canPay: boolean;
  pointsUsed: number;
  dueVnd: number;
  isCovered: boolean;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const id = useId();
  const lines = order.lines ?? [];
  return (
    <section
      aria-labelledby={`${id}-summary`}
      data-testid="order-summary"
      className="flex flex-col gap-4 rounded-xl bg-gray-50 p-4 ring-1 ring-gray-200 sm:p-5 lg:sticky lg:top-6"
    >
      <h2 id={`${id}-summary`} className="text-base font-semibold text-gray-900">
        {t("totals.heading")}
      </h2>
      <ul
        aria-label={t("items.heading")}
        className="divide-y divide-gray-200 border-y border-gray-200"
        data-testid="checkout-items"
      >
        {lines.map((line) => (
          <li key={line._id} className="flex items-start justify-between gap-3 py-3 text-sm">
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
        {lines.length === 0 && <li className="py-6 text-center text-sm text-gray-500">{t("items.none")}</li>}
      </ul>
      <dl className="flex flex-col gap-1.5 text-sm">
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
