import { getTranslations } from "next-intl/server";
import { CheckoutCard, Spinner } from "./checkout-card";

/** While the order is read on the server. */
export default async function CheckoutLoading() {
  const t = await getTranslations("checkout");
  const tc = await getTranslations("common");
  return (
    <CheckoutCard title={t("title")} brand={tc("appName")}>
      <div role="status" className="flex items-center gap-3 py-6 text-sm text-gray-600">
        <Spinner />
        {t("loading")}
      </div>
    </CheckoutCard>
  );
}
