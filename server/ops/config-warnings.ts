import "server-only";
import type { Env } from "@/lib/env";

/**
 * Settings an operator should fix that the portal can run without (issue 39: they reach the
 * operator through /readyz's `warnings`, never a customer's screen — the receipt and the
 * dashboard then show a neutral line or nothing).
 */
export function configWarnings(env: Env): Record<string, string> {
  const warnings: Record<string, string> = {};
  if (!(env.SELLER_NAME && env.SELLER_ADDRESS && env.SELLER_TAX_CODE)) {
    warnings.seller =
      "SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_CODE are not set: receipts name no seller (the marked sample in development or with OUTBOX_UI)";
  }
  if (Object.keys(env.APPS_CONFIG).length === 0) {
    warnings.apps_config = "APPS_CONFIG names no product: the dashboard has no app to open";
  }
  return warnings;
}
