import { env } from "@/lib/env";
import { completeVnpay } from "@/server/checkout/sandbox";
import { formOf, requestOrigin, sandboxGuard, seeOther } from "@/server/checkout/sandbox-http";

/** The VNPAY sandbox page's Pay / Cancel: IPN to the portal, then the signed return redirect. */
export async function POST(request: Request) {
  const refused = sandboxGuard();
  if (refused) return refused;
  const form = await formOf(request);
  const result = await completeVnpay(
    env(),
    requestOrigin(request),
    form.query ?? "",
    form.outcome === "pay" ? "pay" : "cancel",
  );
  if ("error" in result) return new Response(result.error, { status: 400 });
  return seeOther(result.redirect);
}
