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

/** A column only the phone cards show (a card's own line; the table shows it inside another cell). */
const TABLE_HIDDEN = "hidden";

/**
 * /admin/affiliates: everyone in the affiliate programme with their level, code, customers and
 * commissions by state; newest first. A row's menu sets the level.
 */
export const AffiliatesTable = defineList({
  call: "/admin/affiliates/list",
  query: affiliateListSchema,
  page: affiliatePageDto,
  messages: ["admin.affiliates", "admin"],
  // At 1280 px eleven columns did not fit (Joined was cut, headers stacked, issue 39): the name goes
  // under the email and the commissions by state under the amount earned. On a phone card those
  // states are lines of their own (columns the table leaves out, `TABLE_HIDDEN`).
  columns: (c) => [
    c.cell(
      "email",
      "email",
      (row, f) => (
        <>
          <Link
            href={`/admin/people/${encodeURIComponent(row.id)}`}
            // A long address breaks anywhere rather than widen its column and fold the headers.
            className="break-all font-medium text-brand-700 underline-offset-2 hover:underline"
            aria-label={f.t("openPerson", { email: row.email })}
          >
            {row.email}
          </Link>
          {row.fullname && <span className="block text-xs font-normal text-gray-600">{row.fullname}</span>}
        </>
      ),
      { card: "title", wrap: true, className: "min-w-44" },
    ),
    c.mono("code", "code"),
    c.text("level", "level", { value: (row, f) => f.t("levelN", { level: row.level }) }),
    c.text("customers", "customers", {
      value: (row, f) =>
        f.t("customerCounts", {
          paying: f.number(row.paying_customers),
          total: f.number(row.customers),
        }),
      className: "whitespace-nowrap tabular-nums",
    }),
    c.cell(
      "earned",
      "earned",
      (row, f) => (
        <>
          <span className="font-semibold text-gray-900">{f.vnd(row.earned)}</span>
          <dl className="mt-1 hidden grid-cols-[auto_auto] justify-end gap-x-2 text-xs font-normal text-gray-600 sm:grid">
            {(["unpaid", "invoiced", "paid"] as const).map((state) => (
              <div key={state} className="contents">
                <dt>{f.t(state)}</dt>
                <dd>{f.vnd(row[state])}</dd>
              </div>
            ))}
          </dl>
        </>
      ),
      { card: "amount", className: "text-right tabular-nums" },
    ),
    c.vnd("unpaid", "unpaid", { className: TABLE_HIDDEN }),
    c.vnd("invoiced", "invoiced", { className: TABLE_HIDDEN }),
    c.vnd("paid", "paid", { className: TABLE_HIDDEN }),
    c.date("joined_at", "joinedAt", { className: "whitespace-nowrap" }),
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
