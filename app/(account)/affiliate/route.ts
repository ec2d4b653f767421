import { connection } from "next/server";
import { env } from "@/lib/env";

/** SPEC §2: /affiliate sends the browser straight on to the external affiliate template page. */
export async function GET() {
  // Read at request time: the address is deployment configuration, not a build-time constant.
  await connection();
  return new Response(null, {
    status: 307,
    headers: { location: env().AFFILIATE_TEMPLATE_URL, "cache-control": "no-store" },
  });
}
