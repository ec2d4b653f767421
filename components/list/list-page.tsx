// The server half of a list screen: the signed-in person's context and the page around the list.
// A list's page.tsx is `listPage({ … })` and two exports.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ComponentType, ReactNode } from "react";
import { appNamesFor } from "@/lib/apps";
import { env } from "@/lib/env";
import { getMe } from "@/server/http/page-call";
import type { UserInfoDto } from "@/server/user/service";
import type { ListContext } from "./list-format";

/** The person as the lists need them: time zone, partner or not, the apps' names in their language. */
export async function listContext(): Promise<ListContext> {
  const me = await getMe<UserInfoDto>();
  // The layout sends a dead session away; the page renders alongside it and must not crash first.
  if (me.code !== 200) redirect("/signout?expired=1");
  const appNames = appNamesFor(env().APPS_CONFIG, await getTranslations("common"));
  return { timeZone: me.data.timezone, isPartner: me.data.is_partner, appNames };
}

/** A list page's card: its title (`title` of `messages`), the line under it, then the list. */
export async function ListSection({
  messages,
  headingId,
  children,
}: {
  messages: string;
  headingId: string;
  children: ReactNode;
}) {
  const t = await getTranslations(messages);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h1 id={headingId} className="text-xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <p className="mb-4 mt-1 text-sm text-gray-500">{t("subtitle")}</p>
      {children}
    </section>
  );
}

/**
 * The page.tsx of a declared list: its metadata title and the page itself.
 * `export const generateMetadata = page.generateMetadata; export default page.Page;`
 */
export function listPage({
  messages,
  headingId,
  List,
}: {
  /** The list's catalog namespace (its `title` and `subtitle`). */
  messages: string;
  headingId: string;
  /** The component `defineList` made. */
  List: ComponentType<ListContext>;
}) {
  return {
    async generateMetadata(): Promise<Metadata> {
      return { title: (await getTranslations(messages))("title") };
    },
    async Page() {
      const ctx = await listContext();
      return (
        <ListSection messages={messages} headingId={headingId}>
          <List {...ctx} />
        </ListSection>
      );
    },
  };
}
