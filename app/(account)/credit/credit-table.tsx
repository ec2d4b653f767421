"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ColumnDef } from "@/components/list/data-table";
import { FilterSelect } from "@/components/list/filter-select";
import { ListScreen } from "@/components/list/list-screen";
import type { ListQueryOptions } from "@/components/list/query";
import { SignedAmount } from "@/components/list/signed-amount";
import { type AppNames, appName } from "@/lib/apps";
import { formatDecimal, formatListDateTime, formatVnd } from "@/lib/format";
import { CREDIT_LOG_TYPE_NAMES, CREDIT_LOG_TYPES, type CreditLogDto } from "@/server/balance/schema";

const OPTIONS: ListQueryOptions = {
  filters: { type: CREDIT_LOG_TYPE_NAMES },
  sortable: ["credit", "created_at"],
};

/** SPEC §2: the application shows for purchases only. */
const APP_TYPES = new Set<string>(["APP_PURCHASED", "MONEY_PURCHASED"]);
const NONE = "--";

type Props = {
  timeZone: string;
  /** Partners see the customer and the reference number (SPEC §6). */
  isPartner: boolean;
  /** App code → the name a person reads (lib/apps). */
  appNames: AppNames;
};

/** The balance each row moved, named so money (₫), partner credit and API credit never mix. */
const UNIT_KEYS = { money: "money", credit: "credit", credit_app: "creditApp" } as const;

/** /credit: the person's credit log with the type filter (SPEC §2, §4). */
export function CreditTable({ timeZone, isPartner, appNames }: Props) {
  const t = useTranslations("account.credit");
  const tb = useTranslations("account.balances");
  const locale = useLocale();
  const columns = useMemo(() => {
    const all: (ColumnDef<CreditLogDto> | false)[] = [
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        enableSorting: true,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      isPartner && {
        id: "customer",
        header: t("customerEmail"),
        accessorFn: (row) => row.affilate_user?.email ?? NONE,
        // A long address may break before its "@" rather than widen the table.
        cell: ({ getValue }) => {
          const [local, domain] = String(getValue()).split(/(?=@)/);
          return (
            <>
              {local}
              {domain && <wbr />}
              {domain}
            </>
          );
        },
        meta: { wrap: true },
      },
      {
        id: "application",
        header: t("application"),
        accessorFn: (row) =>
          APP_TYPES.has(row.type) && row.app_code ? appName(row.app_code, appNames) : NONE,
      },
      {
        id: "credit",
        header: t("amount"),
        accessorFn: (row) => row.credit,
        enableSorting: true,
        meta: { className: "text-right tabular-nums", card: "amount" },
        cell: ({ row }) => (
          <span className="inline-flex flex-col items-end gap-0.5">
            <SignedAmount
              value={row.original.credit}
              format={(v) =>
                row.original.balance === "money" ? formatVnd(v, locale) : formatDecimal(v, locale)
              }
            />{" "}
            <span
              data-testid="credit-unit"
              className="rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-600"
            >
              {tb(UNIT_KEYS[row.original.balance])}
            </span>
          </span>
        ),
      },
      isPartner && {
        id: "reference_no",
        header: t("referenceNo"),
        accessorFn: (row) => row.reference_no ?? NONE,
        cell: ({ getValue }) => <span className="font-mono text-xs">{String(getValue())}</span>,
      },
      {
        id: "type",
        header: t("type"),
        accessorFn: (row) => t(`types.${row.type}`),
        meta: { className: "min-w-28", wrap: true, card: "title" },
      },
      {
        id: "note",
        header: t("note"),
        accessorFn: (row) => row.description || NONE,
        meta: { className: "min-w-32", wrap: true },
      },
    ];
    return all.filter((c): c is ColumnDef<CreditLogDto> => c !== false);
  }, [t, tb, locale, timeZone, isPartner, appNames]);

  const typeOptions = useMemo(
    () => [
      { value: "", label: t("allTypes") },
      ...CREDIT_LOG_TYPE_NAMES.map((type) => ({
        value: type,
        label: `${t(`types.${type}`)} (${CREDIT_LOG_TYPES[type]})`,
      })),
    ],
    [t],
  );

  return (
    <ListScreen
      path="/partner/my-credit-log"
      columns={columns}
      getRowId={(row) => row._id}
      label={t("title")}
      timeZone={timeZone}
      options={OPTIONS}
      cards
      filters={(list) => (
        <FilterSelect
          label={t("typeFilter")}
          className="col-span-2"
          value={list.state.filters.type ?? ""}
          options={typeOptions}
          onChange={(value) => list.setFilter("type", value || undefined)}
        />
      )}
    />
  );
}
