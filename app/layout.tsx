import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { HydratedMark } from "@/components/layout/hydrated-mark";
import { scriptFontClass } from "@/components/layout/script-fonts";
import { env } from "@/lib/env";
import { toLocale } from "@/lib/locales";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  const brand = env().BRAND_NAME;
  return {
    title: { default: t("brandApp", { brand }), template: `%s · ${brand}` },
    applicationName: brand,
    appleWebApp: { title: brand },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  // The client catalog comes with the layouts that need it (components/layout/client-intl.tsx).
  return (
    <html lang={locale} className={scriptFontClass(toLocale(locale))}>
      <body className="bg-gray-50 text-gray-900 antialiased">
        {children}
        <HydratedMark />
      </body>
    </html>
  );
}
