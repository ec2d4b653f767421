"use client";
import { useLocale, useTranslations } from "next-intl";
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { ModalPager } from "@/components/affiliate/modal-pager";
import { useReturnFocus } from "@/components/affiliate/return-focus";
import { UNSORTED } from "@/components/affiliate/unsorted";
import { WideDialog } from "@/components/affiliate/wide-dialog";
import { type ColumnDef, DataTable } from "@/components/list/data-table";
import { DateRangeFilter } from "@/components/list/date-range-filter";
import { FilterSelect } from "@/components/list/filter-select";
import { useList } from "@/components/list/use-list";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { type AppNames, appName } from "@/lib/apps";
import { dayBound, formatDecimal, formatListDateTime, formatVnd } from "@/lib/format";
import type { AffiliateCustomerDto } from "@/server/affiliate/schema";
import { PACKAGE_APPS, type PackageApp, packageDisplayName } from "@/server/package/schema";
import type { PartnerOrderLineDto, StoreDto } from "@/server/partner/schema";
import { ActivateStoreDialog } from "./activate-store-dialog";
import { UpgradeStoreDialog } from "./upgrade-store-dialog";
import { usePartnerCredit, useReloadPartnerData } from "./use-partner-credit";

/** SPEC §9: the store list and the customer detail show 20 a page. */
const PAGE_SIZE = 20;
/** SPEC §2: the sales app, where a partner may activate a store for a customer who has none. */
const SALES_APP: PackageApp = "ls";
/** SPEC §4: the modal closes 1 s after a success; the lists and the credit follow at 1.5 s. */
const CLOSE_AFTER_MS = 1000;
const REFRESH_AFTER_MS = 1500;
const NONE = "--";
/** One empty list for every render: the table recomputes (and renders again) when its rows change identity. */
const NO_STORES: StoreDto[] = [];
const NO_LINES: PartnerOrderLineDto[] = [];
const TABS = ["stores", "orders"] as const;
type Tab = (typeof TABS)[number];

type Props = {
  /** The row the detail was opened from; null when closed. */
  customer: AffiliateCustomerDto | null;
  onClose: () => void;
  timeZone: string;
  isPartner: boolean;
  appNames: Record<string, string>;
};

/** SPEC §2 customer detail: tabs Store list (activate, upgrade for partners) and Orders. */
export function CustomerDetailDialog({ customer, onClose, timeZone, isPartner, appNames }: Props) {
  const t = useTranslations("account.partner");
  return (
    <WideDialog
      open={customer !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("detail.title")}
      description={
        customer ? t("detail.description", { name: customer.fullname || NONE, email: customer.email }) : ""
      }
    >
      {customer && (
        <CustomerDetail
          key={customer._id}
          customer={customer}
          timeZone={timeZone}
          isPartner={isPartner}
          appNames={appNames}
        />
      )}
    </WideDialog>
  );
}

