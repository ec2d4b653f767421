"use client";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { Page } from "@/lib/list-query";

/** A page of rows and the offset it was asked for (kept with the rows while the next page loads). */
export type ListPage<T> = Page<T> & { offset: number };

/**
 * One page of a /2.0 list (SPEC §7: limit, offset, filters; answer {items, total}). The previous
 * page stays on screen while the next loads; a refusal becomes an Error with the server's message.
 */
export function useList<T>(path: string, body: Record<string, string | number>) {
  const tc = useTranslations("common");
  return useSWR<ListPage<T>, Error, readonly [string, string]>(
    [path, JSON.stringify(body)] as const,
    async ([p, b]) => {
      const query = JSON.parse(b) as Record<string, unknown>;
      const envelope = await api<Page<T>>(p, query, {
        networkMessage: tc("networkError"),
      });
      if (!isSuccess(envelope)) throw new Error(envelope.message || tc("networkError"));
      return { ...envelope.data, offset: Number(query.offset ?? 0) };
    },
    // A failed list says so once (toast and error row); the person retries by changing the query.
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
