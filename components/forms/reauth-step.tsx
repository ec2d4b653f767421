"use client";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { LoadingLine } from "@/components/ui/loading-line";
import { PasswordField } from "@/components/ui/password-input";
import { type ApiData, api } from "@/lib/http/client";
import { type Envelope, isSuccess } from "@/lib/http/envelope";
import type { ReauthMethodsDto } from "@/server/passkey/schema";

type Load =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; methods: ReauthMethodsDto };
type CodeStep = { token: string; to: string };

/**
 * "Confirm it's you" before a sensitive change (adding a passkey, deleting the account): the
 * password, one of the person's passkeys, or — for an account without a password — a code sent to
 * their email. Offers only the proofs the server says this person has; calls `onDone` once the
 * server has recorded the proof for this session (10 minutes).
 */
export function ReauthStep({
  reason,
  cancel,
  isDestructive = false,
  onDone,
}: {
  reason: string;
  /**
   * The dialog's Cancel, said in the step's own row of actions (Cancel, then Confirm, at the bottom
   * right; stacked on a phone): the dialog leaves its own out while this step shows.
   */
  cancel?: string;
  /** The step opens something that cannot be taken back (deleting the account): its Confirm is red. */
  isDestructive?: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("reauth");
  const tc = useTranslations("common");
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [busy, setBusy] = useState<"password" | "passkey" | "send" | "code" | undefined>();
  const [error, setError] = useState<{ field?: string; alert?: string }>({});
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codeStep, setCodeStep] = useState<CodeStep>();
  const [hasWebAuthn, setHasWebAuthn] = useState(false);
  // The latest callback, so a parent's inline function does not refetch the methods each render.
  const done = useRef(onDone);
  done.current = onDone;

  const fetchMethods = useCallback(async () => {
    setLoad({ kind: "loading" });
    const envelope = await api<ReauthMethodsDto>(
      "/user/reauth-methods",
      {},
      { networkMessage: tc("networkError") },
    );
    if (!isSuccess(envelope)) {
      setLoad({ kind: "failed", message: envelope.message });
      return;
    }
    if (!envelope.data.required) done.current();
    else setLoad({ kind: "ready", methods: envelope.data });
  }, [tc]);

  useEffect(() => {
    setHasWebAuthn(typeof window.PublicKeyCredential === "function");
    void fetchMethods();
  }, [fetchMethods]);

  /** One call; true on success, else the refusal goes to `field` when the server names it. */
  async function send<T = ApiData>(
    kind: NonNullable<typeof busy>,
    path: string,
    body: Record<string, unknown>,
    field?: string,
  ) {
    setBusy(kind);
    setError({});
    const envelope: Envelope<T> = await api<T>(path, body, { networkMessage: tc("networkError") });
    setBusy(undefined);
    if (isSuccess(envelope)) return envelope;
    const fieldError = field ? (envelope.data as ApiData | null)?.fields?.[field] : undefined;
    setError(fieldError ? { field: fieldError } : { alert: envelope.message });
    return undefined;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (load.kind !== "ready") return;
    if (load.methods.password) {
      if (await send("password", "/user/reauthenticate", { password }, "password")) onDone();
    } else if (codeStep) {
      if (await send("code", "/user/reauthenticate-code", { token: codeStep.token, code }, "code")) onDone();
    } else {
      await sendCode();
    }
  }

  async function sendCode() {
    const sent = await send<{ token: string; to: string }>("send", "/user/reauth-send-code", {});
    if (sent) {
      setCode("");
      setCodeStep({ token: sent.data.token, to: sent.data.to });
    }
  }

  async function confirmWithPasskey() {
    const options = await send<PublicKeyCredentialRequestOptionsJSON>(
      "passkey",
      "/passkey/reauth-options",
      {},
    );
    if (!options) return;
    const { startAuthentication } = await import("@simplewebauthn/browser");
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      setBusy("passkey");
      response = await startAuthentication({ optionsJSON: options.data });
    } catch {
      setBusy(undefined);
      setError({ alert: t("passkeyRefused") });
      return;
    }
    if (await send("passkey", "/passkey/reauthenticate", { response })) onDone();
  }

  if (load.kind === "loading") return <LoadingLine text={t("loading")} />;
  if (load.kind === "failed") {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={load.message} />
        <Button variant="secondary" onClick={() => void fetchMethods()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  const { methods } = load;
  const canPasskey = methods.passkey && hasWebAuthn;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <p>{reason}</p>
      <FormAlert message={error.alert} />
      {methods.password && (
        <PasswordField
          id={`${id}-password`}
          label={t("password")}
          error={error.field}
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError({});
          }}
          showLabel={t("show")}
          hideLabel={t("hide")}
        />
      )}
      {methods.email_code && codeStep && (
        <TextField
          id={`${id}-code`}
          label={t("code")}
          hint={t("codeSent", { email: codeStep.to })}
          error={error.field}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={12}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError({});
          }}
        />
      )}
      {methods.email_code && !codeStep && (
        <p className="text-sm text-gray-600">{t("codeIntro", { email: methods.email })}</p>
      )}
      <div className="mt-3">
        <DialogActions cancel={cancel}>
          {methods.email_code && codeStep && (
            <Button variant="secondary" onClick={() => void sendCode()} disabled={busy !== undefined}>
              {t("resendCode")}
            </Button>
          )}
          {canPasskey && (
            <Button variant="secondary" onClick={() => void confirmWithPasskey()} busy={busy === "passkey"}>
              {t("usePasskey")}
            </Button>
          )}
          <Button
            type="submit"
            variant={isDestructive ? "danger" : "primary"}
            busy={busy === "password" || busy === "code" || busy === "send"}
          >
            {methods.email_code && !codeStep ? t("sendCode") : t("confirm")}
          </Button>
        </DialogActions>
      </div>
    </form>
  );
}
