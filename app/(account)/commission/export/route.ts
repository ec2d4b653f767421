import { commissionsCsv, exportFilters } from "@/server/affiliate/export";
import { csvExportRoute } from "@/server/http/csv-export-route";

/** GET /commission/export?from&to&is_invoiced: the commission list as a CSV download. */
export const GET = csvExportRoute({ file: "commissions", filters: exportFilters, csv: commissionsCsv });
