"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { formatIp, formatListDateTime } from "@/lib/format";
import { api, go } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { DeviceDto } from "@/server/two-factor/schema";
import { ListStatus, SecurityCard, useCall } from "./security-card";

/** What can be done to a device: forget a trusted one (its next sign-in asks again), sign it out. */
const DEVICE_ACTIONS = [
  { path: "/user/revoke-trusted-device", label: "forget", when: (device: DeviceDto) => device.is_trusted },
  { path: "/user/revoke-session", label: "signOut", when: () => true },
] as const;

/** The signed-in devices, each with sign-out (and forget, when trusted), and log out everywhere. */
export function DevicesCard({ timeZone, appNames }: { timeZone: string; appNames: Record<string, string> }) {
  const t = useTranslations("account.devices");
  const tc = useTranslations("common");
  const toast = useToast();
  const { data, error, isLoading, mutate } = useCall<{ items: DeviceDto[] }>("/user/sessions");
  const [confirmAll, setConfirmAll] = useState(false);
  const [allError, setAllError] = useState<string>();
  const [busy, setBusy] = useState<string | null>(null);

  async function act(path: string, device: DeviceDto) {
    setBusy(device.id);
    const envelope = await api<{ redirect_url?: string }>(
      path,
      { id: device.id },
      { networkMessage: tc("networkError") },
    );
    setBusy(null);
    if (!isSuccess(envelope)) {
      toast.show("error", envelope.message);
      return;
    }
    if (envelope.data.redirect_url) {
      go(envelope.data.redirect_url);
      return;
    }
    toast.show("success", envelope.message);
    await mutate();
  }

  async function signOutEverywhere() {
    setBusy("all");
    setAllError(undefined);
    const envelope = await api<{ redirect_url?: string }>(
      "/auth/logout-all",
      {},
      { networkMessage: tc("networkError") },
    );
    setBusy(null);
    if (!isSuccess(envelope)) {
      // Said in the confirmation that asked, which stays open for another try.
      setAllError(envelope.message);
      return;
    }
    go(envelope.data.redirect_url ?? "/signin?logout=1");
  }

  return (
    <SecurityCard title={t("title")}>
      <ListStatus isLoading={isLoading} error={error} isEmpty={data?.items.length === 0} empty={t("empty")} />
      <ul className="flex flex-col divide-y divide-gray-100" aria-label={t("title")}>
        {data?.items.map((device) => (
          <li
            key={device.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-gray-900">
                {t("agent", { browser: device.browser, os: device.os })}{" "}
                <span className="text-gray-500">· {t(`kind.${device.device}`)}</span>
                {device.is_current && (
                  <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                    {t("current")}
                  </span>
                )}
                {device.is_trusted && (
                  <span className="ml-2 rounded bg-green-50 px-2 py-0.5 text-xs text-green-700">
                    {t("trusted")}
                  </span>
                )}
              </p>
              <p className="text-gray-500">
                {t("details", {
                  app: appNames[device.app_code] ?? device.app_code.toUpperCase(),
                  ip: formatIp(device.ip),
                  // lib/format's table date (DD/MM/YYYY HH:mm): the same on the server and in the browser.
                  when: formatListDateTime(device.last_active, timeZone),
                })}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              {DEVICE_ACTIONS.filter((action) => action.when(device)).map((action) => (
                <Button
                  key={action.path}
                  variant="secondary"
                  busy={busy === device.id}
                  onClick={() => act(action.path, device)}
                >
                  {t(action.label)}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <Button
          variant="secondary"
          onClick={() => {
            setAllError(undefined);
            setConfirmAll(true);
          }}
        >
          {t("signOutAll")}
        </Button>
      </div>
      <MessageDialog
        open={confirmAll}
        title={t("signOutAllTitle")}
        onClose={() => setConfirmAll(false)}
        cancel={tc("cancel")}
        actions={
          <Button variant="danger" busy={busy === "all"} onClick={signOutEverywhere}>
            {t("signOutAll")}
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <p>{t("signOutAllBody")}</p>
          <FormAlert message={allError} />
        </div>
      </MessageDialog>
      {toast.view}
    </SecurityCard>
  );
}
