import { exportFilters, invoicesCsv } from "@/server/affiliate/export";
import { csvExportRoute } from "@/server/http/csv-export-route";

/** GET /invoice/export?from&to&status: the invoice list as a CSV download. */
export const GET = csvExportRoute({ file: "invoices", filters: exportFilters, csv: invoicesCsv });
