import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { formatVnd } from "@/lib/format";
import { isOutboxVisible } from "@/server/notify/outbox";
import { SandboxCard } from "../sandbox-card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dev.gateway"))("zalopay.title"), robots: { index: false } };
}

type Query = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * Plays ZaloPay's payment page in development (DESIGN §5): `token` is the sandbox's own handle
 * on the order it created; amount, description and app_trans_id are for the eye only.
 */
export default async function ZalopaySandboxPage({ searchParams }: { searchParams: Promise<Query> }) {
  if (!isOutboxVisible()) notFound();
  const query = await searchParams;
  const t = await getTranslations("dev.gateway");
  const locale = await getLocale();
  const amount = Number(first(query.amount));
  return (
    <SandboxCard
      title={t("zalopay.title")}
      accent="bg-[#0068ff]"
      amount={first(query.amount) && Number.isFinite(amount) ? formatVnd(amount, locale) : "—"}
      action="/dev/gateway/zalopay/complete"
      fields={{ token: first(query.token) }}
      rows={[
        { label: t("description"), value: first(query.description) },
        { label: t("appTransId"), value: first(query.app_trans_id), mono: true },
      ]}
    />
  );
}
