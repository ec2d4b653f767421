"use client";
import { useEffect, useState } from "react";

/**
 * Whole seconds counting down to 0 (a resend wait, a code's lifetime); the setter starts it again.
 * The timer runs only while there is something left, so a finished countdown costs nothing.
 */
export function useCountdown(initial: number) {
  const [seconds, setSeconds] = useState(initial);
  const isRunning = seconds > 0;
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setSeconds((s) => (s > 1 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);
  return [seconds, setSeconds] as const;
}
