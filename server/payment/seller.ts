import "server-only";
import type { Env } from "@/lib/env";
import { isSandboxAllowed } from "@/server/checkout/config";

/** Who sold: what a Vietnamese receipt must name (legal name, registered address, tax code). */
export type Seller = {
  name: string;
  address: string;
  taxCode: string;
  /** Sample values standing in for an unconfigured seller (development or OUTBOX_UI only). */
  isSample: boolean;
};

/** Obviously not a company: all-zero tax code, "MẪU" (sample) in the name and the street. */
const SAMPLE_SELLER: Seller = {
  name: "CÔNG TY TNHH MẪU (SAMPLE)",
  address: "Số 1 Đường Mẫu, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh (sample)",
  taxCode: "0000000000",
  isSample: true,
};

/**
 * The seller a receipt names: the configured one (lib/env.ts accepts all three settings or none),
 * the sample where the sandbox is allowed, else null (the receipt then names only the brand).
 */
export function receiptSeller(env: Env): Seller | null {
  if (env.SELLER_NAME && env.SELLER_ADDRESS && env.SELLER_TAX_CODE) {
    return {
      name: env.SELLER_NAME,
      address: env.SELLER_ADDRESS,
      taxCode: env.SELLER_TAX_CODE,
      isSample: false,
    };
  }
  return isSandboxAllowed(env) ? SAMPLE_SELLER : null;
}
