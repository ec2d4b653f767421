"use client";
import { useTranslations } from "next-intl";
import { defineList } from "@/components/list/define-list";
import type { ListFormat } from "@/components/list/list-format";
import { SignedAmount } from "@/components/list/signed-amount";
import {
  CREDIT_LOG_TYPES,
  type CreditLogDto,
  creditLogPageDto,
  creditLogQuerySchema,
} from "@/server/balance/schema";

/** SPEC §2: the application shows for purchases only. */
const APP_TYPES = new Set<string>(["APP_PURCHASED", "MONEY_PURCHASED"]);

/** The balance each row moved, named so money (₫), partner credit and API credit never mix. */
const UNIT_KEYS = { money: "money", credit: "credit", credit_app: "creditApp" } as const;

function CreditAmount({ row, f }: { row: CreditLogDto; f: ListFormat }) {
  const tb = useTranslations("account.balances");
  return (
    <span className="inline-flex flex-col items-end gap-0.5">
      <SignedAmount value={row.credit} format={(v) => (row.balance === "money" ? f.vnd(v) : f.decimal(v))} />{" "}
      <span
        data-testid="credit-unit"
        className="rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-600"
      >
        {tb(UNIT_KEYS[row.balance])}
      </span>
    </span>
  );
}

/** /credit: the person's credit log with the type filter (SPEC §2, §4); partners see whose and which. */
export const CreditTable = defineList({
  call: "/partner/my-credit-log",
  query: creditLogQuerySchema,
  page: creditLogPageDto,
  messages: "account.credit",
  columns: (c, ctx) => [
    c.date("created_at", "createdAt", { sort: true }),
    ctx.isPartner &&
      c.email("customer", "customerEmail", { value: (row) => row.affilate_user?.email, orNone: true }),
    c.app("application", "application", { value: (row) => (APP_TYPES.has(row.type) ? row.app_code : null) }),
    c.cell("credit", "amount", (row, f) => <CreditAmount row={row} f={f} />, {
      sort: true,
      className: "text-right tabular-nums",
      card: "amount",
    }),
    ctx.isPartner && c.mono("reference_no", "referenceNo", { orNone: true }),
    c.text("type", "type", {
      value: (row, f) => f.t(`types.${row.type}`),
      className: "min-w-28",
      wrap: true,
      card: "title",
    }),
    c.text("note", "note", {
      value: (row) => row.description,
      orNone: true,
      className: "min-w-32",
      wrap: true,
    }),
  ],
  filters: (f) => [
    f.select("type", {
      label: "typeFilter",
      all: "allTypes",
      option: (type, f) => `${f.t(`types.${type}`)} (${CREDIT_LOG_TYPES[type]})`,
    }),
  ],
});
