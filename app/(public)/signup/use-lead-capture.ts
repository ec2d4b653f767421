"use client";
import { useCallback, useRef } from "react";
import type { LeadCaptureInput } from "@/server/lead/schema";

const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** SPEC §9: a random 10-character id shared by a form's partial and final sends. */
function newDataKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join("");
}

type Lead = { fullname?: string; email?: string; phone?: string };

/**
 * Reports the sign-up as a lead (SPEC §3/§7): partial (1) when the email is left or a Vietnamese
 * phone becomes valid, final (2) at submit. Fire-and-forget: it never blocks or fails the form.
 */
export function useLeadCapture() {
  const dataKey = useRef<string>(undefined);
  const lastSent = useRef("");
  return useCallback((status: 1 | 2, lead: Lead) => {
    dataKey.current ??= newDataKey();
    const signature = `${status}|${lead.fullname ?? ""}|${lead.email ?? ""}|${lead.phone ?? ""}`;
    if (signature === lastSent.current) return;
    lastSent.current = signature;
    const query = new URLSearchParams(window.location.search);
    const body: LeadCaptureInput = {
      status_send: status,
      data_key: dataKey.current,
      ...lead,
      url_page: window.location.href.slice(0, 2000),
      utm_source: query.get("utm_source") ?? undefined,
      utm_medium: query.get("utm_medium") ?? undefined,
      utm_campaign: query.get("utm_campaign") ?? undefined,
      utm_term: query.get("utm_term") ?? undefined,
      utm_content: query.get("utm_content") ?? undefined,
    };
    void fetch("/2.0/lead/capture", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => {});
  }, []);
}
