import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSelect } from "@/components/layout/language-select";
import { LINKS } from "@/lib/links";
import { toLocale } from "@/lib/locales";

/**
 * The frame of every sign-in screen: brand, card, and the SPEC §2 footer. The checkout screens
 * leave out the landing panel (`hasLandingPanel`): their order summary is what sits beside the form.
 */
export async function PublicFrame({
  children,
  hasLandingPanel = true,
}: {
  children: ReactNode;
  hasLandingPanel?: boolean;
}) {
  const t = await getTranslations("auth.footer");
  const tc = await getTranslations("common");
  // proxy.ts marks ?iframe=1: the language switch is hidden inside a sibling product's frame.
  const isIframe = (await headers()).get("x-portal-iframe") === "1";
  const locale = toLocale(await getLocale());
  // The landing panel runs the page's full height, beside the footer too (issue 39: it ended
  // above it); the footer belongs to the card's column.
  return (
    <div className="flex min-h-dvh">
      <div className="flex min-w-0 flex-1 flex-col">
        <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">{children}</main>
        <footer className="auth-footer flex flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 pb-6 text-sm text-gray-500">
          {(["securityPolicy", "help", "terms"] as const).map((key) => (
            <a
              key={key}
              className="hover:text-brand-600 hover:underline"
              href={LINKS[key]}
              target="_blank"
              rel="noreferrer"
            >
              {t(key)}
            </a>
          ))}
          {!isIframe && <LanguageSelect locale={locale} label={tc("language")} />}
        </footer>
      </div>
      {/* SPEC §9: outside a frame, the landing panel sits beside the card on wide screens. */}
      {!isIframe && hasLandingPanel && (
        <aside className="hidden w-[42%] max-w-xl lg:block">
          {/* No `?lang=`: the panel's request carries the page's cookies, session and
              Accept-Language, so the one rule (lib/locales.ts pickLocale) gives it the page's
              language; named in the address, it would be kept in the LANGUAGE cookie (proxy.ts)
              and pin a language the visitor never chose over their saved one at sign-in. */}
          <iframe src="/login-embed" title={t("landing")} loading="lazy" className="size-full border-0" />
        </aside>
      )}
    </div>
  );
}
