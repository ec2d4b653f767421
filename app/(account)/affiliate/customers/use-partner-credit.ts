"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { PartnerCreditDto } from "@/server/partner/schema";

const PATH = "/partner/my-credit";

/** The partner's credit as the server has it now (not the session's copy), for partners only. */
export function usePartnerCredit(enabled: boolean) {
  const tc = useTranslations("common");
  return useSWR<PartnerCreditDto, Error>(
    enabled ? [PATH] : null,
    async () => {
      const envelope = await api<PartnerCreditDto>(PATH, {}, { networkMessage: tc("networkError") });
      if (!isSuccess(envelope)) throw new Error(envelope.message || tc("networkError"));
      return envelope.data;
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/**
 * Reloads what a store activation or upgrade changes (SPEC §4): the customers' store lists and
 * order lines, and the partner's credit.
 */
export function useReloadPartnerData(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    const paths = new Set([
      "/partner/list-store",
      "/partner/list-order-detail",
      "/partner/list-package",
      PATH,
    ]);
    void mutate((key) => Array.isArray(key) && paths.has(key[0]));
  }, [mutate]);
}
