import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { env } from "@/lib/env";
import { translator } from "@/lib/i18n";
import { toLocale } from "@/lib/locales";
import { signInPasswordMessages } from "@/lib/password-rule";
import { getMe } from "@/server/http/page-call";
import { configuredProviders } from "@/server/oauth/providers";
import { CodeSignInLink } from "./code-signin-link";
import { ContinueSignedIn } from "./continue-signed-in";
import { SignInForm, type SignInText } from "./signin-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signIn"))("title") };
}

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.signIn");
  const handoff = await signedInHandoff(query);
  if (handoff) {
    return (
      <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
        <ContinueSignedIn
          text={{
            continuing: t("continuing", { app: handoff.app }),
            networkError: (await getTranslations("common"))("networkError"),
          }}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      {query.logout !== undefined && (
        <>
          <p
            role="status"
            data-testid="signed-out"
            className="mb-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          >
            {t("signedOut")}
          </p>
          <ProductSignOuts label={t("signedOutOf")} />
        </>
      )}
      <SignInForm
        registrationEnabled={env().REGISTRATION_ENABLED}
        providers={configuredProviders(env())}
        text={await signInText()}
        otherWays={
          env().PASSWORDLESS_ENABLED && (
            <CodeSignInLink label={(await getTranslations("codeSignIn"))("link")} query={query} />
          )
        }
      />
    </AuthCard>
  );
}

/**
 * Sign in once (issue 25): a product sent a person who is signed in here already; unless the
 * product asked for the password anyway (`prompt=login`), the page hands them straight on.
 * Answers the product's name for the status line, or null to show the form.
 */
async function signedInHandoff(query: Record<string, string | undefined>): Promise<{ app: string } | null> {
  const callback = query.callback_url || query.url_callback;
  if (!callback || query.prompt === "login" || query.logout !== undefined) return null;
  const me = await getMe();
  if (me.code !== 200) return null;
  const app = query.app_code ? env().APPS_CONFIG[query.app_code.toLowerCase()]?.name : undefined;
  let host = callback;
  try {
    host = new URL(callback).host;
  } catch {
    return null;
  }
  return { app: app ?? host };
}

/** The form's words and its validation messages, with the templates the /2.0 boundary uses. */
async function signInText(): Promise<SignInText> {
  const t = await getTranslations("auth.signIn");
  const tc = await getTranslations("common");
  const ts = await getTranslations("auth.social");
  const tv = await getTranslations("validation");
  const tf = await getTranslations("fields");
  const tp = await getTranslations("passkeys.signIn");
  const email = { field: tf("email") };
  // The same builder and bounds as the form's check and the server's (lib/password-rule.ts).
  const password = signInPasswordMessages(translator(toLocale(await getLocale())), tf("password"));
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
    passwordRequired: password.required,
    passwordTooShort: password.tooShort,
    passwordTooLong: password.tooLong,
    social: {
      google: ts("google"),
      facebook: ts("facebook"),
      or: tc("or"),
      notification: tc("notification"),
      ok: tc("ok"),
      networkError: tc("networkError"),
    },
    passkey: {
      button: tp("button"),
      refused: tp("refused"),
      unsupported: tp("unsupported"),
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
