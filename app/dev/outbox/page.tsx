import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { isOutboxVisible, listOutbox } from "@/server/notify/outbox";
import { EmailParts } from "./email-parts";

export const metadata = { title: "Outbox", robots: { index: false } };

/** What the embedded default "sent": codes for a newcomer trying the portal without SMTP or SMS. */
export default async function OutboxPage() {
  if (!isOutboxVisible()) notFound();
  const [t, tEmail, locale, messages] = await Promise.all([
    getTranslations("dev.outbox"),
    getTranslations("dev.outboxEmail"),
    getLocale(),
    listOutbox(),
  ]);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm text-gray-600">{t("subtitle")}</p>
      {messages.length === 0 ? (
        <p className="mt-6 rounded-lg bg-white p-6 text-center text-gray-500 ring-1 ring-gray-200">
          {t("empty")}
        </p>
      ) : (
        <ol className="mt-6 flex flex-col gap-3">
          {messages.map((m) => (
            <li
              key={m.id}
              className="rounded-lg bg-white p-4 ring-1 ring-gray-200"
              data-testid="outbox-message"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold">
                  {m.channel} → <span className="break-all">{m.to}</span>
                </span>
                <time className="text-gray-500" dateTime={m.createdAt}>
                  {new Date(m.createdAt).toLocaleString(locale)}
                </time>
              </div>
              <p className="mt-1 font-medium">{m.subject}</p>
              {m.html ? (
                <EmailParts
                  html={m.html}
                  text={m.text}
                  labels={{
                    parts: tEmail("parts"),
                    html: tEmail("html"),
                    text: tEmail("text"),
                    frame: tEmail("frame", { subject: m.subject }),
                  }}
                />
              ) : (
                <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-gray-700">
                  {m.text}
                </pre>
              )}
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
