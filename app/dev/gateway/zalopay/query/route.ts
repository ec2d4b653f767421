import { env } from "@/lib/env";
import { queryZalopay } from "@/server/checkout/sandbox";
import { formOf, jsonResponse, requestOrigin, sandboxGuard } from "@/server/checkout/sandbox-http";

/** The ZaloPay sandbox's query API. */
export async function POST(request: Request) {
  const refused = sandboxGuard();
  if (refused) return refused;
  return jsonResponse(queryZalopay(env(), requestOrigin(request), await formOf(request)));
}
