import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { listContext } from "@/components/list/list-page";
import { OrderView } from "./order-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.order"))("title") };
}

/** /admin/orders/<id or reference>: one order as support sees it, in the operator's own time zone. */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { timeZone, appNames } = await listContext();
  return <OrderView id={decodeURIComponent(id)} timeZone={timeZone} appNames={appNames} />;
}
