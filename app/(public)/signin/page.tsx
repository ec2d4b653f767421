import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { env } from "@/lib/env";
import { configuredProviders } from "@/server/oauth/providers";
import { SignInForm } from "./signin-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signIn"))("title") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  const t = await getTranslations("auth.signIn");
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      {query.logout !== undefined && <ProductSignOuts label={t("signedOutOf")} />}
      <SignInForm registrationEnabled={env().REGISTRATION_ENABLED} providers={configuredProviders(env())} />
    </AuthCard>
  );
}

/**
 * SPEC §2/§4: after a sign-out, each product's sign-out address (APPS_CONFIG `logout`) is loaded
 * in a hidden frame so the products drop their own sessions too.
 */
function ProductSignOuts({ label }: { label: string }) {
  const urls = Object.values(env().APPS_CONFIG).flatMap((app) => (app.logout ? [app.logout] : []));
  if (urls.length === 0) return null;
  return (
    <div hidden data-testid="product-signouts">
      {urls.map((url) => (
        <iframe key={url} src={url} title={label} tabIndex={-1} sandbox="allow-same-origin allow-scripts" />
      ))}
    </div>
  );
}
