"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ActionDialog } from "@/components/admin/action-dialog";
import { defineList } from "@/components/list/define-list";
import type { ListDialogProps } from "@/components/list/list-types";
import {
  AFFILIATE_LEVELS,
  type AffiliateRowDto,
  affiliateListSchema,
  affiliatePageDto,
} from "@/server/admin/programme-schema";

/** The level an affiliate's future commissions are paid at; the server audits it and wants a fresh re-authentication. */
function SetLevelDialog({ row, close, reload, toast }: ListDialogProps<AffiliateRowDto>) {
  const t = useTranslations("admin.affiliates");
  const ta = useTranslations("admin");
  if (!row) return null;
  return (
    <ActionDialog
      title={t("setLevelTitle", { email: row.email })}
      description={t("setLevelBody", { level: row.level })}
      path="/admin/affiliates/set-level"
      body={{ id: row.id }}
      fields={[
        {
          name: "level",
          label: t("newLevel"),
          options: AFFILIATE_LEVELS.filter((level) => level !== row.level).map((level) => ({
            value: String(level),
            label: t("levelN", { level }),
          })),
        },
        { name: "note", label: ta("note"), maxLength: 500 },
      ]}
      confirm={t("setLevel")}
      onClose={close}
      onDone={() => {
        close();
        toast("success", t("levelSet", { email: row.email }));
        reload();
      }}
    />
  );
}

/**
 * /admin/affiliates: everyone in the affiliate programme with their level, code, customers and
 * commissions by state; newest first. A row's menu sets the level.
 */
export const AffiliatesTable = defineList({
  call: "/admin/affiliates/list",
  query: affiliateListSchema,
  page: affiliatePageDto,
  messages: ["admin.affiliates", "admin"],
  columns: (c) => [
    c.cell(
      "email",
      "email",
      (row, f) => (
        <Link
          href={`/admin/people/${encodeURIComponent(row.id)}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          aria-label={f.t("openPerson", { email: row.email })}
        >
          {row.email}
        </Link>
      ),
      { card: "title", wrap: true },
    ),
    c.text("fullname", "fullname", { orNone: true, wrap: true }),
    c.mono("code", "code"),
    c.text("level", "level", { value: (row, f) => f.t("levelN", { level: row.level }) }),
    c.text("customers", "customers", {
      value: (row, f) =>
        f.t("customerCounts", {
          paying: f.number(row.paying_customers),
          total: f.number(row.customers),
        }),
      className: "tabular-nums",
    }),
    c.vnd("earned", "earned", { strong: true, card: "amount" }),
    c.vnd("unpaid", "unpaid"),
    c.vnd("invoiced", "invoiced"),
    c.vnd("paid", "paid"),
    c.date("joined_at", "joinedAt"),
    c.menu((row, f) => f.t("menuLabel", { email: row.email }), [{ label: "setLevel", open: "level" }]),
  ],
  filters: (f) => [
    f.search("q", { label: "search", button: "searchButton" }),
    f.select("level", {
      label: "levelFilter",
      all: "allLevels",
      option: (value, format) => format.t("levelN", { level: value }),
    }),
  ],
  dialogs: { level: SetLevelDialog },
});
