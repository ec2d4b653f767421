// The server half of a list's CSV link (`export` of a declaration): a GET route that streams the
// signed-in person's filtered list. A list gives a table, never CSV text: the route writes it with
// lib/csv's csvStream, so no download can skip the formula guard.
import { type CsvTable, csvStream } from "@/lib/csv";
import { dayIn } from "@/lib/format";
import type { Locale } from "@/lib/locales";
import type { Db } from "@/server/db/client";
import { requestAuth, requestLanguage } from "@/server/http/request-auth";

/** Who downloads: their rows, their time zone and the language of the page they download from. */
type Reader = { id: string; timezone: string; lang: Locale };

/**
 * The GET handler of a list's export: signed out goes to sign-in; the file is named after the list
 * and the day in the person's zone (`commissions-20250131.csv`).
 */
export function csvExportRoute<F>({
  file,
  filters,
  csv,
}: {
  file: string;
  /** The address's filters as the CSV takes them. */
  filters: (params: URLSearchParams) => F;
  /** The list as a table (header and rows); the route writes it as CSV. */
  csv: (db: Db, reader: Reader, filters: F) => CsvTable;
}) {
  return async (request: Request): Promise<Response> => {
    const auth = await requestAuth(request);
    if (!auth) return new Response(null, { status: 303, headers: { location: "/signin" } });
    const { id, timezone, language } = auth.user;
    const stamp = dayIn(timezone, new Date()).replace(/-/g, "");
    const reader = { id, timezone, lang: requestLanguage(request, language) };
    const table = csv(auth.db, reader, filters(new URL(request.url).searchParams));
    return new Response(csvStream(table.header, table.batches), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${file}-${stamp}.csv"`,
        "cache-control": "no-store",
      },
    });
  };
}
