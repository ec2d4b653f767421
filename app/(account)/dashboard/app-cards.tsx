"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api, go } from "@/lib/http/client";

export type AppCard = { code: string; name: string };

/** Products of the family with their own line; any other code gets the generic one. */
const KNOWN_APPS = ["lp", "ls", "link", "flow", "share", "chat"] as const;
const ACCENTS: Record<string, string> = {
  lp: "bg-blue-100 text-blue-700",
  ls: "bg-emerald-100 text-emerald-700",
  link: "bg-violet-100 text-violet-700",
  flow: "bg-amber-100 text-amber-800",
  share: "bg-pink-100 text-pink-700",
  chat: "bg-cyan-100 text-cyan-800",
};

const isKnown = (code: string): code is (typeof KNOWN_APPS)[number] =>
  (KNOWN_APPS as readonly string[]).includes(code);

/**
 * One card per product. Open asks the server for a session of the product's own
 * (/auth/open-app) and follows the allow-listed address it returns with that token.
 */
export function AppCards({ apps }: { apps: AppCard[] }) {
  const t = useTranslations("account.dashboard");
  const tc = useTranslations("common");
  const toast = useToast();
  const [opening, setOpening] = useState<string | null>(null);

  async function open(code: string) {
    setOpening(code);
    const envelope = await api("/auth/open-app", { app_code: code }, { networkMessage: tc("networkError") });
    if (envelope.code === 200 && envelope.data.redirect_url) {
      go(envelope.data.redirect_url);
      return; // the page is leaving: the button stays busy
    }
    setOpening(null);
    if (envelope.code !== 401) toast.show("error", envelope.message || t("openFailed"));
  }

  if (apps.length === 0) {
    return (
      <div
        data-testid="apps-empty"
        className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center"
      >
        <h2 className="text-base font-semibold text-gray-900">{t("emptyTitle")}</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">{t("emptyBody")}</p>
      </div>
    );
  }

  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {apps.map((app) => (
          <li
            key={app.code}
            data-testid={`app-card-${app.code}`}
            className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden
                className={`flex size-11 shrink-0 items-center justify-center rounded-xl text-lg font-bold ${
                  ACCENTS[app.code] ?? "bg-gray-100 text-gray-700"
                }`}
              >
                {app.name.trim().charAt(0).toUpperCase()}
              </span>
              <h2 className="min-w-0 truncate text-base font-semibold text-gray-900">{app.name}</h2>
            </div>
            <p className="mt-3 flex-1 text-sm text-gray-600">
              {isKnown(app.code) ? t(`apps.${app.code}`) : t("apps.other")}
            </p>
            <Button
              className="mt-5 self-start"
              busy={opening === app.code}
              disabled={opening !== null && opening !== app.code}
              aria-label={t("openApp", { name: app.name })}
              onClick={() => open(app.code)}
            >
              {t("open")}
            </Button>
          </li>
        ))}
      </ul>
      {toast.view}
    </>
  );
}
