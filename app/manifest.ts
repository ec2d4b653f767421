import type { MetadataRoute } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { configuredBrand } from "@/lib/brand";

/**
 * /manifest.webmanifest: installs the portal under the brand. Built per request (the person's
 * language, BRAND_NAME and BRAND_LOGO_URL as the running server has them, not as the build had).
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const brand = configuredBrand();
  const t = await getTranslations("common");
  const isOwnMark = brand.logoUrl === "/icon.svg";
  return {
    name: t("brandApp", { brand: brand.name }),
    short_name: brand.name,
    description: t("manifestDescription", { brand: brand.name }),
    lang: await getLocale(),
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f9fafb",
    theme_color: "#ffffff",
    icons: [
      // An operator's logo leads; its size is unknown, so it claims any.
      ...(isOwnMark ? [] : [{ src: brand.logoUrl, sizes: "any", purpose: "any" as const }]),
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/apple-icon.png", sizes: "180x180", type: "image/png", purpose: "any" },
    ],
  };
}
