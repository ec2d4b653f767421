import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { pageCall } from "@/server/http/page-call";
import { SwitchAccountActions } from "./switch-account-actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.switchAccount"))("title") };
}

type Pending = {
  next: { email: string; fullname: string };
  current: { email: string; fullname: string } | null;
  same_person: boolean;
};

/**
 * Issue 18: a product's /iframe link that would change who is signed in here (or sign someone in
 * from a navigation the browser does not vouch for) stops on this page: it names the account and
 * only the person's click on it (a same-origin POST) switches.
 */
export default async function SwitchAccountPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.switchAccount");
  const token = query.token ?? "";
  const envelope = token ? await pageCall<Pending>("/auth/adopt-pending", { token }) : null;
  if (envelope?.code !== 200 || !envelope.data?.next) {
    return (
      <AuthCard title={t("expiredTitle")}>
        <p className="text-sm text-gray-700" role="status">
          {t("expired")}
        </p>
        <Link
          href="/signin"
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("signIn")}
        </Link>
      </AuthCard>
    );
  }
  const { next, current } = envelope.data;
  return (
    <AuthCard title={t("title")}>
      <p className="text-sm text-gray-700">
        {current
          ? t("textSwitch", { current: current.email, next: next.email })
          : t("text", { next: next.email })}
      </p>
      <SwitchAccountActions token={token} next={next.email} current={current?.email ?? null} />
    </AuthCard>
  );
}
