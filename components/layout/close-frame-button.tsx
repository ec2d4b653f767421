"use client";
import { parentOrigin } from "@/lib/http/client";

/** Layout 2: asks the embedding page to close the frame. Carries no token, so any parent may hear it. */
export function CloseFrameButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => {
        // Not the referrer: a strict referrer policy hides it, and a later step's referrer is the portal.
        const origin = parentOrigin();
        if (origin) window.parent.postMessage({ is_close_iframe: true }, origin);
      }}
      className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-full text-xl text-gray-500 hover:bg-gray-100"
    >
      <span aria-hidden>×</span>
    </button>
  );
}
