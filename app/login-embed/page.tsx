import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { SearchParams } from "@/components/layout/search-params";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("loginEmbed"))("title"), robots: { index: false } };
}

const BENEFITS = ["oneAccount", "secure", "referral"] as const;

/**
 * SPEC §2 login-embed: the landing panel framed beside the sign-in pages and the checkout. The
 * original's is Vietnamese only; ours speaks the page's language like every other screen.
 * `isvideo` shows the demo video when LOGIN_EMBED_VIDEO_URL is configured.
 */
export default async function LoginEmbedPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("loginEmbed");
  const locale = await getLocale();
  const config = env();
  const apps = Object.values(config.APPS_CONFIG);
  const video = query.isvideo && config.LOGIN_EMBED_VIDEO_URL;
  return (
    <main lang={locale} className="flex min-h-dvh flex-col justify-center gap-6 bg-brand-600 p-8 text-white">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      {video ? (
        // biome-ignore lint/a11y/useMediaCaption: the demo video has no spoken words to caption.
        <video src={video} controls aria-label={t("video")} className="w-full rounded-xl" />
      ) : (
        <ul className="flex flex-col gap-4">
          {BENEFITS.map((key) => (
            <li key={key} className="rounded-xl bg-white/10 p-4">
              <p className="font-semibold">{t(`benefits.${key}.title`)}</p>
              <p className="mt-1 text-sm text-white/90">{t(`benefits.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      )}
      {apps.length > 0 && (
        <p className="text-sm text-white/90">
          <span className="sr-only">{t("apps")}: </span>
          {apps.map((app) => app.name).join(" · ")}
        </p>
      )}
    </main>
  );
}
