import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { env } from "@/lib/env";
import { configuredProviders } from "@/server/oauth/providers";
import { PASSWORD_MAX, PASSWORD_MIN, SignInForm, type SignInText } from "./signin-form";

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
      <SignInForm
        registrationEnabled={env().REGISTRATION_ENABLED}
        providers={configuredProviders(env())}
        text={await signInText()}
      />
    </AuthCard>
  );
}

/** The form's words and its validation messages, with the templates the /2.0 boundary uses. */
async function signInText(): Promise<SignInText> {
  const t = await getTranslations("auth.signIn");
  const tc = await getTranslations("common");
  const ts = await getTranslations("auth.social");
  const tv = await getTranslations("validation");
  const tf = await getTranslations("fields");
  const email = { field: tf("email") };
  const password = { field: tf("password") };
  return {
    email: t("email"),
    emailPlaceholder: t("emailPlaceholder"),
    password: t("password"),
    passwordPlaceholder: t("passwordPlaceholder"),
    show: t("show"),
    hide: t("hide"),
    forgot: t("forgot"),
    submit: t("submit"),
    noAccount: t("noAccount"),
    signUp: t("signUp"),
    frameStorageBlocked: t("frameStorageBlocked"),
    openInNewTab: t("openInNewTab"),
    networkError: tc("networkError"),
    emailRequired: tv("required", email),
    emailInvalid: tv("email", email),
    passwordRequired: tv("required", password),
    // Numbers as text: the server components' formatter refuses a number argument (INVALID_MESSAGE).
    passwordTooShort: tv("minLength", { ...password, min: String(PASSWORD_MIN) }),
    passwordTooLong: tv("maxLength", { ...password, max: String(PASSWORD_MAX) }),
    social: {
      google: ts("google"),
      facebook: ts("facebook"),
      or: tc("or"),
      notification: tc("notification"),
      ok: tc("ok"),
      networkError: tc("networkError"),
    },
  };
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
