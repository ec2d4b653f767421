"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { StatusBadge } from "@/components/commerce/status-badge";
import type { ColumnDef } from "@/components/list/data-table";
import { FilterSelect } from "@/components/list/filter-select";
import { ListScreen } from "@/components/list/list-screen";
import type { ListQueryOptions } from "@/components/list/query";
import { anyText, SearchFilter } from "@/components/list/search-filter";
import { useReloadList } from "@/components/list/use-reload-list";
import { type MenuAction, MenuButton } from "@/components/ui/menu-button";
import { useToast } from "@/components/ui/toast";
import { type AppNames, appName } from "@/lib/apps";
import { formatListDateTime, formatVnd } from "@/lib/format";
import { go } from "@/lib/http/client";
import { ORDER_STATUSES, type OrderDto } from "@/server/order/schema";
import { packageDisplayName } from "@/server/package/schema";
import { CancelOrderDialog } from "./cancel-order-dialog";
import { OrderDetailDialog } from "./order-detail-dialog";

const PATH = "/order/my-order";
const NONE = "--";
/** myOrderSchema: a reference number is at most 64 characters. */
const REFERENCE_MAX = 64;
const OPTIONS: ListQueryOptions = {
  filters: { status: ORDER_STATUSES, reference_no: anyText(REFERENCE_MAX) },
};

/** SPEC §2 Repayment: the checkout of the order's transaction, for its app. */
export function repaymentHref(order: Pick<OrderDto, "transaction_id" | "app_code">): string {
  const query = new URLSearchParams({ transaction_id: order.transaction_id, app_code: order.app_code });
  return `/checkout?${query}`;
}

type Props = {
  timeZone: string;
  /** App code → the name a person reads (lib/apps). */
  appNames: AppNames;
};

/** /order: the person's orders with search, status and dates; detail, cancel and repayment (SPEC §2, §4). */
export function OrderTable({ timeZone, appNames }: Props) {
  const t = useTranslations("account.orders");
  const locale = useLocale();
  const toast = useToast();
  const reload = useReloadList(PATH);
  const [detail, setDetail] = useState<OrderDto | null>(null);
  const [cancelling, setCancelling] = useState<OrderDto | null>(null);

  const columns = useMemo<ColumnDef<OrderDto>[]>(
    () => [
      {
        id: "reference_no",
        header: t("referenceNo"),
        accessorFn: (row) => row.reference_no,
        cell: ({ getValue }) => <span className="font-mono text-xs">{String(getValue())}</span>,
      },
      {
        id: "bought",
        header: t("bought"),
        accessorFn: (row) => row.lines?.[0]?.store_name ?? "",
        cell: ({ row }) => {
          const [first, ...more] = row.original.lines ?? [];
          if (!first) return NONE;
          return (
            <>
              <span data-testid="order-bought">
                {t("boughtSummary", {
                  app: appName(first.app_code, appNames),
                  package: packageDisplayName(first.package_code),
                  store: first.store_name,
                })}
              </span>
              {more.length > 0 && (
                <span className="block text-xs text-gray-500">{t("moreLines", { count: more.length })}</span>
              )}
            </>
          );
        },
        meta: { className: "min-w-48", wrap: true, card: "title" },
      },
      {
        id: "total",
        header: t("amount"),
        accessorFn: (row) => row.total,
        cell: ({ row }) => formatVnd(row.original.total, locale),
        meta: { className: "text-right tabular-nums", card: "amount" },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "status",
        header: t("status"),
        accessorFn: (row) => row.status,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => {
          const order = row.original;
          const actions: MenuAction[] = [
            { key: "detail", label: t("menu.detail"), onSelect: () => setDetail(order) },
          ];
          if (order.status === "PENDING") {
            actions.push(
              { key: "repay", label: t("menu.repay"), onSelect: () => go(repaymentHref(order)) },
              {
                key: "cancel",
                label: t("menu.cancel"),
                onSelect: () => setCancelling(order),
                isDanger: true,
              },
            );
          }
          return (
            <MenuButton
              label={t("menu.label", { reference: order.reference_no })}
              actions={actions}
              testId="row-menu"
            />
          );
        },
        meta: { className: "w-12 text-right", card: "actions" },
      },
    ],
    [t, locale, timeZone, appNames],
  );

  const statusOptions = useMemo(
    () => [
      { value: "", label: t("allStatuses") },
      ...ORDER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
    ],
    [t],
  );

  return (
    <>
      <ListScreen
        path={PATH}
        columns={columns}
        getRowId={(row) => row._id}
        label={t("title")}
        timeZone={timeZone}
        options={OPTIONS}
        cards
        filters={(list) => (
          <>
            <SearchFilter
              label={t("search")}
              buttonLabel={t("searchButton")}
              className="col-span-2 sm:basis-full"
              maxLength={REFERENCE_MAX}
              value={list.state.filters.reference_no ?? ""}
              onSearch={(value) => list.setFilter("reference_no", value?.toUpperCase())}
            />
            <FilterSelect
              label={t("statusFilter")}
              className="col-span-2"
              value={list.state.filters.status ?? ""}
              options={statusOptions}
              onChange={(value) => list.setFilter("status", value || undefined)}
            />
          </>
        )}
      />
      <OrderDetailDialog
        order={detail}
        onClose={() => setDetail(null)}
        timeZone={timeZone}
        appNames={appNames}
        onRepay={(order) => go(repaymentHref(order))}
        onCancel={(order) => {
          setDetail(null);
          setCancelling(order);
        }}
      />
      <CancelOrderDialog
        order={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={(message) => toast.show("success", message)}
        onReload={reload}
      />
      {toast.view}
    </>
  );
}
