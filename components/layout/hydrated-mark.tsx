"use client";

import { useEffect } from "react";

/**
 * Marks the page hydrated (`<html data-hydrated>`) once React has run its effects. Effects run
 * children first, so by then every screen's first data request has been sent. Tests wait on it
 * instead of a network-idle pause (tests/support/settle.ts); nothing in the app reads it.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
