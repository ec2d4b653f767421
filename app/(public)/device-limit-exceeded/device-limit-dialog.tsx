"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogActions, FormDialog, focusFirst } from "@/components/ui/dialog";
import { LoadingLine } from "@/components/ui/loading-line";
import { appName, appNamesFor } from "@/lib/apps";
import { formatIp, formatListDateTime } from "@/lib/format";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { useSignInHref } from "@/lib/hooks/use-sign-in-href";
import { api, finishHandoff, go } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { type DeviceDto, resolveDeviceLimitSchema } from "@/server/two-factor/schema";

/** The app code of the portal's own sessions (server/session/service.ts; not importable here). */
const PORTAL_APP_CODE = "luid";

type Loaded = { devices: DeviceDto[]; limit?: number };
type State = { kind: "loading" } | { kind: "failed"; message: string } | ({ kind: "ready" } & Loaded);

/**
 * SPEC §2/§8 'Device limit exceeded': the person picks at least one device to log out, then the
 * sign-in that hit the limit completes.
 */
export function DeviceLimitDialog({ token }: { token: string }) {
  const signInHref = useSignInHref();
  const router = useRouter();
  const t = useTranslations("auth.deviceLimit");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const id = useId();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [selectError, setSelectError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // A refused log-out, said in the dialog above its buttons (never in a second modal).
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const envelope = await api<Partial<Loaded> & { error?: string }>(
        "/auth/device-limit-devices",
        { token },
        { networkMessage: tc("networkError"), on401: "return" },
      );
      if (cancelled) return;
      // The page checked the step; one that ended since is shown by the page under its own heading.
      if (envelope.data?.error === "FLOW_TOKEN_INVALID") {
        router.refresh();
        return;
      }
      if (!isSuccess(envelope) || !Array.isArray(envelope.data.devices)) {
        setState({ kind: "failed", message: envelope.message || tc("networkError") });
        return;
      }
      setState({ kind: "ready", devices: envelope.data.devices, limit: envelope.data.limit });
      setOpen(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [token, tc, router]);

  const intro = state.kind === "ready" && state.limit ? t("text", { limit: state.limit }) : t("textNoLimit");

  function toggle(sessionId: string, on: boolean) {
    setSelectError(undefined);
    setFailure(undefined);
    setSelected((ids) => (on ? [...ids, sessionId] : ids.filter((x) => x !== sessionId)));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = resolveDeviceLimitSchema.safeParse({ token, session_ids: selected });
    if (!parsed.success) {
      setSelectError(Object.values(fieldErrors(parsed.error, translate, label)).join("\n"));
      return;
    }
    setFailure(undefined);
    setBusy(true);
    const envelope = await api(
      "/auth/device-limit-resolve",
      { ...parsed.data },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    // Still over the limit (another device signed in meanwhile): the server names a fresh page.
    if (envelope.code === 503 && typeof envelope.data?.redirect_url === "string") {
      go(envelope.data.redirect_url);
      return;
    }
    if (envelope.data?.error === "FLOW_TOKEN_INVALID") {
      router.refresh();
      return;
    }
    if (!isSuccess(envelope)) {
      setBusy(false);
      setFailure(envelope.message);
      return;
    }
    finishHandoff(envelope.data);
  }

  if (state.kind === "loading") {
    return <LoadingLine text={t("loading")} />;
  }
  if (state.kind === "failed") {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert message={state.message} />
        <Link
          href={signInHref}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("signIn")}
        </Link>
      </div>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">{intro}</p>
        <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
          {t("choose")}
        </Button>
        <BackToSignIn label={t("signIn")} />
      </div>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t("title")}
        description={intro}
        // Start on the first device, not on the close button.
        onOpenAutoFocus={focusFirst("input[type=checkbox]")}
      >
        <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
          <fieldset className="m-0 min-w-0 border-0 p-0" aria-describedby={`${id}-count`}>
            <legend className="mb-2 text-sm font-medium text-gray-700">{t("devices")}</legend>
            <ul className="flex max-h-[50dvh] flex-col gap-2 overflow-y-auto">
              {state.devices.map((device) => (
                <li key={device.id}>
                  <DeviceRow
                    device={device}
                    checked={selected.includes(device.id)}
                    onChange={(on) => toggle(device.id, on)}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          <p id={`${id}-count`} className="text-xs text-gray-500" aria-live="polite">
            {t("selected", { count: selected.length })}
          </p>
          {selectError && (
            <p role="alert" className="text-sm text-red-600">
              {selectError}
            </p>
          )}
          <FormAlert message={failure} />
          <DialogActions cancel={t("cancel")}>
            <Button type="submit" variant="danger" busy={busy}>
              {t("logout")}
            </Button>
          </DialogActions>
        </form>
      </FormDialog>
    </>
  );
}

function DeviceRow({
  device,
  checked,
  onChange,
}: {
  device: DeviceDto;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useTranslations("auth.deviceLimit");
  // The family's default app names in the person's language (lib/apps), not the code.
  const appNames = appNamesFor({}, useTranslations("common"));
  const id = useId();
  // lib/format's numbers-only date in this browser's zone (the list loads in the browser).
  const format = useMemo(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return { format: (at: Date) => formatListDateTime(at, zone) };
  }, []);
  const lastActive = new Date(device.last_active);
  const details = [
    t(`kind.${device.device}`),
    device.ip ? t("ip", { ip: formatIp(device.ip) }) : null,
    // The portal's own browsers carry its app code: name it rather than show "luid".
    device.app_code === PORTAL_APP_CODE
      ? t("appPortal")
      : device.app_code
        ? t("app", { app: appName(device.app_code, appNames) })
        : null,
  ].filter(Boolean);
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors ${
        checked ? "border-brand-500 bg-brand-50" : "border-gray-200 hover:bg-gray-50"
      }`}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
      />
      <span className="min-w-0 flex-1 text-sm">
        <span className="block font-medium text-gray-900">
          {t("browserOnOs", {
            // The server's fallbacks are English words: say them in the page's language.
            browser: device.browser === "Unknown browser" ? t("unknownBrowser") : device.browser,
            os: device.os === "Unknown system" ? t("unknownOs") : device.os,
          })}
        </span>
        <span className="block break-words text-xs text-gray-600">{details.join(" · ")}</span>
        {!Number.isNaN(lastActive.getTime()) && (
          <span className="block text-xs text-gray-500">
            {t("lastActive", { date: format.format(lastActive) })}
          </span>
        )}
      </span>
    </label>
  );
}
