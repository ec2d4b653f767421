"use client";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { formatPoints, formatVnd } from "@/lib/format";
import { VND_PER_POINT } from "@/server/gateways/points";
import type { TransactionDto } from "./types";

/**
 * The points: the owner's switch (or, for anyone else, a way to sign in as the owner). What they
 * take off the total is shown in the order summary beside the form (checkout-summary.tsx).
 */
export function CheckoutPoints({
  order,
  canPay,
  usePoints,
  onUsePoints,
  points,
  disabled,
  signedIn,
  signInHref,
}: {
  order: TransactionDto;
  canPay: boolean;
  usePoints: boolean;
  onUsePoints: (use: boolean) => void;
  points: number;
  disabled: boolean;
  signedIn: boolean;
  signInHref: string;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
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
    </div>
  );
}
