import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { ClientIntl } from "@/components/layout/client-intl";
import type { SearchParams } from "@/components/layout/search-params";
import { isStepLive } from "@/components/layout/step-page";
import { getMe } from "@/server/http/page-call";
import type { UserInfoDto } from "@/server/user/service";
import { Notice } from "./notice";
import { SendVerifyMail } from "./send-verify-mail";
import { VerifyEmailStatus } from "./verify-email-status";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.verifyEmail"))("title") };
}

/** The words this page's client components read, inside the signed-in shell's smaller catalog. */
const NAMESPACES = ["common", "auth.verifyEmail"] as const;

/**
 * The mailed link lands here, signed in or not (an open route). The link is checked on the
 * server first: a used or expired one is explained at once, never sent to a call that must fail.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.verifyEmail");
  const token = (await isStepLive(query.token, "verify_email")) ? query.token : undefined;
  const me = await getMe<UserInfoDto>();

  if (me.code !== 200 || !me.data.phone) {
    return (
      <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
        <VerifyEmailStatus token={token} />
      </AuthCard>
    );
  }

  const ts = await getTranslations("auth.verifyEmail.signedIn");
  const { email, is_verify_email: isVerified } = me.data;
  return (
    <section
      aria-labelledby="verify-email-title"
      className="mx-auto max-w-xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h1 id="verify-email-title" className="mb-4 text-xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <ClientIntl namespaces={NAMESPACES}>
        {token ? (
          <VerifyEmailStatus token={token} isSignedIn />
        ) : isVerified ? (
          <div className="flex flex-col gap-4" data-testid="verify-email-done">
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
              {ts("verified", { email })}
            </p>
            <Link
              href="/account/profile"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
            >
              {ts("toProfile")}
            </Link>
          </div>
        ) : (
          <div className="flex flex-col gap-4" data-testid="verify-email-explain">
            {query.token ? (
              <Notice tone="amber" title={t("invalid.title")}>
                {ts("invalidAdvice")}
              </Notice>
            ) : (
              <p className="text-sm text-gray-700">{ts("noToken", { email })}</p>
            )}
            <SendVerifyMail email={email} />
          </div>
        )}
      </ClientIntl>
    </section>
  );
}
