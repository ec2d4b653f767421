import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { env } from "@/lib/env";
import { getMe } from "@/server/http/page-call";
import { CodeSignInForm } from "./code-signin-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("codeSignIn"))("title") };
}

/**
 * Sign in with a one-time code (issue 40): an email or a phone, then the six-digit code. Turned
 * off (PASSWORDLESS_ENABLED=false), the address goes to the password form.
 */
export default async function CodeSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  ).toString();
  const signIn = `/signin${search ? `?${search}` : ""}`;
  if (!env().PASSWORDLESS_ENABLED) redirect(signIn);
  // Sign in once: a signed-in person sent by a product goes on as /signin hands them on.
  const callback = query.callback_url || query.url_callback;
  if (callback && query.prompt !== "login" && (await getMe()).code === 200) redirect(signIn);
  const t = await getTranslations("codeSignIn");
  const ts = await getTranslations("auth.signIn");
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={ts("close")}>
      <CodeSignInForm registrationEnabled={env().REGISTRATION_ENABLED} />
    </AuthCard>
  );
}
