// The ALTCHA widget's words from our catalog (`auth.captcha`), in the page's language. A plain
// module so the mapping is tested without a browser; components/forms/captcha.tsx registers it.
import type { Strings } from "altcha/types";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Every string the widget shows, including the code-challenge ones it may never need. */
export type AltchaStrings = Strings & { cancel: string; enterCodeFromImage: string };

const BRAND_URL = "https://altcha.org/";

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * `t` reads `auth.captcha.*` (useTranslations("auth.captcha")). The footer is HTML in ALTCHA's
 * format: our sentence around the ALTCHA link, with the link's label escaped into its attribute.
 */
export function altchaStrings(t: Translate): AltchaStrings {
  const ariaLinkLabel = t("brandLink");
  const brand = `<a href="${BRAND_URL}" tabindex="-1" target="_blank" rel="noopener" aria-label="${escapeHtml(ariaLinkLabel)}">ALTCHA</a>`;
  return {
    ariaLinkLabel,
    cancel: t("cancel"),
    enterCode: t("enterCode"),
    enterCodeAria: t("enterCodeAria"),
    enterCodeFromImage: t("enterCodeFromImage"),
    error: t("error"),
    expired: t("expired"),
    footer: escapeHtml(t("footer", { brand: "\uE000" })).replace("\uE000", brand),
    getAudioChallenge: t("getAudioChallenge"),
    label: t("label"),
    loading: t("loading"),
    reload: t("reload"),
    verify: t("verify"),
    verificationRequired: t("required"),
    verified: t("verified"),
    verifying: t("verifying"),
    waitAlert: t("wait"),
  };
}
