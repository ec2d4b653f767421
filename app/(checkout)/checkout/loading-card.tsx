import { getTranslations } from "next-intl/server";
import { LoadingLine } from "@/components/ui/loading-line";
import { CheckoutCard } from "./checkout-card";

/** A checkout screen while the server reads it: its card (titled from `namespace`) and a waiting line. */
export async function LoadingCard({ namespace, text }: { namespace: string; text: string }) {
  const t = await getTranslations();
  return (
    <CheckoutCard title={t(`${namespace}.title`)}>
      <LoadingLine text={t(text)} className="py-6 text-gray-600" />
    </CheckoutCard>
  );
}
