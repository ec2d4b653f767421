import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { PaymentStatusDto } from "@/server/checkout/schema";
import { pageCall } from "@/server/http/page-call";
import { BackLink } from "../back-link";
import { CheckoutCard } from "../checkout-card";
import { resultPath, signInPath } from "../links";
import { productLink } from "../product-link";
import { ResultPoller } from "./result-poller";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("checkout.result"))("title"), robots: { index: false } };
}

type Query = Record<string, string | undefined>;

/**
 * Where a gateway returns and a transfer is followed: what the database says about one attempt
 * (DESIGN §10), never what the return URL claims. Pending attempts are polled in the browser.
 */
export default async function ResultPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const t = await getTranslations("checkout.result");
  const paymentId = query.payment_id?.trim() ?? "";
  const card = (children: ReactNode) => (
    <CheckoutCard title={t("title")} layout={query.layout}>
      {children}
    </CheckoutCard>
  );

  const answer = paymentId
    ? await pageCall<PaymentStatusDto>("/payment/status", {
        payment_id: paymentId,
        // The gateway's return carries the checkout capability: no session needed to see it.
        transaction_id: query.transaction_id || undefined,
      })
    : null;

  if (answer?.code === 401) {
    return card(
      <div className="flex flex-col gap-4" data-testid="result-signin">
        <p className="text-sm text-gray-700">{t("signInToSee")}</p>
        <a
          href={signInPath(resultPath(paymentId), { query })}
          className="inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("signIn")}
        </a>
      </div>,
    );
  }
  if (answer?.code !== 200) {
    const isMissing = !answer || answer.code === 404;
    return card(
      <>
        <div role="alert" className="flex flex-col gap-2" data-testid="result-not-found">
          <p className="text-lg font-semibold text-gray-900">
            {isMissing ? t("notFound.title") : t("loadError")}
          </p>
          <p className="text-sm text-gray-600">{isMissing ? t("notFound.body") : answer.message}</p>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2">
          {!isMissing && (
            <a
              href={resultPath(paymentId)}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
            >
              {t("retry")}
            </a>
          )}
          <BackLink href="/order" label={t("viewOrders")} />
        </div>
      </>,
    );
  }

  const product = productLink(answer.data.app_code);
  const messages = await getMessages();
  return card(
    <NextIntlClientProvider
      locale={await getLocale()}
      messages={{ common: messages.common, checkout: messages.checkout }}
    >
      <ResultPoller initial={answer.data} product={product} unverifiedReturn={query.invalid === "1"} />
    </NextIntlClientProvider>,
  );
}
