"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { EmailText } from "@/components/affiliate/email-text";
import { useReturnFocus } from "@/components/affiliate/return-focus";
import { ROW_OPEN, RowOpener } from "@/components/affiliate/row-opener";
import { UNSORTED } from "@/components/affiliate/unsorted";
import { type ColumnDef, DataTable } from "@/components/list/data-table";
import { ListFooter } from "@/components/list/list-footer";
import { PageSizeSelect } from "@/components/list/page-size-select";
import { pageCount } from "@/components/list/pager";
import { type ListQueryOptions, listRequestBody } from "@/components/list/query";
import { anyText, SearchFilter } from "@/components/list/search-filter";
import { type ListPage, useList } from "@/components/list/use-list";
import { useListQuery } from "@/components/list/use-list-query";
import { useToast } from "@/components/ui/toast";
import { formatListDateTime, formatNumber } from "@/lib/format";
import type { AffiliateCustomerDto, CustomerPage } from "@/server/affiliate/schema";
import { CustomerDetailDialog } from "./customer-detail-dialog";

const PATH = "/affilate/my-affilate-list";
/** customerListSchema: a search is at most 100 characters. */
const SEARCH_MAX = 100;
const OPTIONS: ListQueryOptions = { filters: { search: anyText(SEARCH_MAX) } };
const NONE = "--";
const EMPTY: AffiliateCustomerDto[] = [];

type Props = {
  timeZone: string;
  /** Partners upgrade and activate their customers' stores (SPEC §6). */
  isPartner: boolean;
  /** App code → product name (APPS_CONFIG). */
  appNames: Record<string, string>;
};

/**
 * /affiliate/customers (SPEC §2): search by email or phone (Enter), the paying-customer count,
 * and the customers; a row opens their stores and orders.
 */
export function CustomerTable({ timeZone, isPartner, appNames }: Props) {
  const t = useTranslations("account.affiliateCustomers");
  const locale = useLocale();
  const list = useListQuery(OPTIONS);
  const { state, setPage } = list;
  const body = useMemo(() => listRequestBody(state, timeZone), [state, timeZone]);
  const { data, error, isLoading } = useList<AffiliateCustomerDto>(PATH, body);
  const page = data as (ListPage<AffiliateCustomerDto> & Pick<CustomerPage, "total_purchased">) | undefined;
  const [open, setOpen] = useState<AffiliateCustomerDto | null>(null);
  const focus = useReturnFocus();
  const toast = useToast();
  const { show } = toast;
  useEffect(() => {
    if (error) show("error", error.message);
  }, [error, show]);
  // A page past the end (an old link, fewer rows after a search) goes to the last page.
  const lastPage = page ? pageCount(page.total, state.size) : 1;
  useEffect(() => {
    if (
      !isLoading &&
      page &&
      page.offset === (state.page - 1) * state.size &&
      page.items.length === 0 &&
      page.total > 0 &&
      state.page > lastPage
    ) {
      setPage(lastPage);
    }
  }, [isLoading, page, state.page, state.size, lastPage, setPage]);

  const columns = useMemo<ColumnDef<AffiliateCustomerDto>[]>(
    () => [
      {
        id: "email",
        header: t("email"),
        accessorFn: (row) => row.email,
        cell: ({ row }) => (
          <button
            type="button"
            {...ROW_OPEN}
            onClick={(event) => {
              focus.remember(event.currentTarget);
              setOpen(row.original);
            }}
            aria-label={t("open", { email: row.original.email })}
            className="rounded text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <EmailText email={row.original.email} />
          </button>
        ),
        meta: { wrap: true, className: "min-w-40" },
      },
      {
        id: "fullname",
        header: t("fullname"),
        accessorFn: (row) => row.fullname || NONE,
        meta: { wrap: true, className: "min-w-32" },
      },
      {
        id: "phone",
        header: t("phone"),
        accessorFn: (row) => row.phone || NONE,
        meta: { className: "tabular-nums" },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
    ],
    [t, timeZone, focus.remember],
  );

  const rows = error || !page ? EMPTY : page.items;
  const number = { format: (value: number) => formatNumber(value, locale) };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchFilter
          label={t("search")}
          buttonLabel={t("searchButton")}
          maxLength={SEARCH_MAX}
          className="sm:[&_input]:w-64"
          value={state.filters.search ?? ""}
          onSearch={(value) => list.setFilter("search", value)}
        />
        <p
          className="rounded-lg bg-brand-50 px-4 py-2 text-sm text-gray-800"
          data-testid="paying-customers"
          aria-live="polite"
        >
          {t("paying")}:{" "}
          <strong className="text-base font-semibold tabular-nums text-gray-900">
            {page && !error ? number.format(page.total_purchased) : NONE}
          </strong>
          <span className="sr-only">. </span>
          <span className="ml-1 text-xs text-gray-600">{t("payingHint")}</span>
        </p>
      </div>
      <RowOpener>
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(row) => row._id}
          label={t("title")}
          loading={isLoading || list.isPending}
          error={error?.message}
          sorting={UNSORTED}
        />
      </RowOpener>
      <ListFooter
        page={state.page}
        size={state.size}
        total={error ? 0 : (page?.total ?? 0)}
        offset={page?.offset ?? 0}
        rowCount={rows.length}
        hrefFor={(n) => list.hrefFor({ page: n })}
        onPage={setPage}
      >
        <PageSizeSelect value={state.size} onChange={list.setSize} />
      </ListFooter>
      <CustomerDetailDialog
        customer={open}
        onClose={() => {
          setOpen(null);
          focus.restore();
        }}
        timeZone={timeZone}
        isPartner={isPartner}
        appNames={appNames}
      />
      {toast.view}
    </div>
  );
}