function CustomerDetail({
  customer,
  timeZone,
  isPartner,
  appNames,
}: Omit<Props, "customer" | "onClose"> & { customer: AffiliateCustomerDto }) {
  const t = useTranslations("account.partner");
  const id = useId();
  const [tab, setTab] = useState<Tab>("stores");
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ stores: null, orders: null });
  const toast = useToast();
  const reload = useReloadPartnerData();
  const [upgrading, setUpgrading] = useState<StoreDto | null>(null);
  const [activating, setActivating] = useState(false);
  const panel = useCallback(() => document.getElementById(`${id}-panel-${tab}`), [id, tab]);
  const focus = useReturnFocus(panel);
  const { remember } = focus;
  // Stable: the store table's columns (and so its buttons) are rebuilt when these change.
  const openUpgrade = useCallback(
    (store: StoreDto, opener: HTMLElement) => {
      remember(opener);
      setUpgrading(store);
    },
    [remember],
  );
  const openActivate = useCallback(
    (opener: HTMLElement) => {
      remember(opener);
      setActivating(true);
    },
    [remember],
  );

  // SPEC §4 timings, cancelled if the detail closes first.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const after = useCallback((ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const name = TABS[target] as Tab;
    setTab(name);
    tabs.current[name]?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t("tabs.label")}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-gray-200"
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold transition-colors ${
              tab === name
                ? "border-brand-500 text-brand-700"
                : "border-transparent text-gray-600 hover:text-gray-900"
            }`}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      {TABS.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`${id}-panel-${name}`}
          aria-labelledby={`${id}-tab-${name}`}
          hidden={tab !== name}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the tab order
          tabIndex={0}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {tab === name &&
            (name === "stores" ? (
              <StoresPanel
                customer={customer}
                timeZone={timeZone}
                isPartner={isPartner}
                appNames={appNames}
                onUpgrade={openUpgrade}
                onActivate={openActivate}
              />
            ) : (
              <OrdersPanel customer={customer} timeZone={timeZone} appNames={appNames} />
            ))}
        </div>
      ))}
      {isPartner && (
        <>
          <UpgradeStoreDialog
            key={upgrading?._id ?? "closed"}
            store={upgrading}
            onClose={() => {
              setUpgrading(null);
              focus.restore();
            }}
            onUpgraded={(message) => {
              after(CLOSE_AFTER_MS, () => {
                setUpgrading(null);
                focus.restore();
                toast.show("success", message);
              });
              after(REFRESH_AFTER_MS, reload);
            }}
          />
          <ActivateStoreDialog
            open={activating}
            customer={customer}
            appCode={SALES_APP}
            appName={appLabel(SALES_APP, appNames)}
            onClose={() => {
              setActivating(false);
              focus.restore();
            }}
            onActivated={(message) => {
              after(CLOSE_AFTER_MS, () => {
                setActivating(false);
                focus.restore();
                toast.show("success", message);
                reload();
              });
            }}
          />
        </>
      )}
      {toast.view}
    </div>
  );
}

/** An app's name as a person reads it (lib/apps: APPS_CONFIG's, else the default in their language). */
export function appLabel(code: string, appNames: AppNames): string {
  return appName(code, appNames);
}

function StoresPanel({
  customer,
  timeZone,
  isPartner,
  appNames,
  onUpgrade,
  onActivate,
}: {
  customer: AffiliateCustomerDto;
  timeZone: string;
  isPartner: boolean;
  appNames: Record<string, string>;
  /** The store and the button that asked (focus returns to it). */
  onUpgrade: (store: StoreDto, opener: HTMLElement) => void;
  onActivate: (opener: HTMLElement) => void;
}) {
  const t = useTranslations("account.partner");
  const locale = useLocale();
  // Every app of the family: SPEC's four and what APPS_CONFIG adds (issue 25).
  const apps = useMemo(() => Object.keys(appNames), [appNames]);
  const [app, setApp] = useState<PackageApp>(apps[0] ?? PACKAGE_APPS[0]);
  const [page, setPage] = useState(1);
  const body = useMemo(
    () => ({ email: customer.email, app_code: app, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    [customer.email, app, page],
  );
  const { data: shown, error, isLoading } = useList<StoreDto>("/partner/list-store", body);
  const credit = usePartnerCredit(isPartner);
  const rows = error || !shown ? NO_STORES : shown.items;
  // Only once this app's first page has answered: the previous app's rows stay while it loads.
  const canActivate =
    isPartner && app === SALES_APP && !isLoading && !error && shown !== undefined && shown.total === 0;

  const columns = useMemo(() => {
    const all: (ColumnDef<StoreDto> | false)[] = [
      {
        id: "name",
        header: t("store"),
        accessorFn: (row) => row.name,
        cell: ({ row }) => (
          <div className="min-w-28">
            <div className="font-medium text-gray-900">{row.original.name}</div>
            <div className="font-mono text-xs text-gray-500">{row.original.store_id}</div>
          </div>
        ),
        meta: { wrap: true },
      },
      {
        id: "package",
        header: t("package"),
        accessorFn: (row) => (row.package_code ? packageDisplayName(row.package_code) : NONE),
        cell: ({ getValue }) => <span className="font-medium text-gray-900">{String(getValue())}</span>,
      },
      {
        id: "activated_at",
        header: t("activatedAt"),
        accessorFn: (row) => row.activated_at,
        cell: ({ row }) =>
          row.original.activated_at ? formatListDateTime(row.original.activated_at, timeZone) : NONE,
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "expires_at",
        header: t("expiresAt"),
        accessorFn: (row) => row.expires_at,
        cell: ({ row }) => (
          <div>
            <div>
              {row.original.expires_at ? formatListDateTime(row.original.expires_at, timeZone) : NONE}
            </div>
            {row.original.is_expired && (
              <span className="mt-0.5 inline-block rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-inset ring-red-200">
                {t("expired")}
              </span>
            )}
          </div>
        ),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      isPartner && {
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => (
          <Button
            variant="secondary"
            className="min-h-10 px-3"
            onClick={(event) => onUpgrade(row.original, event.currentTarget)}
            aria-label={t("upgradeStore", { store: row.original.name })}
          >
            {t("upgrade")}
          </Button>
        ),
        meta: { className: "text-right" },
      },
    ];
    return all.filter((c): c is ColumnDef<StoreDto> => c !== false);
  }, [t, timeZone, isPartner, onUpgrade]);

  return (
    <div className="flex flex-col gap-3 pt-1">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FilterSelect
          label={t("app")}
          value={app}
          onChange={(value) => {
            setApp(value as PackageApp);
            setPage(1);
          }}
          options={apps.map((code) => ({ value: code, label: appLabel(code, appNames) }))}
        />
        {isPartner && (
          <p className="text-sm text-gray-700" data-testid="partner-credit" aria-live="polite">
            {t("yourCredit")}:{" "}
            <strong className="tabular-nums text-gray-900">
              {credit.data ? formatDecimal(credit.data.credit, locale) : NONE}
            </strong>
          </p>
        )}
      </div>
      {canActivate && (
        <div className="flex flex-col gap-2 rounded-lg bg-brand-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-800">{t("noStore", { app: appLabel(SALES_APP, appNames) })}</p>
          <Button className="shrink-0" onClick={(event) => onActivate(event.currentTarget)}>
            {t("activate")}
          </Button>
        </div>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(row) => row._id}
        label={t("storesOf", { email: customer.email })}
        loading={isLoading}
        error={error?.message}
        sorting={UNSORTED}
      />
      <ModalPager
        page={page}
        size={PAGE_SIZE}
        total={error ? 0 : (shown?.total ?? 0)}
        offset={shown?.offset ?? 0}
        rowCount={rows.length}
        label={t("storesPages")}
        onPage={setPage}
      />
    </div>
  );
}

function OrdersPanel({
  customer,
  timeZone,
  appNames,
}: {
  customer: AffiliateCustomerDto;
  timeZone: string;
  appNames: Record<string, string>;
}) {
  const t = useTranslations("account.partner");
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const body = useMemo(() => {
    const b: Record<string, string | number> = {
      email: customer.email,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    };
    if (range.from) b.from_date = dayBound(range.from, timeZone, "start").toISOString();
    if (range.to) b.to_date = dayBound(range.to, timeZone, "end").toISOString();
    return b;
  }, [customer.email, page, range, timeZone]);
  const { data: shown, error, isLoading } = useList<PartnerOrderLineDto>("/partner/list-order-detail", body);
  const rows = error || !shown ? NO_LINES : shown.items;

  const columns = useMemo<ColumnDef<PartnerOrderLineDto>[]>(
    () => [
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "store",
        header: t("store"),
        accessorFn: (row) => row.store_name,
        meta: { className: "min-w-28", wrap: true },
      },
      {
        id: "app",
        header: t("app"),
        accessorFn: (row) => appName(row.app_code, appNames),
      },
      {
        id: "package",
        header: t("package"),
        accessorFn: (row) => packageDisplayName(row.package_code),
        cell: ({ getValue }) => <span className="font-medium text-gray-900">{String(getValue())}</span>,
      },
      {
        id: "months",
        header: t("months"),
        accessorFn: (row) => row.months,
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "bonus_months",
        header: t("bonusMonths"),
        accessorFn: (row) => row.bonus_months,
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "total",
        header: t("total"),
        accessorFn: (row) => row.total,
        cell: ({ row }) => formatVnd(row.original.total, locale),
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "credit",
        header: t("credit"),
        accessorFn: (row) => row.credit,
        cell: ({ row }) => formatDecimal(row.original.credit, locale),
        meta: { className: "text-right tabular-nums" },
      },
    ],
    [t, timeZone, locale, appNames],
  );

  return (
    <div className="flex flex-col gap-3 pt-1">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <DateRangeFilter
          from={range.from}
          to={range.to}
          timeZone={timeZone}
          onChange={(from, to) => {
            setRange(from && to && from > to ? { from: to, to: from } : { from, to });
            setPage(1);
          }}
        />
      </div>
      {!range.from && !range.to && <p className="text-xs text-gray-500">{t("ordersDefaultRange")}</p>}
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(row) => row._id}
        label={t("ordersOf", { email: customer.email })}
        loading={isLoading}
        error={error?.message}
        sorting={UNSORTED}
      />
      <ModalPager
        page={page}
        size={PAGE_SIZE}
        total={error ? 0 : (shown?.total ?? 0)}
        offset={shown?.offset ?? 0}
        rowCount={rows.length}
        label={t("ordersPages")}
        onPage={setPage}
      />
    </div>
  );
}
