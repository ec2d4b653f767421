import { translator } from "@/lib/i18n";
import type { Locale } from "@/lib/locales";
import type { LinkRefusal } from "./background";
import { escapeHtml } from "./summary";

/**
 * The page an emailed export link answers when it gives no file (used, expired, unknown, another
 * account signed in, nobody signed in): why, and where to go next. Plain HTML with no script or
 * style, so the pages' Content-Security-Policy has nothing to allow.
 */
export function linkPage(reason: LinkRefusal | "signIn", lang: Locale): string {
  const t = translator(lang);
  const next =
    reason === "signIn"
      ? { href: "/signin", label: t("account.yourData.link.signInAction") }
      : reason === "otherAccount"
        ? // /signin?logout=1 signs this browser out first (proxy.ts).
          { href: "/signin?logout=1", label: t("account.yourData.link.switchAction") }
        : { href: "/account/profile/data", label: t("account.yourData.link.back") };
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(
    t("account.yourData.link.title"),
  )}</title></head><body><main><h1>${escapeHtml(t("account.yourData.link.title"))}</h1><p>${escapeHtml(
    t(`account.yourData.link.${reason}`),
  )}</p><p><a href="${next.href}">${escapeHtml(next.label)}</a></p></main></body></html>`;
}
