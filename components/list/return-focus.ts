"use client";
import { useCallback, useRef } from "react";

/**
 * Puts focus back on the control that opened a modal once it closes. Radix gives it back only to
 * its own Trigger; these modals open from row buttons, so without this focus would fall to the
 * page's start. `fallback` is used when the opener is gone (an Activate button that has done its job).
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((element: HTMLElement | null) => {
    opener.current = element;
  }, []);
  const restore = useCallback(() => {
    // After Radix has unmounted the modal and let go of focus.
    requestAnimationFrame(() => {
      const element = opener.current?.isConnected ? opener.current : fallback?.();
      element?.focus();
    });
  }, [fallback]);
  return { remember, restore };
}
