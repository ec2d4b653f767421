"use client";
import type { RegistrationResponseJSON } from "@simplewebauthn/browser";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { ReauthStep } from "@/components/forms/reauth-step";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { PasskeyDto } from "@/server/passkey/schema";

/** A dialog's one call: busy while it runs, the refusal (per field or whole) when it fails. */
function useSubmit() {
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; alert?: string }>({});
  /** The call's message when it succeeds; otherwise its refusal is shown, unless `handled` takes it. */
  async function submit(
    path: string,
    body: Record<string, unknown>,
    field: string,
    handled?: (error: string | undefined) => boolean,
  ) {
    setBusy(true);
    setError({});
    const envelope = await api(path, body, { networkMessage: tc("networkError") });
    setBusy(false);
    if (isSuccess(envelope)) return envelope.message;
    if (handled?.(envelope.data?.error)) return undefined;
    const fieldError = envelope.data?.fields?.[field];
    setError(fieldError ? { field: fieldError } : { alert: envelope.message });
    return undefined;
  }
  return { busy, error, submit, clear: () => setError({}) };
}

/**
 * "Confirm it's you" (password, a passkey, or an emailed code) before adding a passkey, or before
 * what `reason` says (unlinking a sign-in method).
 */
export function ReauthDialog({
  onClose,
  onDone,
  reason,
}: {
  onClose: () => void;
  onDone: () => void;
  reason?: string;
}) {
  const t = useTranslations("reauth");
  const tc = useTranslations("common");
  return (
    <MessageDialog open title={t("title")} onClose={onClose}>
      <ReauthStep reason={reason ?? t("passkeyReason")} cancel={tc("cancel")} onDone={onDone} />
    </MessageDialog>
  );
}

/** Names a passkey the browser just created (then keeps it), or renames one. */
export function NameDialog({
  response,
  passkey,
  onClose,
  onDone,
}: {
  response?: RegistrationResponseJSON;
  passkey?: PasskeyDto;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useTranslations("passkeys");
  const tc = useTranslations("common");
  const id = useId();
  const [name, setName] = useState(passkey?.name ?? t("defaultName"));
  const { busy, error, submit, clear } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const message = response
      ? await submit("/passkey/register", { response, name }, "name")
      : await submit("/passkey/rename", { id: passkey?.id, name }, "name");
    if (message !== undefined) onDone(message);
  }

  return (
    <MessageDialog
      open
      title={t(response ? "nameTitle" : "renameTitle")}
      onClose={onClose}
      cancel={tc("cancel")}
      actions={
        <Button type="submit" form={`${id}-form`} busy={busy}>
          {t("save")}
        </Button>
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} className="flex flex-col gap-3">
        {response && <p>{t("nameBody")}</p>}
        <FormAlert message={error.alert} />
        <TextField
          id={`${id}-name`}
          label={t("name")}
          error={error.field}
          maxLength={60}
          required
          autoFocus
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            clear();
          }}
        />
      </form>
    </MessageDialog>
  );
}

/** Asks before removing a passkey. */
export function RemoveDialog({
  passkey,
  onClose,
  onDone,
  onReauth,
}: {
  passkey: PasskeyDto;
  onClose: () => void;
  onDone: (message: string) => void;
  /** The removal needs "confirm it's you" first (REAUTH_REQUIRED): the card asks, then removes it. */
  onReauth: () => void;
}) {
  const t = useTranslations("passkeys");
  const tc = useTranslations("common");
  const { busy, error, submit } = useSubmit();

  async function remove() {
    const needsReauth = (code: string | undefined) => code === "REAUTH_REQUIRED";
    const message = await submit("/passkey/remove", { id: passkey.id }, "id", (code) => {
      if (needsReauth(code)) onReauth();
      return needsReauth(code);
    });
    if (message !== undefined) onDone(message);
  }

  return (
    <MessageDialog
      open
      title={t("removeTitle")}
      onClose={onClose}
      cancel={tc("cancel")}
      actions={
        <Button variant="danger" busy={busy} onClick={remove}>
          {t("remove")}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <p>{t("removeBody", { name: passkey.name })}</p>
        <FormAlert message={error.alert} />
      </div>
    </MessageDialog>
  );
}
