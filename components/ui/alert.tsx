import { type FormEvent, type ReactNode, useId } from "react";
import { type RetryWait, RetryWaitAlert } from "@/components/forms/retry-wait";

/** A throttled form's wait and its "try again in {time}" text: said instead of the message while it lasts. */
export type FormWait = { state: RetryWait; text: string };

/**
 * A message shown at the form it belongs to (SPEC §8: sign-in, sign-up, forgot-password failures;
 * the first-impression issue: every form and dialog says its error here, never in a second modal).
 */
export function FormAlert({ message, id, wait }: { message?: string; id?: string; wait?: FormWait }) {
  if (wait?.state.isWaiting) return <RetryWaitAlert id={id} wait={wait.state} text={wait.text} />;
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="form-alert"
      className="whitespace-pre-line rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {message}
    </div>
  );
}

/**
 * A form with its refusal on top: the message describes the form, so a screen reader on any of
 * its fields hears why the last submit was refused.
 */
export function FormWithAlert({
  alert,
  wait,
  onSubmit,
  children,
}: {
  alert?: string;
  wait?: FormWait;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const id = useId();
  const isWaiting = Boolean(wait?.state.isWaiting);
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-describedby={alert || isWaiting ? `${id}-alert` : undefined}
    >
      <div id={`${id}-alert`}>
        <FormAlert message={alert} wait={wait} />
      </div>
      {children}
    </form>
  );
}
