import { describe, expect, it } from "vitest";
import { listQuerySchema } from "@/lib/list-query";
import { creditLogQuerySchema } from "@/server/balance/schema";
import { cancelOrderSchema, myOrderSchema, ORDER_STATUSES, type OrderDto } from "@/server/order/schema";
import { paymentCancelSchema, paymentListSchema } from "@/server/payment/schema";
import { columnKit, toColumnDef } from "./columns";
import { enumValues, filterKit, literalFields, maxLength, queryOptions, sortsOnServer } from "./filters";
import type { ListContext, ListFormat } from "./list-format";

const ctx: ListContext = { timeZone: "UTC", isPartner: false, appNames: { lp: "Landing page builder" } };
const f: ListFormat = {
  t: (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key),
  locale: "en",
  ctx,
  vnd: (amount) => `₫${amount}`,
  decimal: (value) => value.toFixed(2),
  number: String,
  date: (iso) => (iso ? `date ${iso}` : "--"),
  dateTime: (iso) => (iso ? `time ${iso}` : "--"),
  app: (code) => (code ? (ctx.appNames[code] ?? code.toUpperCase()) : "--"),
};
const noActions = { open: () => undefined };

const order = {
  _id: "o1",
  reference_no: "OD2501010001",
  total: 150_000,
  created_at: "2025-01-01T00:00:00.000Z",
  paid_at: null,
  app_code: "lp",
  note: "",
} as unknown as OrderDto;

describe("the query schema behind a list's filters", () => {
  it("reads an enum filter's values and a search's length from the schema", () => {
    expect(enumValues(myOrderSchema, "status")).toEqual(ORDER_STATUSES);
    expect(maxLength(myOrderSchema, "reference_no")).toBe(64);
    expect(maxLength(cancelOrderSchema, "note", 500)).toBe(500);
    expect(maxLength(listQuerySchema, "nothing", 7)).toBe(7);
  });

  it("reads the values a call's schema fixes (an order's cancel sends status CANCEL)", () => {
    expect(literalFields(cancelOrderSchema)).toEqual({ status: "CANCEL" });
    expect(literalFields(paymentCancelSchema)).toEqual({});
  });

  it("sorts on the server only where the query takes `sort`", () => {
    expect(sortsOnServer(paymentListSchema)).toBe(true);
    expect(sortsOnServer(creditLogQuerySchema)).toBe(false);
  });

  it("lets the address hold only what the filters accept", () => {
    const kit = filterKit(myOrderSchema);
    const filters = [
      kit.search("reference_no", { label: "search", button: "searchButton", upper: true }),
      kit.select("status", { label: "statusFilter", all: "allStatuses", option: "statuses" }),
    ];
    const options = queryOptions(filters, ["created_at"], ctx);
    expect(options.sortable).toEqual(["created_at"]);
    expect(options.filters?.status).toEqual(ORDER_STATUSES);
    expect(options.filters?.reference_no?.includes("OD1")).toBe(true);
    expect(options.filters?.reference_no?.includes("x".repeat(65))).toBe(false);
    const [search, select] = filters;
    expect(search).toMatchObject({ kind: "search", max: 64, className: "col-span-2 sm:basis-full" });
    expect(select?.kind === "select" && select.option("PAID", f)).toBe("statuses.PAID");
  });

  it("offers the reference search and the status filter to the queries that have them", () => {
    const kit = filterKit(paymentListSchema);
    expect(kit.reference()).toMatchObject({ kind: "search", name: "reference_no", max: 64, upper: true });
    const status = kit.status();
    expect(status).toMatchObject({
      kind: "select",
      name: "status",
      label: "statusFilter",
      all: "allStatuses",
    });
    expect(status.kind === "select" && status.values(ctx)).toEqual(ORDER_STATUSES);
    // @ts-expect-error the point log's query has no status
    filterKit(listQuerySchema).status();
  });

  it("takes a select's values from the person's context when the schema has no enum", () => {
    const kit = filterKit(creditLogQuerySchema);
    const apps = kit.select("type", {
      label: "typeFilter",
      all: "allTypes",
      option: (type, format) => format.t(`types.${type}`),
      values: (context) => Object.keys(context.appNames),
    });
    expect(queryOptions([apps], [], ctx).filters?.type).toEqual(["lp"]);
  });
});

describe("the column builders", () => {
  const c = columnKit<OrderDto>();

  it("format money, dates and apps, and lay them out as the lists always did", () => {
    const total = toColumnDef(c.vnd("total", "amount", { card: "amount" }), f, noActions, false);
    expect(total).toMatchObject({ id: "total", header: "amount" });
    expect(total.meta).toEqual({ className: "text-right tabular-nums", wrap: undefined, card: "amount" });
    const paid = c.date("paid_at", "detail.paidAt");
    expect(paid.cell?.(order, f, noActions)).toBe("--");
    expect(paid).toMatchObject({ className: "min-w-24 tabular-nums", wrap: true });
    expect(c.app("app", "app", { value: (row) => row.app_code }).value?.(order, f)).toBe(
      "Landing page builder",
    );
    expect(c.text("note", "note", { orNone: true }).value?.(order, f)).toBe("--");
  });

  it("sort on the server by keeping the server's order", () => {
    const byServer = toColumnDef(c.vnd("total", "amount", { sort: true }), f, noActions, true);
    const onScreen = toColumnDef(c.vnd("total", "amount", { sort: true }), f, noActions, false);
    expect(byServer.enableSorting).toBe(true);
    expect(typeof byServer.sortingFn).toBe("function");
    expect(onScreen.enableSorting).toBe(true);
    expect(onScreen.sortingFn).toBeUndefined();
    expect(toColumnDef(c.vnd("total", "amount"), f, noActions, true).enableSorting).toBeUndefined();
  });

  it("name a row's actions to screen readers only and mark the column that opens the row", () => {
    const menu = c.menu((row) => row.reference_no, [{ label: "menu.detail", open: "detail" }]);
    expect(menu).toMatchObject({ id: "actions", header: { hidden: "actions" }, card: "actions" });
    const opener = c.open("detail", { text: "detail", label: (row) => row.reference_no });
    expect(opener.opensRow).toBe(true);
    expect(typeof toColumnDef(opener, f, noActions, false).header).toBe("function");
  });
});
