"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ColumnDef } from "@/components/list/data-table";
import { ListScreen } from "@/components/list/list-screen";
import type { ListQueryOptions } from "@/components/list/query";
import { SignedAmount } from "@/components/list/signed-amount";
import { formatDecimal, formatListDateTime } from "@/lib/format";
import type { PointLogDto } from "@/server/balance/schema";

const OPTIONS: ListQueryOptions = { sortable: ["point", "created_at"] };

/** /point: the person's point log (SPEC §2). */
export function PointTable({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.point");
  const locale = useLocale();
  const columns = useMemo<ColumnDef<PointLogDto>[]>(
    () => [
      { id: "email", header: t("email"), accessorFn: (row) => row.user_email },
      {
        id: "reference_no",
        header: t("referenceNo"),
        accessorFn: (row) => row.reference_no,
        cell: ({ getValue }) => <span className="font-mono text-xs">{String(getValue())}</span>,
      },
      {
        id: "point",
        header: t("points"),
        accessorFn: (row) => row.point,
        enableSorting: true,
        meta: { className: "text-right tabular-nums", card: "amount" },
        cell: ({ row }) => (
          <SignedAmount value={row.original.point} format={(v) => formatDecimal(v, locale)} />
        ),
      },
      {
        id: "description",
        header: t("description"),
        accessorFn: (row) => row.description ?? "",
        meta: { className: "min-w-48", wrap: true, card: "title" },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        enableSorting: true,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
    ],
    [t, locale, timeZone],
  );
  return (
    <ListScreen
      path="/point/my-point-log"
      columns={columns}
      getRowId={(row) => row._id}
      label={t("title")}
      timeZone={timeZone}
      options={OPTIONS}
      cards
    />
  );
}
