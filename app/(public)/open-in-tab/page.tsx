import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { openInTabTarget } from "@/lib/frame";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.openInTab"))("title"), robots: { index: false } };
}

/**
 * Inside a product's frame, where a step would continue on a page the frame may not show (the
 * profile after a sign-in without a callback, /cancel-deletion, /switch-account; issue 37): the
 * product already got its message, and the page opens in a tab of its own, at the top, where no
 * other site's page can lay anything over it.
 */
export default async function OpenInTabPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.openInTab");
  return (
    <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
      <div className="flex flex-col gap-6">
        <p role="status" className="text-sm text-gray-700">
          {t("text")}
        </p>
        <a
          href={openInTabTarget(query.to)}
          target="_blank"
          rel="noopener"
          data-testid="open-in-tab"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("open")}
        </a>
      </div>
    </AuthCard>
  );
}
