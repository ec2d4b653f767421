import { env } from "@/lib/env";
import { queryVnpay } from "@/server/checkout/sandbox";
import { formOf, jsonResponse, requestOrigin, sandboxGuard } from "@/server/checkout/sandbox-http";

/** The VNPAY sandbox's querydr API. */
export async function POST(request: Request) {
  const refused = sandboxGuard();
  if (refused) return refused;
  return jsonResponse(queryVnpay(env(), requestOrigin(request), await formOf(request)));
}
