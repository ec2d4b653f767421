"use client";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRetryWait } from "@/components/forms/retry-wait";
import { useCountdown } from "@/lib/hooks/use-countdown";
import type { Envelope } from "@/lib/http/envelope";
import type { CodeBoxesHandle } from "./code-boxes";

/** SPEC §4/§9: a new code can be asked for 60 s after the last one. */
export const RESEND_SECONDS = 60;

/** A typed code read with the call's schema: the value to send, or what is wrong with it. */
export type CodeCheck = { code: string } | { failure: string };

/** What a confirm came to. */
export type CodeAnswer = {
  /** A refusal, said beside the code (never in a modal over the form). */
  failure?: string;
  /** The boxes are emptied for the next try, the cursor back in the first. */
  clear?: boolean;
  /** The page is leaving (hand-off, device limit): the form stays busy until it has gone. */
  isLeaving?: boolean;
  /** The refusal's envelope: a throttle (`retry_after`) holds the code until its wait is over. */
  refusal?: Pick<Envelope, "data">;
};

/** What a resend came to. */
export type ResendAnswer =
  /** A new code went out: the boxes empty and the wait starts again. */
  | { sent: true; clearsFailure?: boolean }
  /** Nothing went out; a `failure` is said beside the code (otherwise the sender said it). */
  | { sent: false; failure?: string };

/**
 * The state every code-entry form shares (verify account, verify 2FA, the set-up dialogs): the
 * code in the boxes, one confirm at a time (from the button or the sixth digit), the refusal
 * beside the code, and the resend wait.
 */
export function useCodeEntry(options: {
  /** Sends the code; runs only after `check` let it through. */
  confirm: (code: string) => Promise<CodeAnswer>;
  /** Reads the code before anything is sent or the form turns busy. */
  check?: (typed: string) => CodeCheck;
  /** Seconds until Resend opens (a code was just sent, or a reload keeps counting). */
  wait?: number;
}) {
  const boxes = useRef<CodeBoxesHandle>(null);
  const errorId = `${useId()}-failure`;
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [countdown, setCountdown] = useCountdown(options.wait ?? 0);
  const retryWait = useRetryWait();
  // Emptying the boxes puts the cursor in the first one, which works only once they are enabled
  // again: so after the render that ends `busy`, not in the same tick.
  const [clears, setClears] = useState(0);
  useEffect(() => {
    if (clears) boxes.current?.clear();
  }, [clears]);

  /** The boxes' onChange: a digit typed after a refusal starts a new try (emptying them does not). */
  function change(next: string) {
    setCode(next);
    if (next.trim()) setFailure(undefined);
  }

  /** From the confirm button, or as soon as the sixth digit is in. */
  async function confirm(typed: string) {
    if (busy || retryWait.isWaiting) return;
    const checked = options.check ? options.check(typed) : { code: typed };
    if ("failure" in checked) {
      setFailure(checked.failure);
      return;
    }
    setFailure(undefined);
    setBusy(true);
    const answer = await options.confirm(checked.code);
    if (!answer.isLeaving) setBusy(false);
    if (answer.refusal && retryWait.hold(answer.refusal)) setFailure(undefined);
    else if (answer.failure) setFailure(answer.failure);
    if (answer.clear) setClears((n) => n + 1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void confirm(code);
  }

  /** Asks for a new code once the wait is over. */
  async function resend(send: () => Promise<ResendAnswer>) {
    if (countdown > 0 || resending) return;
    setResending(true);
    const answer = await send();
    setResending(false);
    if (!answer.sent) {
      if (answer.failure) setFailure(answer.failure);
      return;
    }
    if (answer.clearsFailure) setFailure(undefined);
    boxes.current?.clear();
    setCountdown(RESEND_SECONDS);
  }

  /** A fresh start (a dialog opened again): no code, no refusal, no wait. */
  function reset() {
    setCode("");
    setFailure(undefined);
    setCountdown(options.wait ?? 0);
  }

  return {
    boxes,
    errorId,
    code,
    change,
    busy,
    /** A throttled confirm's wait: the boxes and the confirm button hold until it is over. */
    retryWait,
    failure,
    setFailure,
    countdown,
    restartCountdown: setCountdown,
    resending,
    confirm,
    submit,
    resend,
    reset,
  };
}

export type CodeEntryState = ReturnType<typeof useCodeEntry>;
