"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { takeStored, writeStored } from "@/lib/browser-storage";

export type ToastKind = "error" | "success";
type Toast = { id: number; kind: ToastKind; message: string };

/** SPEC §8/§9: toasts at the bottom-left for 5 s; errors red. */
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
    <div
      aria-live="assertive"
      className="pointer-events-none fixed bottom-4 left-4 z-50 max-w-[calc(100%-2rem)]"
    >
      {toast && (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto whitespace-pre-line rounded-lg px-4 py-3 text-sm text-white shadow-lg ${
            toast.kind === "error" ? "bg-red-600" : "bg-green-600"
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
