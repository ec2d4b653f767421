import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
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
  return <PersonView id={decodeURIComponent(id)} timeZone={timeZone} />;
}
