"use client";
// The customer detail's two tabs (SPEC §2): each a list declared as data and its panel. Their
// page lives in the modal, not in the address.
import { useMemo, useState } from "react";
import { DateRangeFilter } from "@/components/list/date-range-filter";
import { FilterSelect } from "@/components/list/filter-select";
import { type ListFormat, NONE } from "@/components/list/list-format";
import { type ModalListDeclaration, ModalTable, useModalList } from "@/components/list/modal-list";
import { Button } from "@/components/ui/button";
import { dayBound } from "@/lib/format";
import type { AffiliateCustomerDto } from "@/server/affiliate/schema";
import { PACKAGE_APPS, type PackageApp, packageDisplayName } from "@/server/package/schema";
import type { PartnerOrderLineDto, StoreDto } from "@/server/partner/schema";
import { SALES_APP } from "./store-dialogs";
import { usePartnerCredit } from "./use-partner-credit";

const STRONG = "font-medium text-gray-900";
const NUMBER = "text-right tabular-nums";

/** The customer's stores of one app (`app_code`), with an Upgrade button a store for partners. */
const STORES: ModalListDeclaration<StoreDto> = {
  call: "/partner/list-store",
  label: "storesOf",
  pages: "storesPages",
  columns: (c, ctx) => [
    c.cell(
      "name",
      "store",
      (row) => (
        <div className="min-w-28">
          <div className={STRONG}>{row.name}</div>
          <div className="font-mono text-xs text-gray-500">{row.store_id}</div>
        </div>
      ),
      { wrap: true },
    ),
    c.text("package", "package", {
      value: (row) => (row.package_code ? packageDisplayName(row.package_code) : NONE),
      span: STRONG,
    }),
    c.date("activated_at", "activatedAt"),
    c.cell(
      "expires_at",
      "expiresAt",
      (row, f) => (
        <div>
          <div>{f.date(row.expires_at)}</div>
          {row.is_expired && (
            <span className="mt-0.5 inline-block rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-inset ring-red-200">
              {f.t("expired")}
            </span>
          )}
        </div>
      ),
      { className: "min-w-24 tabular-nums", wrap: true },
    ),
    c.date("created_at", "createdAt"),
    ctx.isPartner && {
      id: "actions",
      header: { hidden: "actions" },
      className: "text-right",
      cell: (row, f, actions) => (
        <Button
          variant="secondary"
          className="min-h-10 px-3"
          onClick={(event) => actions.open("upgrade", row, event.currentTarget)}
          aria-label={f.t("upgradeStore", { store: row.name })}
        >
          {f.t("upgrade")}
        </Button>
      ),
    },
  ],
};

/**
 * SPEC §2 customer detail, Store list: the customer's stores of one app, 20 a page; partners see
 * their credit, an Upgrade button a store, and Activate when the customer has no sales-app store.
 */
export function StoresPanel({
  customer,
  f,
  onUpgrade,
  onActivate,
}: {
  customer: AffiliateCustomerDto;
  f: ListFormat;
  /** The store and the button that asked (focus returns to it); stable. */
  onUpgrade: (dialog: string, store: StoreDto, opener: HTMLElement | null) => void;
  onActivate: (opener: HTMLElement) => void;
}) {
  const { isPartner, appNames } = f.ctx;
  // Every app of the family: SPEC's four and what APPS_CONFIG adds (issue 25).
  const apps = useMemo(() => Object.keys(appNames), [appNames]);
  const [app, setApp] = useState<PackageApp>(apps[0] ?? PACKAGE_APPS[0]);
  const list = useModalList(STORES, { email: customer.email, app_code: app });
  const credit = usePartnerCredit(isPartner);
  // Only once this app's first page has answered: the previous app's rows stay while it loads.
  const canActivate =
    isPartner && app === SALES_APP && !list.isLoading && !list.error && list.data?.total === 0;

  return (
    <div className="flex flex-col gap-3 pt-1">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FilterSelect
          label={f.t("app")}
          value={app}
          onChange={(value) => setApp(value as PackageApp)}
          options={apps.map((code) => ({ value: code, label: f.app(code) }))}
        />
        {isPartner && (
          <p className="text-sm text-gray-700" data-testid="partner-credit" aria-live="polite">
            {f.t("yourCredit")}:{" "}
            <strong className="tabular-nums text-gray-900">
              {credit.data ? f.decimal(credit.data.credit) : NONE}
            </strong>
          </p>
        )}
      </div>
      {canActivate && (
        <div className="flex flex-col gap-2 rounded-lg bg-brand-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-800">{f.t("noStore", { app: f.app(SALES_APP) })}</p>
          <Button className="shrink-0" onClick={(event) => onActivate(event.currentTarget)}>
            {f.t("activate")}
          </Button>
        </div>
      )}
      <ModalTable list={list} f={f} values={{ email: customer.email }} onOpen={onUpgrade} />
    </div>
  );
}

/** The lines of the customer's orders, with the credit each took. */
const ORDERS: ModalListDeclaration<PartnerOrderLineDto> = {
  call: "/partner/list-order-detail",
  label: "ordersOf",
  pages: "ordersPages",
  columns: (c) => [
    c.date("created_at", "createdAt"),
    c.text("store", "store", { value: (row) => row.store_name, className: "min-w-28", wrap: true }),
    c.app("app", "app", { value: (row) => row.app_code }),
    c.text("package", "package", {
      value: (row) => packageDisplayName(row.package_code),
      span: "font-medium text-gray-900",
    }),
    c.text("months", "months", { className: NUMBER }),
    c.text("bonus_months", "bonusMonths", { className: NUMBER }),
    c.vnd("total", "total"),
    c.text("credit", "credit", { value: (row, f) => f.decimal(row.credit), className: NUMBER }),
  ],
};

/**
 * SPEC §2 customer detail, Orders: the lines of the customer's orders with the credit each took,
 * 20 a page, between two of the person's days (the server's default range without them).
 */
export function OrdersPanel({ customer, f }: { customer: AffiliateCustomerDto; f: ListFormat }) {
  const { timeZone } = f.ctx;
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const query: Record<string, string> = { email: customer.email };
  if (range.from) query.from_date = dayBound(range.from, timeZone, "start").toISOString();
  if (range.to) query.to_date = dayBound(range.to, timeZone, "end").toISOString();
  const list = useModalList(ORDERS, query);

  return (
    <div className="flex flex-col gap-3 pt-1">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <DateRangeFilter
          from={range.from}
          to={range.to}
          timeZone={timeZone}
          onChange={(from, to) => setRange(from && to && from > to ? { from: to, to: from } : { from, to })}
        />
      </div>
      {!range.from && !range.to && <p className="text-xs text-gray-500">{f.t("ordersDefaultRange")}</p>}
      <ModalTable list={list} f={f} values={{ email: customer.email }} />
    </div>
  );
}
