"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useId, useState } from "react";
import useSWR from "swr";
import { DetailError, DetailLoading } from "@/components/commerce/detail-dialog";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { formatDecimal, formatVnd } from "@/lib/format";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { packageDisplayName } from "@/server/package/schema";
import type { PartnerPackageDto, StoreDto } from "@/server/partner/schema";
import { preselectPackage } from "./preselect-package";
import { usePartnerCredit } from "./use-partner-credit";

const PACKAGES_PATH = "/partner/list-package";

/**
 * SPEC §4 partner upgrade: the packages offered for the store (the server keeps those at or above
 * its package, all when it has expired), the first one above its current package chosen (an
 * upgrade, not a renewal; preselect-package.ts); the credit it takes beside the
 * partner's; Confirm. A refusal (credit short: contact support) is said in the dialog above its
 * buttons; a success toasts and is handed to the customer detail, which closes this 1 s later.
 */
export function UpgradeStoreDialog({
  store,
  onClose,
  onUpgraded,
}: {
  /** The store to upgrade; null when closed. */
  store: StoreDto | null;
  onClose: () => void;
  onUpgraded: (message: string) => void;
}) {
  const t = useTranslations("account.partner");
  const tc = useTranslations("common");
  const locale = useLocale();
  const id = useId();
  const toast = useToast();
  const credit = usePartnerCredit(store !== null);
  const packages = useSWR<PartnerPackageDto[], Error>(
    store ? [PACKAGES_PATH, store.app_code, store._id] : null,
    async ([path, appCode, storeId]: [string, string, string]) => {
      const envelope = await api<{ items: PartnerPackageDto[] }>(
        path,
        { app_code: appCode, store: storeId },
        { networkMessage: tc("networkError") },
      );
      if (!isSuccess(envelope)) throw new Error(envelope.message || tc("networkError"));
      return envelope.data.items;
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();

  const items = packages.data ?? [];
  const selected = items.find((p) => p.code === chosen) ?? preselectPackage(items, store?.package_code);
  const balance = credit.data?.credit;
  const isShort = selected !== undefined && balance !== undefined && selected.credit > balance;

  const confirm = async () => {
    if (!store || !selected || busy || done) return;
    setFailure(undefined);
    setBusy(true);
    const envelope = await api(
      "/partner/upgrade-store",
      { store: store._id, package: selected.code, app_code: store.app_code },
      { networkMessage: tc("networkError") },
    );
    setBusy(false);
    if (!isSuccess(envelope)) {
      setFailure(envelope.message);
      return;
    }
    setDone(true);
    toast.show("success", envelope.message);
    onUpgraded(envelope.message);
  };

  let body: ReactNode;
  if (packages.error) {
    body = <DetailError message={packages.error.message} />;
  } else if (!packages.data) {
    body = <DetailLoading roomy={false} />;
  } else if (items.length === 0) {
    body = <p className="rounded-lg bg-gray-50 px-3 py-4 text-sm text-gray-700">{t("upgradeDialog.none")}</p>;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-700">{t("upgradeDialog.packages")}</legend>
          <div className="flex max-h-72 flex-col gap-2 overflow-y-auto p-0.5">
            {items.map((p) => {
              const isSelected = p.code === selected?.code;
              return (
                <label
                  key={p.code}
                  className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-100 ${
                    isSelected ? "border-brand-500 bg-brand-50" : "border-gray-200 hover:bg-gray-50"
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-package`}
                    value={p.code}
                    checked={isSelected}
                    disabled={done}
                    onChange={() => {
                      setChosen(p.code);
                      setFailure(undefined);
                    }}
                    aria-describedby={`${id}-${p.code}-terms`}
                    className="mt-1 size-4 shrink-0 accent-brand-500"
                  />
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span>
                        <span className="font-semibold text-gray-900">{packageDisplayName(p.code)}</span>{" "}
                        <span className="text-gray-700">{p.name}</span>
                      </span>
                      <span className="whitespace-nowrap font-semibold tabular-nums text-gray-900">
                        {t("upgradeDialog.creditOf", { credit: formatDecimal(p.credit, locale) })}
                      </span>
                    </span>
                    <span id={`${id}-${p.code}-terms`} className="text-xs text-gray-500">
                      {t("upgradeDialog.terms", {
                        months: p.months,
                        bonus: p.bonus_months,
                        price: formatVnd(p.price, locale),
                        discount: p.partner_discount,
                      })}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-gray-50 p-3 text-sm" aria-live="polite">
          <div>
            <dt className="text-xs uppercase tracking-wide text-gray-500">{t("upgradeDialog.required")}</dt>
            <dd
              className="mt-0.5 text-base font-semibold tabular-nums text-gray-900"
              data-testid="required-credit"
            >
              {selected ? formatDecimal(selected.credit, locale) : "--"}
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-gray-500">{t("yourCredit")}</dt>
            <dd
              className={`mt-0.5 text-base font-semibold tabular-nums ${isShort ? "text-red-700" : "text-gray-900"}`}
              data-testid="upgrade-credit"
            >
              {balance !== undefined ? formatDecimal(balance, locale) : "--"}
            </dd>
          </div>
        </dl>
        {isShort && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("upgradeDialog.short")}
          </p>
        )}
        <FormAlert message={failure} />
      </div>
    );
  }

  return (
    <FormDialog
      open={store !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("upgradeDialog.title")}
      description={
        store
          ? t("upgradeDialog.description", {
              store: store.name,
              package: store.package_code ? packageDisplayName(store.package_code) : "--",
            })
          : undefined
      }
      wide
      toast={toast.view}
      footer={
        <>
          <RadixDialog.Close asChild>
            <Button variant="secondary">{tc("cancel")}</Button>
          </RadixDialog.Close>
          <Button onClick={confirm} busy={busy} disabled={!selected || done}>
            {t("upgradeDialog.confirm")}
          </Button>
        </>
      }
    >
      {body}
    </FormDialog>
  );
}
