import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { appNamesFor } from "@/lib/apps";
import { env } from "@/lib/env";
import { getMe } from "@/server/http/page-call";
import type { UserInfoDto } from "@/server/user/service";
import { PersonView } from "./person-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.person"))("title") };
}

/** /admin/people/<id>: one person as support sees them, in the operator's own time zone. */
export default async function PersonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const me = await getMe<UserInfoDto>();
  const timeZone = me.code === 200 ? me.data.timezone : "Asia/Ho_Chi_Minh";
  // The balance logs name the apps as the operator reads them (APPS_CONFIG's names, else the catalog's).
  const appNames = appNamesFor(env().APPS_CONFIG, await getTranslations("common"));
  return <PersonView id={decodeURIComponent(id)} timeZone={timeZone} appNames={appNames} />;
}
