import { env } from "@/lib/env";
import { createZalopay } from "@/server/checkout/sandbox";
import { formOf, jsonResponse, requestOrigin, sandboxGuard } from "@/server/checkout/sandbox-http";

/** The ZaloPay sandbox's create-order API. */
export async function POST(request: Request) {
  const refused = sandboxGuard();
  if (refused) return refused;
  return jsonResponse(createZalopay(env(), requestOrigin(request), await formOf(request)));
}
