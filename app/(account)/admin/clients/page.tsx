import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FormAlert } from "@/components/ui/alert";
import { unconfiguredApps } from "@/lib/apps";
import type { ClientsDto } from "@/server/admin/people-extra-schema";
import { pageCall } from "@/server/http/page-call";
import { ClientsView } from "./clients-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.clients"))("title") };
}

/**
 * /admin/clients (Operations): the product apps and OpenID Connect clients this portal was
 * configured with, through /admin/clients/list, which checks the operator and never answers a secret;
 * beside them the SPEC apps every list still names by their default names (issue 39).
 */
export default async function ClientsPage() {
  const t = await getTranslations("admin.clients");
  const common = await getTranslations("common");
  const answer = await pageCall<ClientsDto>("/admin/clients/list");
  return (
    <section
      aria-labelledby="admin-clients-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h1 id="admin-clients-title" className="text-xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <p className="mb-4 mt-1 text-sm text-gray-500">{t("subtitle")}</p>
      {answer.code === 200 ? (
        <ClientsView
          clients={answer.data}
          defaultNamed={unconfiguredApps(
            answer.data.apps.map((app) => app.code),
            (key) => common(key),
          )}
        />
      ) : (
        <FormAlert message={answer.message} />
      )}
    </section>
  );
}
