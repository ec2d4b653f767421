"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import useSWR from "swr";
import { AppSetupDialog, type TwoFactorDoneData } from "@/components/two-factor/app-setup-dialog";
import { SmsSetupDialog } from "@/components/two-factor/sms-setup-dialog";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { formatListDateTime } from "@/lib/format";
import { api, go } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { DeviceDto, SecurityEventDto } from "@/server/two-factor/schema";

type Props = {
  twoFaType: "TOTP" | "SMS" | null;
  isRequired: boolean;
  phone: string | null;
  isPhoneVerified: boolean;
  timeZone: string;
  /** App code → product name, for the Devices list. */
  appNames: Record<string, string>;
};

/** One SWR key per /2.0 list this section shows; `mutate` reloads it after a change. */
function useCall<T>(path: string, body: Record<string, unknown> = {}) {
  const tc = useTranslations("common");
  return useSWR([path, JSON.stringify(body)], async () => {
    const envelope = await api<T>(path, body, { networkMessage: tc("networkError") });
    if (!isSuccess(envelope)) throw new Error(envelope.message);
    return envelope.data;
  });
}

/** lib/format's table date (DD/MM/YYYY HH:mm): the same in every language, on the server and in the browser. */
function useDate(timeZone: string) {
  return (iso: string) => formatListDateTime(iso, timeZone);
}

/** Profile security: two-factor on/off/change, devices with sign-out, recent security activity. */
export function SecuritySection(props: Props) {
  return (
    <div className="mt-6 flex flex-col gap-6">
      <TwoFactorCard {...props} />
      <DevicesCard timeZone={props.timeZone} appNames={props.appNames} />
      <ActivityCard timeZone={props.timeZone} />
    </div>
  );
}

function Card({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function TwoFactorCard({
  twoFaType,
  isRequired,
  phone,
  isPhoneVerified,
}: Omit<Props, "appNames" | "timeZone">) {
  const t = useTranslations("account.security");
  const tc = useTranslations("common");
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [dialog, setDialog] = useState<"totp" | "sms" | "off" | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const isOn = twoFaType !== null;

  const done = (data: TwoFactorDoneData) => {
    setDialog(null);
    toast.show("success", t(data.method === "sms" ? "onSms" : "onApp"));
    router.refresh();
  };

  async function turnOff(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const envelope = await api("/auth2-fa/disable", { password }, { networkMessage: tc("networkError") });
    setBusy(false);
    if (!isSuccess(envelope)) {
      setError(envelope.data?.fields?.password ?? envelope.message);
      return;
    }
    setDialog(null);
    setPassword("");
    toast.show("success", envelope.message);
    router.refresh();
  }

  return (
    <Card id={`${id}-2fa`} title={t("title")}>
      <p className="text-sm text-gray-700" data-testid="two-factor-status">
        {isOn ? t(twoFaType === "SMS" ? "statusSms" : "statusApp") : t("statusOff")}
        {isRequired && <span className="ml-2 text-xs text-amber-700">{t("required")}</span>}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {twoFaType !== "TOTP" && (
          <Button variant="secondary" onClick={() => setDialog("totp")}>
            {isOn ? t("switchToApp") : t("useApp")}
          </Button>
        )}
        {twoFaType !== "SMS" && (
          <Button variant="secondary" onClick={() => setDialog("sms")}>
            {isOn ? t("switchToSms") : t("useSms")}
          </Button>
        )}
        {isOn && !isRequired && (
          <Button variant="secondary" onClick={() => setDialog("off")}>
            {t("turnOff")}
          </Button>
        )}
      </div>
      {/* Mounted only while open: every render of the page (the server's too) skips their forms. */}
      {dialog === "totp" && (
        <AppSetupDialog
          open
          onOpenChange={(open) => setDialog(open ? "totp" : null)}
          requirePassword={isOn}
          onDone={done}
        />
      )}
      {dialog === "sms" && (
        <SmsSetupDialog
          open
          onOpenChange={(open) => setDialog(open ? "sms" : null)}
          requirePassword={isOn}
          onDone={done}
          phone={phone ?? ""}
          isPhoneVerified={isPhoneVerified}
        />
      )}
      <MessageDialog
        open={dialog === "off"}
        title={t("turnOffTitle")}
        onClose={() => setDialog(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" form={`${id}-off`} variant="danger" busy={busy}>
              {t("turnOff")}
            </Button>
          </>
        }
      >
        <form id={`${id}-off`} onSubmit={turnOff} className="flex flex-col gap-3">
          <p>{t("turnOffBody")}</p>
          <Field id={`${id}-password`} label={t("password")} error={error}>
            <PasswordInput
              id={`${id}-password`}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(undefined);
              }}
              invalid={Boolean(error)}
              showLabel={t("show")}
              hideLabel={t("hide")}
            />
          </Field>
        </form>
      </MessageDialog>
      {toast.view}
    </Card>
  );
}

function DevicesCard({ timeZone, appNames }: { timeZone: string; appNames: Record<string, string> }) {
  const t = useTranslations("account.devices");
  const tc = useTranslations("common");
  const toast = useToast();
  const formatDate = useDate(timeZone);
  const id = useId();
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
    <Card id={`${id}-devices`} title={t("title")}>
      {isLoading && (
        <p role="status" className="text-sm text-gray-500">
          {tc("loading")}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
      )}
      {data && data.items.length === 0 && <p className="text-sm text-gray-500">{t("empty")}</p>}
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
                  ip: device.ip ?? "—",
                  when: formatDate(device.last_active),
                })}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              {device.is_trusted && (
                <Button
                  variant="secondary"
                  busy={busy === device.id}
                  onClick={() => act("/user/revoke-trusted-device", device)}
                >
                  {t("forget")}
                </Button>
              )}
              <Button
                variant="secondary"
                busy={busy === device.id}
                onClick={() => act("/user/revoke-session", device)}
              >
                {t("signOut")}
              </Button>
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
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmAll(false)}>
              {tc("cancel")}
            </Button>
            <Button variant="danger" busy={busy === "all"} onClick={signOutEverywhere}>
              {t("signOutAll")}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <p>{t("signOutAllBody")}</p>
          <FormAlert message={allError} />
        </div>
      </MessageDialog>
      {toast.view}
    </Card>
  );
}

