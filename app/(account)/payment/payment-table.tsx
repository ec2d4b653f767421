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
import { formatListDateTime, formatVnd } from "@/lib/format";
import { ORDER_STATUSES } from "@/server/order/schema";
import { PAYMENT_METHODS, PAYMENT_SORTS, type PaymentDto } from "@/server/payment/schema";
import { CancelPaymentDialog } from "./cancel-payment-dialog";
import { HidePaymentDialog } from "./hide-payment-dialog";
import { PaymentDetailDialog } from "./payment-detail-dialog";

const PATH = "/payment/my-payment";
/** paymentListSchema: a reference number is at most 64 characters. */
const REFERENCE_MAX = 64;
const OPTIONS: ListQueryOptions = {
  filters: { status: ORDER_STATUSES, method: PAYMENT_METHODS, reference_no: anyText(REFERENCE_MAX) },
  sortable: PAYMENT_SORTS,
};
/** SPEC §4: only cancelled or invalid attempts can be hidden. */
const HIDEABLE = new Set<string>(["CANCEL", "INVALID"]);

/** The server sorted the page (PAYMENT_SORTS); the table keeps its order instead of sorting again. */
const serverOrder = () => 0;

type Props = {
  timeZone: string;
  /** App code → product name. */
  appNames: Record<string, string>;
};

/**
 * /payment: the person's payment attempts (SPEC §2): search, status, method, dates, sorted by the
 * server; detail, cancel a pending attempt, hide a cancelled or invalid one.
 */
export function PaymentTable({ timeZone, appNames }: Props) {
  const t = useTranslations("account.payments");
  const to = useTranslations("account.orders");
  const locale = useLocale();
  const toast = useToast();
  const reload = useReloadList(PATH);
  const [detail, setDetail] = useState<PaymentDto | null>(null);
  const [cancelling, setCancelling] = useState<PaymentDto | null>(null);
  const [hiding, setHiding] = useState<PaymentDto | null>(null);

  const columns = useMemo<ColumnDef<PaymentDto>[]>(
    () => [
      {
        id: "reference_no",
        header: t("referenceNo"),
        accessorFn: (row) => row.reference_no,
        enableSorting: true,
        sortingFn: serverOrder,
        cell: ({ row }) => (
          <>
            <span className="block font-mono text-xs">{row.original.reference_no}</span>
            <span className="block text-xs text-gray-500">
              {t("orderRef", { reference: row.original.order_reference_no })}
            </span>
          </>
        ),
      },
      {
        id: "method",
        header: t("method"),
        accessorFn: (row) => row.method,
        enableSorting: true,
        sortingFn: serverOrder,
        cell: ({ row }) => (
          <>
            <span className="block">{t(`methods.${row.original.method}`)}</span>
            <span className="block text-xs text-gray-500">{t(`gateways.${row.original.gateway}`)}</span>
          </>
        ),
      },
      {
        id: "amount",
        header: t("amount"),
        accessorFn: (row) => row.amount,
        enableSorting: true,
        sortingFn: serverOrder,
        cell: ({ row }) => formatVnd(row.original.amount, locale),
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        enableSorting: true,
        sortingFn: serverOrder,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "status",
        header: t("status"),
        accessorFn: (row) => row.status,
        enableSorting: true,
        sortingFn: serverOrder,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => {
          const payment = row.original;
          const actions: MenuAction[] = [
            { key: "detail", label: t("menu.detail"), onSelect: () => setDetail(payment) },
          ];
          if (payment.status === "PENDING") {
            actions.push({
              key: "cancel",
              label: t("menu.cancel"),
              onSelect: () => setCancelling(payment),
              isDanger: true,
            });
          }
          if (HIDEABLE.has(payment.status)) {
            actions.push({
              key: "hide",
              label: t("menu.hide"),
              onSelect: () => setHiding(payment),
              isDanger: true,
            });
          }
          return (
            <MenuButton
              label={t("menu.label", { reference: payment.reference_no })}
              actions={actions}
              testId="row-menu"
            />
          );
        },
        meta: { className: "w-12 text-right" },
      },
    ],
    [t, locale, timeZone],
  );

  const statusOptions = useMemo(
    () => [
      { value: "", label: to("allStatuses") },
      ...ORDER_STATUSES.map((status) => ({ value: status, label: to(`statuses.${status}`) })),
    ],
    [to],
  );
  const methodOptions = useMemo(
    () => [
      { value: "", label: t("allMethods") },
      ...PAYMENT_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) })),
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
        filters={(list) => (
          <>
            <SearchFilter
              label={t("search")}
              buttonLabel={to("searchButton")}
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
            <FilterSelect
              label={t("methodFilter")}
              className="col-span-2"
              value={list.state.filters.method ?? ""}
              options={methodOptions}
              onChange={(value) => list.setFilter("method", value || undefined)}
            />
          </>
        )}
      />
      <PaymentDetailDialog
        payment={detail}
        onClose={() => setDetail(null)}
        timeZone={timeZone}
        appNames={appNames}
        onCancel={(payment) => {
          setDetail(null);
          setCancelling(payment);
        }}
      />
      <CancelPaymentDialog
        payment={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={(message) => toast.show("success", message)}
        onReload={reload}
      />
      <HidePaymentDialog
        payment={hiding}
        onClose={() => setHiding(null)}
        onHidden={(message) => {
          toast.show("success", message);
          reload();
        }}
        onError={(message) => toast.show("error", message)}
      />
      {toast.view}
    </>
  );
}
