/**
 * A countdown as m:ss ("1:05", "0:09"): the resend wait and a code's lifetime read the same way
 * on every code screen. Negative or fractional seconds never show (a timer may overshoot).
 */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Where a "try again in {time}" text names the wait: the catalog's `throttle.retryIn` is rendered
 * with it left in, and the form puts the live m:ss there (components/forms/retry-wait.tsx).
 */
export const RETRY_TIME = "{time}";
