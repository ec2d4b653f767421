"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { type ListContext, NONE, useListFormat } from "@/components/list/list-format";
import { type ModalListDeclaration, ModalTable, useModalList } from "@/components/list/modal-list";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import type { AppNames } from "@/lib/apps";
import { formatDecimal, formatVnd } from "@/lib/format";
import type { PersonBalanceLogRowDto } from "@/server/admin/people-extra-schema";
import { BALANCE_KINDS, type BalanceKind, type PersonDetailDto } from "@/server/admin/schema";

/** The cards' order: money first, as support is asked about it most. */
const SHOWN_KINDS = ["money", "credit", "credit_app", "point"] as const satisfies readonly BalanceKind[];

/** One balance's log: the columns the person's own log has, every one of them shown. */
function declare(kind: BalanceKind): ModalListDeclaration<PersonBalanceLogRowDto> {
  return {
    call: "/admin/people/balance-logs",
    label: "table",
    pages: "pages",
    columns: (c) => [
      c.date("created_at", "createdAt"),
      c.signed("amount", "amount", {
        format: kind === "money" ? (value, _, f) => f.vnd(value) : undefined,
      }),
      kind !== "point" &&
        c.text("type", "type", {
          value: (row, f) => (row.type ? f.t(`types.${row.type}`) : NONE),
          className: "min-w-28",
          wrap: true,
        }),
      c.mono("reference_no", "referenceNo", { orNone: true }),
      c.text("note", "note", {
        value: (row) => row.description,
        orNone: true,
        className: "min-w-32",
        wrap: true,
      }),
      kind === "credit" && c.email("customer_email", "customerEmail", { orNone: true }),
    ],
  };
}

const DECLARATIONS = Object.fromEntries(BALANCE_KINDS.map((kind) => [kind, declare(kind)])) as Record<
  BalanceKind,
  ModalListDeclaration<PersonBalanceLogRowDto>
>;

/**
 * The person's four balances, each with its "Add or take" button (`onAdjust`), and the log of the
 * balance chosen in the switch, 20 rows a page (the page lives here, not in the address).
 */
export function BalancesSection({
  person,
  timeZone,
  appNames,
  onAdjust,
}: {
  person: PersonDetailDto["person"];
  timeZone: string;
  appNames: AppNames;
  onAdjust: (kind: BalanceKind) => void;
}) {
  const t = useTranslations("admin.person");
  const locale = useLocale();
  const [kind, setKind] = useState<BalanceKind>("money");
  // Every column is shown to an operator, partner or not.
  const ctx: ListContext = useMemo(() => ({ timeZone, isPartner: true, appNames }), [timeZone, appNames]);
  const f = useListFormat(["admin.person.logs", "account.credit", "list"], ctx);
  const list = useModalList(DECLARATIONS[kind], { id: person.id, kind });

  return (
    <SectionCard title={t("balancesTitle")}>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {SHOWN_KINDS.map((k) => (
          <li key={k} className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 p-3">
            <span className="text-sm text-gray-600">
              {t(`balances.${k}`)}
              <span className="block text-base font-semibold text-gray-900 tabular-nums">
                {k === "money"
                  ? formatVnd(person.balances.money, locale)
                  : formatDecimal(person.balances[k], locale)}
              </span>
            </span>
            <Button
              variant="secondary"
              onClick={() => onAdjust(k)}
              aria-label={t("adjustTitle", { balance: t(`balances.${k}`) })}
            >
              {t("adjust")}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3">
        <h3 className="text-base font-semibold text-gray-900">{t("logs.title")}</h3>
        <FilterSelect
          label={t("logs.kind")}
          value={kind}
          onChange={(value) => setKind(value as BalanceKind)}
          options={SHOWN_KINDS.map((k) => ({ value: k, label: t(`balances.${k}`) }))}
          className="sm:max-w-xs"
        />
        <ModalTable list={list} f={f} values={{ balance: t(`balances.${kind}`) }} />
      </div>
    </SectionCard>
  );
}
