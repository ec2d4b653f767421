import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { KnownAppCode } from "@/lib/apps";
import type { ClientsDto } from "@/server/admin/people-extra-schema";

// The Operations page's cards, rendered on the server (nothing here changes in the browser). Each
// app and client is a small card of label/value rows, one column on a phone.

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-500 sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/** Addresses, one a line, in a face that tells 1 from l. */
function Addresses({ values, none }: { values: readonly string[]; none: string }) {
  if (values.length === 0) return <>{none}</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {values.map((v) => (
        <li key={v} className="break-all font-mono text-xs">
          {v}
        </li>
      ))}
    </ul>
  );
}

function Card({ title, code, children }: { title: string; code: string; children: ReactNode }) {
  return (
    <li className="rounded-lg p-4 ring-1 ring-gray-200">
      <h3 className="flex flex-wrap items-baseline gap-x-2 text-base font-semibold text-gray-900">
        {title}
        <span className="font-mono text-xs font-normal text-gray-500">{code}</span>
      </h3>
      <dl className="mt-2 flex flex-col gap-2">{children}</dl>
    </li>
  );
}

/**
 * The family's apps the screens name with no APPS_CONFIG entry (lib/apps unconfiguredApps): listed
 * by their default names, so the page never says "no app" while the lists show some.
 */
function DefaultNamedApps({
  apps,
  title,
  intro,
  badge,
}: {
  apps: readonly { code: KnownAppCode; name: string }[];
  title: string;
  intro: string;
  badge: string;
}) {
  return (
    <div className="flex flex-col gap-2" data-testid="default-named-apps">
      <h3 className="text-base font-semibold text-gray-900">{title}</h3>
      <p className="text-sm text-gray-600">{intro}</p>
      <ul className="flex flex-wrap gap-2">
        {apps.map((app) => (
          <li
            key={app.code}
            className="flex flex-wrap items-baseline gap-x-2 rounded-lg px-3 py-2 text-sm ring-1 ring-gray-200"
          >
            <span className="font-medium text-gray-900">{app.name}</span>
            <span className="font-mono text-xs text-gray-500">{app.code}</span>
            <span className="text-xs text-gray-500">{badge}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export async function ClientsView({
  clients,
  defaultNamed,
}: {
  clients: ClientsDto;
  /** The SPEC apps the screens name by default that APPS_CONFIG does not configure. */
  defaultNamed: readonly { code: KnownAppCode; name: string }[];
}) {
  const t = await getTranslations("admin.clients");
  const none = t("none");
  const isSet = (value: boolean) => (value ? t("set") : t("notSet"));

  return (
    <div className="flex flex-col gap-8">
      <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">{t("secretsNote")}</p>

      <section aria-labelledby="clients-apps" className="flex flex-col gap-3">
        <h2 id="clients-apps" className="text-lg font-semibold text-gray-900">
          {t("appsTitle")}
        </h2>
        {clients.apps.length > 0 && (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {clients.apps.map((app) => (
              <Card key={app.code} title={app.name} code={app.code}>
                <Field label={t("home")}>
                  <Addresses values={[app.home]} none={none} />
                </Field>
                <Field label={t("logout")}>
                  <Addresses values={app.logout ? [app.logout] : []} none={none} />
                </Field>
                <Field label={t("webhookHost")}>
                  {app.webhook_host ? <span className="font-mono text-xs">{app.webhook_host}</span> : none}
                </Field>
                <Field label={t("apiKey")}>{isSet(app.has_api_key)}</Field>
                <Field label={t("webhookSecret")}>{isSet(app.has_webhook_secret)}</Field>
              </Card>
            ))}
          </ul>
        )}
        {defaultNamed.length > 0 && (
          <DefaultNamedApps
            apps={defaultNamed}
            title={t("defaultApps.title")}
            intro={t(clients.apps.length === 0 ? "defaultApps.none" : "defaultApps.some")}
            badge={t("defaultApps.badge")}
          />
        )}
      </section>

      <section aria-labelledby="clients-hosts" className="flex flex-col gap-3">
        <h2 id="clients-hosts" className="text-lg font-semibold text-gray-900">
          {t("callbackHostsTitle")}
        </h2>
        <p className="text-sm text-gray-600">{t("callbackHostsBody")}</p>
        <Addresses values={clients.callback_hosts} none={none} />
      </section>

      <section aria-labelledby="clients-oidc" className="flex flex-col gap-3">
        <h2 id="clients-oidc" className="text-lg font-semibold text-gray-900">
          {t("oidcTitle")}
        </h2>
        {clients.oidc_issuer && (
          <p className="text-sm text-gray-600">
            {t("issuer")}: <span className="break-all font-mono text-xs">{clients.oidc_issuer}</span>
          </p>
        )}
        {clients.oidc_clients.length === 0 ? (
          <p className="text-sm text-gray-600">{t("noOidc")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {clients.oidc_clients.map((client) => (
              <Card key={client.client_id} title={client.name} code={client.client_id}>
                <Field label={t("redirectUris")}>
                  <Addresses values={client.redirect_uris} none={none} />
                </Field>
                <Field label={t("postLogoutUris")}>
                  <Addresses values={client.post_logout_redirect_uris} none={none} />
                </Field>
                <Field label={t("grantTypes")}>
                  <span className="font-mono text-xs">{client.grant_types.join(", ")}</span>
                </Field>
                <Field label={t("authMethod")}>
                  {client.token_endpoint_auth_methods
                    .map((method) =>
                      method === "none"
                        ? t("authMethods.none")
                        : method === "client_secret_post"
                          ? t("authMethods.client_secret_post")
                          : t("authMethods.client_secret_basic"),
                    )
                    .join(" · ")}
                </Field>
                <Field label={t("firstParty")}>{client.first_party ? t("yes") : t("no")}</Field>
              </Card>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
