import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { getMe } from "@/server/http/page-call";
import type { UserInfoDto } from "@/server/user/service";
import { CompleteRegForm } from "./complete-reg-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.completeReg"))("title") };
}

/** SPEC §2: a social sign-up (signed in, no phone yet) adds its name, password and phone here. */
export default async function CompleteRegPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const me = await getMe<UserInfoDto>();
  if (me.code !== 200) redirect("/signout?expired=1");
  if (me.data.phone) redirect("/account/profile");
  const t = await getTranslations("auth.completeReg");
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <CompleteRegForm email={me.data.email} fullname={me.data.fullname} />
    </AuthCard>
  );
}
