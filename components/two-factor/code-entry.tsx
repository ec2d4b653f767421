"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useRetryText } from "@/components/forms/use-retry-text";
import { FormAlert } from "@/components/ui/alert";
import { formatCountdown } from "@/lib/countdown";
import { CodeBoxes } from "./code-boxes";
import type { CodeEntryState, ResendAnswer } from "./use-code-entry";

/**
 * The code of every code-entry form: the six boxes (or what stands `instead` of them, a backup
 * code field), an optional `note` under them, and the refusal beside them, which marks the boxes
 * invalid and describes them. The sixth digit confirms on its own unless `autoSubmit` is off.
 */
export function CodeEntry({
  entry,
  label,
  note,
  instead,
  autoSubmit = true,
}: {
  entry: CodeEntryState;
  /** Names the group of boxes for screen readers. */
  label: string;
  note?: ReactNode;
  instead?: ReactNode;
  /** Off while something else the confirm needs is still empty (the password in profile mode). */
  autoSubmit?: boolean;
}) {
  const retryIn = useRetryText();
  const isWaiting = entry.retryWait.isWaiting;
  const boxes = instead ?? (
    <CodeBoxes
      ref={entry.boxes}
      value={entry.code}
      onChange={entry.change}
      onComplete={(full) => {
        if (autoSubmit) void entry.confirm(full);
      }}
      label={label}
      autoFocus
      disabled={entry.busy || isWaiting}
      errorId={entry.failure || isWaiting ? entry.errorId : undefined}
    />
  );
  return (
    <>
      {note ? (
        <div className="flex flex-col gap-2">
          {boxes}
          {note}
        </div>
      ) : (
        boxes
      )}
      <FormAlert
        id={entry.errorId}
        message={entry.failure}
        wait={{ state: entry.retryWait, text: retryIn }}
      />
    </>
  );
}

/** The catalog namespaces that carry `noCode`, `resendIn` and `resend`. */
type ResendTexts = "auth.verify" | "auth.twoFactor.verify" | "auth.twoFactor.sms";

/** "Didn't get it?" with the m:ss wait, then a Resend button once the wait is over. */
export function ResendLine({
  entry,
  texts,
  send,
}: {
  entry: CodeEntryState;
  texts: ResendTexts;
  send: () => Promise<ResendAnswer>;
}) {
  const t = useTranslations(texts);
  return (
    // Not a live region: a countdown read out every second would drown everything else.
    <p className="text-center text-sm text-gray-600">
      {t("noCode")}{" "}
      {entry.countdown > 0 ? (
        <span>{t("resendIn", { time: formatCountdown(entry.countdown) })}</span>
      ) : (
        <button
          type="button"
          onClick={() => void entry.resend(send)}
          disabled={entry.resending}
          className="font-semibold text-brand-600 hover:underline disabled:opacity-50"
        >
          {t("resend")}
        </button>
      )}
    </p>
  );
}
