import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { formatVnd } from "@/lib/format";
import { isOutboxVisible } from "@/server/notify/outbox";
import { SandboxCard } from "../sandbox-card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dev.gateway"))("vnpay.title"), robots: { index: false } };
}

type Query = Record<string, string | string[] | undefined>;

/**
 * Plays VNPAY's payment page in development (DESIGN §5): the portal's pay URL lands here with
 * its signed vnp_ query, which goes back whole to /dev/gateway/vnpay/complete with the outcome.
 */
export default async function VnpaySandboxPage({ searchParams }: { searchParams: Promise<Query> }) {
  if (!isOutboxVisible()) notFound();
  const query = await searchParams;
  const t = await getTranslations("dev.gateway");
  const locale = await getLocale();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value ?? ""]) params.append(key, v);
  }
  const one = (key: string) => params.get(key) ?? "";
  // VNPAY carries the amount ×100.
  const amount = Number(one("vnp_Amount")) / 100;
  return (
    <SandboxCard
      title={t("vnpay.title")}
      accent="bg-[#005baa]"
      amount={Number.isFinite(amount) ? formatVnd(amount, locale) : "—"}
      action="/dev/gateway/vnpay/complete"
      fields={{ query: params.toString() }}
      rows={[
        { label: t("merchant"), value: one("vnp_TmnCode"), mono: true },
        { label: t("orderInfo"), value: one("vnp_OrderInfo") },
        { label: t("txnRef"), value: one("vnp_TxnRef"), mono: true },
        { label: t("returnUrl"), value: one("vnp_ReturnUrl"), mono: true },
      ]}
    />
  );
}
