"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { defineList } from "@/components/list/define-list";
import { useReloadList } from "@/components/list/use-reload-list";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { adminPackageListSchema, adminPackagePageDto } from "@/server/admin/programme-schema";
import { ImportDialog } from "./import-dialog";

const LIST_CALL = "/admin/packages/list";

/** Saves the catalog file as the command line prints it (`npm run admin -- packages export`). */
function saveJson(content: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(content, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The toolbar's Export (a download of the catalog file) and Import (a preview, then the import). */
function CatalogActions() {
  const t = useTranslations("admin.packages");
  const tc = useTranslations("common");
  const reload = useReloadList(LIST_CALL);
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  async function exportFile() {
    setExporting(true);
    const envelope = await api<{ catalog: unknown; file_name: string }>(
      "/admin/packages/export",
      {},
      { networkMessage: tc("networkError") },
    );
    setExporting(false);
    if (!isSuccess(envelope)) return toast.show("error", envelope.message);
    saveJson(envelope.data.catalog, envelope.data.file_name);
    toast.show("success", t("exported", { file: envelope.data.file_name }));
  }

  return (
    <div className="col-span-2 flex flex-wrap gap-2 sm:ml-auto">
      <Button variant="secondary" busy={exporting} onClick={() => void exportFile()}>
        {t("export")}
      </Button>
      <Button onClick={() => setImporting(true)}>{t("import")}</Button>
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onDone={(message) => {
            setImporting(false);
            toast.show("success", message);
            reload();
          }}
        />
      )}
      {toast.view}
    </div>
  );
}

/** /admin/packages: every app's packages, active or not, with prices and commission terms. */
export const PackagesTable = defineList({
  call: LIST_CALL,
  query: adminPackageListSchema,
  page: adminPackagePageDto,
  messages: ["admin.packages", "admin"],
  dateRange: false,
  columns: (c) => [
    c.text("name", "name", { card: "title", wrap: true }),
    c.app("app_code", "app"),
    c.mono("code", "code"),
    c.text("months", "months", {
      value: (row, f) => f.t("monthsValue", { months: row.months, bonus: row.bonus_months }),
    }),
    c.vnd("price", "price", { strong: true, card: "amount" }),
    c.text("partner_discount", "partnerDiscount", {
      value: (row) => `${row.partner_discount}%`,
      className: "text-right tabular-nums",
    }),
    c.text("commission_value", "commission", {
      value: (row, f) =>
        row.commission_type === "percent" ? `${row.commission_value}%` : f.vnd(row.commission_value),
      className: "text-right tabular-nums",
    }),
    c.text("priority", "priority", { className: "text-right tabular-nums" }),
    c.text("status", "status", {
      value: (row, f) => f.t(row.status ? "active" : "inactive"),
      card: "status",
    }),
  ],
  filters: (f) => [
    f.search("q", { label: "search", button: "searchButton" }),
    f.select("app_code", {
      label: "appFilter",
      all: "allApps",
      option: (value, format) => format.app(value),
      values: (ctx) => Object.keys(ctx.appNames),
    }),
    f.select("status", { label: "statusFilter", all: "allStatuses", option: "statuses" }),
    f.custom(() => <CatalogActions />),
  ],
});
