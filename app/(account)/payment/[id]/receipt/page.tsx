import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { DetailList } from "@/components/commerce/detail-list";
import { OrderLinesTable } from "@/components/commerce/order-lines-table";
import { StatusBadge } from "@/components/commerce/status-badge";
import { BrandLogo } from "@/components/layout/brand-logo";
import { appNamesFor } from "@/lib/apps";
import { configuredBrand } from "@/lib/brand";
import { env } from "@/lib/env";
import { formatDateTime, formatPoints, formatVnd } from "@/lib/format";
import { VND_PER_POINT } from "@/server/gateways/points";
import { getMe, pageCall } from "@/server/http/page-call";
import type { PaymentDetailDto } from "@/server/payment/schema";
import { receiptSeller } from "@/server/payment/seller";
import type { UserInfoDto } from "@/server/user/service";
import { PrintButton } from "./print-button";

const NONE = "--";
/** SPEC/issue 9: the receipt prints on A4 with 15 mm margins. */
const PRINT_CSS = "@page { size: A4; margin: 15mm }";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ print?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.receipt"))("title") };
}

/** A titled part of the receipt (the person, the payment, the items); a rule under all but the last. */
function Part({
  id,
  title,
  last = false,
  children,
}: {
  id: string;
  title: string;
  last?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={last ? "py-5" : "border-b border-gray-200 py-5"}>
      <h2 id={id} className="mb-3 text-sm font-semibold uppercase tracking-wide text-gray-500">
        {title}
      </h2>
      {children}
    </section>
  );
}

const mono = (text: string | null) => (text ? <span className="font-mono text-xs">{text}</span> : NONE);

function Notice({ title, body, back }: { title: string; body: string; back: string }) {
  return (
    <section
      aria-labelledby="receipt-title"
      className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200"
    >
      <h1 id="receipt-title" className="text-xl font-semibold text-gray-900">
        {title}
      </h1>
      <p role="alert" data-testid="receipt-notice" className="mt-2 text-sm text-gray-600">
        {body}
      </p>
      <Link
        href="/payment"
        className="mt-4 inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-600 hover:bg-brand-50"
      >
        {back}
      </Link>
    </section>
  );
}

/**
 * A printable receipt of the person's own PAID payment (issue 9): portal, person, lines, amounts,
 * points, method and gateway, dates and reference numbers. Anything else gets a plain message.
 */
export default async function ReceiptPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const t = await getTranslations("account.receipt");
  const tp = await getTranslations("account.payments");
  const locale = await getLocale();
  const me = await getMe<UserInfoDto>();
  if (me.code !== 200) redirect("/signout?expired=1");
  const timeZone = me.data.timezone;

  // The call checks the payment is the person's own; another's answers "not found".
  const detail = await pageCall<PaymentDetailDto>("/payment/detail", { id });
  if (detail.code !== 200) {
    return <Notice title={t("title")} body={detail.message || t("notFound")} back={t("back")} />;
  }
  const payment = detail.data;
  if (payment.status !== "PAID") {
    return <Notice title={t("title")} body={t("notPaid")} back={t("back")} />;
  }

  const config = env();
  const appNames = appNamesFor(config.APPS_CONFIG, await getTranslations("common"));
  // A Vietnamese receipt names who sold: legal name, registered address, tax code. Missing
  // settings are the operator's to see (/readyz `warnings.seller`), never the customer's.
  const seller = receiptSeller(config);
  const pointsValue = payment.points_used * VND_PER_POINT;

  return (
    <article
      aria-labelledby="receipt-title"
      data-testid="receipt"
      className="mx-auto max-w-3xl rounded-2xl bg-white p-5 text-gray-900 shadow-sm ring-1 ring-gray-200 sm:p-8 print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <style>{PRINT_CSS}</style>
      <header className="flex flex-col gap-4 border-b border-gray-200 pb-5 sm:flex-row sm:items-start sm:justify-between print:flex-row">
        <div>
          <BrandLogo brand={configuredBrand()} />
          {seller && (
            <address
              data-testid="receipt-seller"
              className="mt-3 space-y-0.5 text-sm not-italic text-gray-700"
            >
              <p className="font-semibold text-gray-900">{seller.name}</p>
              <p>
                {t("sellerAddress")}: {seller.address}
              </p>
              <p>
                {t("sellerTaxCode")}: <span className="font-mono">{seller.taxCode}</span>
              </p>
            </address>
          )}
          <h1 id="receipt-title" className="mt-3 text-2xl font-semibold">
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-gray-600">
            {t("number")} <span className="font-mono">{payment.reference_no}</span>
          </p>
        </div>
        <div className="flex flex-col items-start gap-3 sm:items-end print:items-end">
          <PrintButton label={t("print")} autoPrint={query.print === "1"} />
          <StatusBadge status={payment.status} />
        </div>
      </header>

      <Part id="receipt-person" title={t("billedTo")}>
        <DetailList
          className="print:grid-cols-3"
          items={[
            { key: "name", label: t("name"), value: payment.customer.fullname || NONE },
            { key: "email", label: t("email"), value: payment.customer.email },
            { key: "phone", label: t("phone"), value: payment.customer.phone || NONE },
          ]}
        />
      </Part>

      <Part id="receipt-payment" title={t("payment")}>
        <DetailList
          className="print:grid-cols-3"
          items={[
            { key: "order", label: tp("detail.orderNo"), value: mono(payment.order_reference_no) },
            { key: "reference", label: tp("referenceNo"), value: mono(payment.reference_no) },
            { key: "transaction", label: tp("detail.transactionId"), value: mono(payment.transaction_id) },
            { key: "method", label: tp("method"), value: tp(`methods.${payment.method}`) },
            { key: "gateway", label: tp("detail.gateway"), value: tp(`gateways.${payment.gateway}`) },
            { key: "created", label: tp("createdAt"), value: formatDateTime(payment.created_at, timeZone) },
            {
              key: "paid",
              label: tp("detail.paidAt"),
              value: payment.paid_at ? formatDateTime(payment.paid_at, timeZone) : NONE,
            },
          ]}
        />
      </Part>

      <Part id="receipt-items" title={t("items")} last>
        <OrderLinesTable
          lines={payment.lines}
          total={payment.order_total}
          showTotal={false}
          appNames={appNames}
        />
        <dl className="ml-auto mt-4 w-full max-w-sm space-y-2 text-sm" data-testid="receipt-totals">
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">{tp("detail.orderTotal")}</dt>
            <dd className="tabular-nums">{formatVnd(payment.order_total, locale)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">{tp("detail.pointsUsed")}</dt>
            <dd className="text-right tabular-nums">
              {pointsValue > 0
                ? tp("detail.pointsValue", {
                    points: formatPoints(payment.points_used, locale),
                    value: `−${formatVnd(pointsValue, locale)}`,
                  })
                : NONE}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold">
            <dt>{t("amountPaid")}</dt>
            <dd className="tabular-nums">{formatVnd(payment.amount, locale)}</dd>
          </div>
        </dl>
      </Part>

      <footer className="border-t border-gray-200 pt-4 text-xs text-gray-500">
        <p>{t("thanks")}</p>
        <p className="mt-1">{t("issued", { date: formatDateTime(new Date(), timeZone) })}</p>
      </footer>
    </article>
  );
}
