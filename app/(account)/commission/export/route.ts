import { dayIn } from "@/lib/format";
import { requestAuth } from "@/lib/http/request-auth";
import { commissionsCsv, exportFilters, exportLanguage } from "@/server/affiliate/export";

/** GET /commission/export?from&to&is_invoiced: the commission list as a CSV download. */
export async function GET(request: Request) {
  const auth = await requestAuth(request);
  if (!auth) return new Response(null, { status: 303, headers: { location: "/signin" } });
  const filters = exportFilters(new URL(request.url).searchParams);
  const stamp = dayIn(auth.user.timezone, new Date()).replace(/-/g, "");
  return new Response(
    commissionsCsv(
      auth.db,
      { id: auth.user.id, timezone: auth.user.timezone, lang: exportLanguage(request, auth.user.language) },
      filters,
    ),
    {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="commissions-${stamp}.csv"`,
        "cache-control": "no-store",
      },
    },
  );
}
