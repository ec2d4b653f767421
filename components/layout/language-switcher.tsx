"use client";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/locales";
import { LanguageSelect } from "./language-select";

/** The switch inside the signed-in shell, where the client catalog is loaded. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const t = useTranslations("common");
  return <LanguageSelect locale={locale as Locale} label={t("language")} className={className} />;
}
