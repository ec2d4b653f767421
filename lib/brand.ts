import { env } from "@/lib/env";

/** The product family's brand as configured (BRAND_NAME, BRAND_LOGO_URL), for the logo and the manifest. */
export type Brand = { name: string; logoUrl: string };

export function configuredBrand(): Brand {
  const config = env();
  return { name: config.BRAND_NAME, logoUrl: config.BRAND_LOGO_URL };
}
