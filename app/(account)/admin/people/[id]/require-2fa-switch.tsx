"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/**
 * "Require two-factor at sign-in": a switch. Turning it on calls /admin/people/set-require-2fa at
 * once (the server audits it): such a person is sent to set two-factor up at their next sign-in.
 * Turning it off weakens their sign-in, so the server wants "confirm it's you" for it: the page
 * asks in a dialog (`onTurnOff`), as for the other such actions.
 */
export function Require2faSwitch({
  id,
  isRequired,
  isOperator,
  onChanged,
  onTurnOff,
}: {
  id: string;
  isRequired: boolean;
  /** An operator needs two-factor whatever the switch says. */
  isOperator: boolean;
  onChanged: (message: string) => void;
  /** Opens the dialog that turns the requirement off (with its re-authentication step). */
  onTurnOff: () => void;
}) {
  const t = useTranslations("admin.person");
  const tc = useTranslations("common");
  const labelId = useId();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function toggle() {
    if (isRequired) {
      onTurnOff();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    const envelope = await api(
      "/admin/people/set-require-2fa",
      { id, required: true },
      { networkMessage: tc("networkError") },
    );
    setBusy(false);
    if (isSuccess(envelope)) onChanged(t("require2faOn"));
    else setFailure(envelope.message);
  }

  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-gray-100 pt-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id={labelId} className="text-sm font-medium text-gray-900">
            {t("require2fa")}
          </p>
          <p id={hintId} className="text-sm text-gray-500">
            {isOperator ? t("require2faOperator") : t("require2faHint")}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isRequired}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-busy={busy || undefined}
          disabled={busy}
          onClick={() => void toggle()}
          data-testid="require-2fa-switch"
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60 ${
            isRequired ? "bg-brand-500" : "bg-gray-300"
          }`}
        >
          <span
            aria-hidden
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
              isRequired ? "translate-x-6" : "translate-x-1"
            }`}
          />
        </button>
      </div>
      <FormAlert message={failure} />
    </div>
  );
}
