"use client";
import { useCallback } from "react";
import { formatCountdown, RETRY_TIME } from "@/lib/countdown";
import { useCountdown } from "@/lib/hooks/use-countdown";
import { type Envelope, retryAfterOf } from "@/lib/http/envelope";

/**
 * The wait a throttled form is in: every form that can be refused with RATE_LIMITED (sign-in,
 * sign-up, forgotten password, the code entries) holds its submit button while it lasts and says
 * "try again in m:ss" instead of the server's count of seconds.
 */
export function useRetryWait() {
  const [seconds, setSeconds] = useCountdown(0);
  /** Starts the wait when `envelope` is a throttle with `retry_after`; true when it was. */
  const hold = useCallback(
    (envelope: Pick<Envelope, "data">): boolean => {
      const wait = retryAfterOf(envelope);
      if (wait > 0) setSeconds(wait);
      return wait > 0;
    },
    [setSeconds],
  );
  return { seconds, isWaiting: seconds > 0, hold };
}

export type RetryWait = ReturnType<typeof useRetryWait>;

/**
 * The refusal while the wait lasts, in place of the form's alert. Announced once: the m:ss is a
 * timer (not live), so a screen reader is not read a number every second.
 */
export function RetryWaitAlert({ wait, text, id }: { wait: RetryWait; text: string; id?: string }) {
  if (!wait.isWaiting) return null;
  const [before, after = ""] = text.split(RETRY_TIME);
  return (
    <div
      id={id}
      role="alert"
      data-testid="retry-wait"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {before}
      <span role="timer" aria-live="off" className="font-semibold tabular-nums" data-testid="retry-time">
        {formatCountdown(wait.seconds)}
      </span>
      {after}
    </div>
  );
}
