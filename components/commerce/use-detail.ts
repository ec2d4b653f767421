"use client";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/**
 * One record of a detail modal (`/order/detail`, `/payment/detail`, body {id}); nothing is asked
 * while `id` is null. A refusal becomes an Error with the server's message.
 */
export function useDetail<T>(path: string, id: string | null) {
  const tc = useTranslations("common");
  return useSWR<T, Error>(
    id ? [path, id] : null,
    async ([p, value]: [string, string]) => {
      const envelope = await api<T>(p, { id: value }, { networkMessage: tc("networkError") });
      if (!isSuccess(envelope)) throw new Error(envelope.message || tc("networkError"));
      return envelope.data;
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
