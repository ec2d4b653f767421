"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { takeStored, writeStored } from "@/lib/browser-storage";

export type ToastKind = "error" | "success";
type Toast = { id: number; kind: ToastKind; message: string };

/**
 * Toasts for 5 s (SPEC §9); errors red. They sit top-centre on a phone and top-right from `sm` up
 * (the first-impression issue): at the bottom-left they covered the sidebar's foot and, on a
 * 390-wide screen, the form being filled. Below the signed-in top bar (h-16), never over it (issue 39).
 */
export const TOAST_REGION_CLASS =
  "pointer-events-none fixed inset-x-4 top-20 z-[60] flex justify-center sm:inset-x-auto sm:right-4 sm:left-auto sm:max-w-sm sm:justify-end";

export function useToast(durationMs = 5000) {
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback(
    (kind: ToastKind, message: string) => {
      clearTimeout(timer.current);
      setToast({ id: Date.now(), kind, message });
      timer.current = setTimeout(() => setToast(null), durationMs);
    },
    [durationMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  const view = (
    <div aria-live="assertive" data-testid="toast-region" className={TOAST_REGION_CLASS}>
      {toast && (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto whitespace-pre-line rounded-lg px-4 py-3 text-sm text-white shadow-lg ${
            toast.kind === "error" ? "bg-red-700" : "bg-green-700"
          }`}
        >
          {toast.message}
        </div>
      )}
    </div>
  );
  return { show, view };
}

const FLASH_KEY = "portal.flash";
type Flash = { kind: ToastKind; message: string };
/** Survives a client-side navigation where sessionStorage is blocked (another site's frame). */
let pendingFlash: Flash | null = null;

/**
 * Leaves a toast for the next page of this tab (a failed OAuth return shows it on /signin): kept
 * in memory and, where the browser allows, in sessionStorage for a full page load.
 */
export function flash(kind: ToastKind, message: string): void {
  pendingFlash = { kind, message };
  writeStored("session", FLASH_KEY, JSON.stringify(pendingFlash));
}

/** The toast a previous page left, once. */
export function takeFlash(): Flash | null {
  const inMemory = pendingFlash;
  pendingFlash = null;
  const raw = takeStored("session", FLASH_KEY);
  if (inMemory) return inMemory;
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { kind?: unknown; message?: unknown };
    if (typeof parsed.message !== "string") return null;
    return { kind: parsed.kind === "success" ? "success" : "error", message: parsed.message };
  } catch {
    return null;
  }
}