const PAGE = 10;

function ActivityCard({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.activity");
  const tc = useTranslations("common");
  const formatDate = useDate(timeZone);
  const id = useId();
  const [offset, setOffset] = useState(0);
  const { data, error, isLoading } = useCall<{ items: SecurityEventDto[]; total: number }>(
    "/user/security-events",
    {
      limit: PAGE,
      offset,
    },
  );
  const label = (type: string) => (t.has(`type.${type}` as never) ? t(`type.${type}` as never) : type);
  return (
    <Card id={`${id}-activity`} title={t("title")}>
      {isLoading && (
        <p role="status" className="text-sm text-gray-500">
          {tc("loading")}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
      )}
      {data && data.items.length === 0 && <p className="text-sm text-gray-500">{t("empty")}</p>}
      <ul className="flex flex-col divide-y divide-gray-100">
        {data?.items.map((event) => (
          <li key={event.id} className="py-2 text-sm">
            <p className="font-medium text-gray-900">{label(event.type)}</p>
            <p className="text-gray-500">
              {formatDate(event.created_at)} ·{" "}
              {t("where", { browser: event.browser, os: event.os, ip: event.ip ?? "—" })}
            </p>
          </li>
        ))}
      </ul>
      {data && data.total > PAGE && (
        <nav aria-label={t("pages")} className="mt-3 flex items-center justify-between text-sm text-gray-600">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            {t("newer")}
          </Button>
          <span>
            {t("range", { from: offset + 1, to: Math.min(offset + PAGE, data.total), total: data.total })}
          </span>
          <Button
            variant="secondary"
            disabled={offset + PAGE >= data.total}
            onClick={() => setOffset(offset + PAGE)}
          >
            {t("older")}
          </Button>
        </nav>
      )}
    </Card>
  );
}
