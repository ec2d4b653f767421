import { getTranslations } from "next-intl/server";
import { CheckoutCard, Spinner } from "../checkout-card";

/** While the payment is read on the server. */
export default async function ResultLoading() {
  const t = await getTranslations("checkout.result");
  const tc = await getTranslations("common");
  return (
    <CheckoutCard title={t("title")} brand={tc("appName")}>
      <div role="status" className="flex items-center gap-3 py-6 text-sm text-gray-600">
        <Spinner />
        {tc("loading")}
      </div>
    </CheckoutCard>
  );
}
