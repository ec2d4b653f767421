"use client";

/** Layout 2: asks the embedding page to close the frame. Carries no token, so any parent may hear it. */
export function CloseFrameButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => {
        const parentOrigin = document.referrer ? new URL(document.referrer).origin : undefined;
        if (parentOrigin && window.parent !== window)
          window.parent.postMessage({ is_close_iframe: true }, parentOrigin);
      }}
      className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-full text-xl text-gray-500 hover:bg-gray-100"
    >
      <span aria-hidden>×</span>
    </button>
  );
}
