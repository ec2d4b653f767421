"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ColumnDef } from "@/components/list/data-table";
import { ListScreen } from "@/components/list/list-screen";
import type { ListQueryOptions } from "@/components/list/query";
import { formatListDateTime } from "@/lib/format";
import type { ReferralDto } from "@/server/balance/schema";

const OPTIONS: ListQueryOptions = { sortable: ["created_at"] };

/** /referral: the accounts the person brought and the months each earned (SPEC §2). */
export function ReferralTable({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.referral");
  const columns = useMemo<ColumnDef<ReferralDto>[]>(() => {
    const months = (count: number | null) => (count === null ? "--" : t("months", { count }));
    return [
      { id: "email", header: t("email"), accessorFn: (row) => row.userInfo.email },
      { id: "verify_reward", header: t("verifyReward"), accessorFn: (row) => months(row.verify_reward) },
      {
        id: "purchased_reward",
        header: t("purchasedReward"),
        accessorFn: (row) => months(row.purchased_reward),
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        enableSorting: true,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
    ];
  }, [t, timeZone]);
  return (
    <ListScreen
      path="/referral/my-referral"
      columns={columns}
      getRowId={(row) => row._id}
      label={t("title")}
      timeZone={timeZone}
      options={OPTIONS}
    />
  );
}
