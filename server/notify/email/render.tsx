import "server-only";
import { render } from "@react-email/components";
import { env } from "@/lib/env";
import { translator } from "@/lib/i18n";
import { toLocale } from "@/lib/locales";
import type { OutgoingMessage } from "../message";
import { EMAIL_BODIES } from "./bodies";
import { emailBrand } from "./brand";
import { EmailLayout } from "./layout";

/**
 * The HTML part of an email, in the message's language, from its kind and values; the text part
 * (message.text) goes beside it unchanged. Rendered once per send, without `pretty` (prettier is slow).
 */
export async function renderEmailHtml(
  message: Pick<OutgoingMessage, "lang" | "template" | "params">,
): Promise<string> {
  const lang = toLocale(message.lang);
  const t = translator(lang);
  const brand = await emailBrand(env());
  const content = EMAIL_BODIES[message.template]({ t, params: message.params });
  return render(
    <EmailLayout
      lang={lang}
      brand={brand}
      preheader={content.preheader}
      heading={content.heading}
      footer={t("notifyEmail.common.footer", { brand: brand.name })}
    >
      {content.body}
    </EmailLayout>,
  );
}
