import { env } from "@/lib/env";
import { completeZalopay } from "@/server/checkout/sandbox";
import { formOf, requestOrigin, sandboxGuard, seeOther } from "@/server/checkout/sandbox-http";

/** The ZaloPay sandbox page's Pay / Cancel: a callback when paid, then the redirect. */
export async function POST(request: Request) {
  const refused = sandboxGuard();
  if (refused) return refused;
  const form = await formOf(request);
  const result = await completeZalopay(
    env(),
    requestOrigin(request),
    form.token ?? "",
    form.outcome === "pay" ? "pay" : "cancel",
  );
  if ("error" in result) return new Response(result.error, { status: 400 });
  return seeOther(result.redirect);
}
