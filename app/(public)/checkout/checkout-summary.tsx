"use client";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { formatPoints, formatVnd } from "@/lib/format";
import { packageDisplayName } from "@/server/package/schema";
import type { TransactionDto } from "./types";

/** The account the order is for (the owner sees name, phone and points) and the order's items. */
export function CheckoutSummary({ order, points }: { order: TransactionDto; points: number }) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const id = useId();
  const account = order.account;
  const lines = order.lines ?? [];
  const accountRows: { key: "email" | "name" | "phone"; value?: string | null }[] = order.is_owner
    ? [
        { key: "email", value: account.email },
        { key: "name", value: account.fullname },
        { key: "phone", value: account.phone },
      ]
    : [{ key: "email", value: account.email }];

  return (
    <>
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
    </>
  );
}
