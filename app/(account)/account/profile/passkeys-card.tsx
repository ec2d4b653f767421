"use client";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { formatListDateTime } from "@/lib/format";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { PasskeyDto, PasskeyListDto } from "@/server/passkey/schema";
import { NameDialog, ReauthDialog, RemoveDialog } from "./passkey-dialogs";
import { ListStatus, SecurityCard, useCall } from "./security-card";

type Dialog =
  /** "Confirm it's you", then adding a passkey, or removing `removing`. */
  | { kind: "reauth"; removing?: PasskeyDto }
  | { kind: "name"; response: RegistrationResponseJSON }
  | { kind: "rename"; passkey: PasskeyDto }
  | { kind: "remove"; passkey: PasskeyDto };

/**
 * The person's passkeys (name, kind, added, last used), adding one (the password again when the
 * last proof is older than 10 minutes, then the browser's own prompt, then a name), renaming
 * and removing one. The WebAuthn library loads only when a passkey is added.
 */
export function PasskeysCard({ timeZone }: { timeZone: string }) {
  const t = useTranslations("passkeys");
  const tc = useTranslations("common");
  const toast = useToast();
  const { data, error, isLoading, mutate } = useCall<PasskeyListDto>("/passkey/list");
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [isSupported, setSupported] = useState(true);

  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);

  /** Options, the browser's prompt, then the name dialog. */
  async function create() {
    const options = await api<PublicKeyCredentialCreationOptionsJSON & { error?: string }>(
      "/passkey/registration-options",
      {},
      { networkMessage: tc("networkError") },
    );
    if (!isSuccess(options)) {
      if (options.data?.error === "REAUTH_REQUIRED") setDialog({ kind: "reauth" });
      else toast.show("error", options.message);
      return;
    }
    const { startRegistration } = await import("@simplewebauthn/browser");
    try {
      const response = await startRegistration({ optionsJSON: options.data });
      setDialog({ kind: "name", response });
    } catch {
      // The person closed the prompt, or the device refused (an existing passkey, no lock screen).
      toast.show("error", t("cancelled"));
    }
  }

  /** The add button shows it is busy until the browser's prompt is answered. */
  async function busyWhile(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const add = () =>
    busyWhile(async () => {
      if (data?.reauth_required) setDialog({ kind: "reauth" });
      else await create();
    });

  const reauthenticated = (removing?: PasskeyDto) =>
    busyWhile(async () => {
      setDialog(null);
      if (removing) {
        const envelope = await api(
          "/passkey/remove",
          { id: removing.id },
          { networkMessage: tc("networkError") },
        );
        toast.show(isSuccess(envelope) ? "success" : "error", envelope.message);
        await mutate();
        return;
      }
      await mutate();
      await create();
    });

  async function saved(message: string) {
    setDialog(null);
    toast.show("success", message);
    await mutate();
  }

  const kindOf = (passkey: PasskeyDto) => (passkey.kind === "unknown" ? t("unknownKind") : passkey.kind);

  return (
    <SecurityCard title={t("title")}>
      <p className="text-sm text-gray-700">{t("intro")}</p>
      <div className="mt-4">
        <ListStatus
          isLoading={isLoading}
          error={error}
          isEmpty={data?.items.length === 0}
          empty={t("empty")}
        />
      </div>
      <ul
        className="flex flex-col divide-y divide-gray-100"
        aria-label={t("title")}
        data-testid="passkey-list"
      >
        {data?.items.map((passkey) => (
          <li
            key={passkey.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="break-words font-medium text-gray-900">
                {passkey.name} <span className="text-gray-500">· {kindOf(passkey)}</span>
                {passkey.is_synced && (
                  <span className="ml-2 rounded bg-green-50 px-2 py-0.5 text-xs text-green-700">
                    {t("synced")}
                  </span>
                )}
              </p>
              <p className="text-gray-500">
                {t("created", { date: formatListDateTime(passkey.created_at, timeZone) })} ·{" "}
                {passkey.last_used_at
                  ? t("lastUsed", { date: formatListDateTime(passkey.last_used_at, timeZone) })
                  : t("neverUsed")}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" onClick={() => setDialog({ kind: "rename", passkey })}>
                {t("rename")}
                <span className="sr-only"> {passkey.name}</span>
              </Button>
              <Button variant="secondary" onClick={() => setDialog({ kind: "remove", passkey })}>
                {t("remove")}
                <span className="sr-only"> {passkey.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        {isSupported ? (
          <Button variant="secondary" busy={busy} disabled={!data} onClick={add}>
            {t("add")}
          </Button>
        ) : (
          <p className="text-sm text-gray-500">{t("unsupported")}</p>
        )}
      </div>
      {dialog?.kind === "reauth" && (
        <ReauthDialog
          reason={dialog.removing ? t("removeReason", { name: dialog.removing.name }) : undefined}
          onClose={() => setDialog(null)}
          onDone={() => reauthenticated(dialog.removing)}
        />
      )}
      {(dialog?.kind === "name" || dialog?.kind === "rename") && (
        <NameDialog
          response={dialog.kind === "name" ? dialog.response : undefined}
          passkey={dialog.kind === "rename" ? dialog.passkey : undefined}
          onClose={() => setDialog(null)}
          onDone={saved}
        />
      )}
      {dialog?.kind === "remove" && (
        <RemoveDialog
          passkey={dialog.passkey}
          onClose={() => setDialog(null)}
          onDone={saved}
          onReauth={() => setDialog({ kind: "reauth", removing: dialog.passkey })}
        />
      )}
      {toast.view}
    </SecurityCard>
  );
}
