import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { formatDateTime } from "@/lib/format";
import { getMe, pageCall } from "@/server/http/page-call";
import { BackLink } from "./back-link";
import { CheckoutCard } from "./checkout-card";
import { CheckoutForm } from "./checkout-form";
import { checkoutView } from "./checkout-view";
import { checkoutPath, signInPath } from "./links";
import { productLink } from "./product-link";
import type { TransactionDto } from "./types";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("checkout"))("title"), robots: { index: false } };
}

type Query = Record<string, string | undefined>;

/**
 * SPEC §2 /checkout?transaction_id=…&app_code=…: anyone holding the link sees the order; its
 * owner signed in pays it. The order is read on the server, so the first paint is the real one.
 */
export default async function CheckoutPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const t = await getTranslations("checkout");
  const transactionId = query.transaction_id?.trim() ?? "";
  const product = productLink(query.app_code);
  const back = product ? (
    <BackLink href={product.href} label={t("back.product", { app: product.name })} external />
  ) : (
    <BackLink href="/" label={t("back.home")} />
  );

  const answer = transactionId
    ? await pageCall<TransactionDto>("/order/get-transaction", { transaction_id: transactionId })
    : null;

  if (!answer || answer.code === 404) {
    return (
      <CheckoutCard title={t("title")} layout={query.layout}>
        <div role="alert" className="flex flex-col gap-2" data-testid="checkout-not-found">
          <p className="text-lg font-semibold text-gray-900">{t("notFound.title")}</p>
          <p className="text-sm text-gray-600">{t("notFound.body")}</p>
        </div>
        <div className="mt-6">{back}</div>
      </CheckoutCard>
    );
  }
  if (answer.code !== 200) {
    return (
      <CheckoutCard title={t("title")} layout={query.layout}>
        <div role="alert" className="flex flex-col gap-2" data-testid="checkout-error">
          <p className="text-lg font-semibold text-gray-900">{t("error.title")}</p>
          <p className="text-sm text-gray-600">{answer.message}</p>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2">
          <a
            href={checkoutPath(transactionId, query.app_code)}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
          >
            {t("error.retry")}
          </a>
          {back}
        </div>
      </CheckoutCard>
    );
  }

  const order = answer.data;
  const orderBack = productLink(order.app_code);
  const backToProduct = orderBack ? (
    <BackLink href={orderBack.href} label={t("back.product", { app: orderBack.name })} external />
  ) : (
    back
  );
  const subtitle = t("subtitle", { reference: order.reference_no });

  if (checkoutView(order) === "paid") {
    // Never take money twice: a paid order offers nothing to pay.
    return (
      <CheckoutCard title={t("title")} subtitle={subtitle} layout={query.layout}>
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg bg-green-50 px-4 py-3 ring-1 ring-green-200"
          data-testid="checkout-already-paid"
        >
          <p className="font-semibold text-green-900">{t("alreadyPaid.title")}</p>
          <p className="text-sm text-green-900">
            {order.paid_at
              ? t("alreadyPaid.body", {
                  reference: order.reference_no,
                  date: formatDateTime(order.paid_at, "Asia/Ho_Chi_Minh"),
                })
              : t("alreadyPaid.bodyNoDate", { reference: order.reference_no })}
          </p>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2">
          <a
            href="/order"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
          >
            {t("viewOrders")}
          </a>
          {backToProduct}
        </div>
      </CheckoutCard>
    );
  }

  const me = await getMe<unknown>();
  const signedIn = me.code === 200;
  const messages = await getMessages();
  const returnTo = checkoutPath(transactionId, query.app_code ?? order.app_code);
  return (
    <CheckoutCard title={t("title")} subtitle={subtitle} layout={query.layout} isWide>
      <NextIntlClientProvider
        locale={await getLocale()}
        messages={{ common: messages.common, checkout: messages.checkout }}
      >
        <CheckoutForm
          order={order}
          signedIn={signedIn}
          signInHref={signInPath(returnTo, { switchAccount: signedIn && !order.is_owner, query })}
        />
      </NextIntlClientProvider>
      <div className="mt-6">{backToProduct}</div>
    </CheckoutCard>
  );
}
