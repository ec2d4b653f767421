"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import useSWR from "swr";
import { SectionCard } from "@/components/ui/section-card";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** One SWR key per /2.0 list the security section shows; `mutate` reloads it after a change. */
export function useCall<T>(path: string, body: Record<string, unknown> = {}) {
  const tc = useTranslations("common");
  return useSWR([path, JSON.stringify(body)], async () => {
    const envelope = await api<T>(path, body, { networkMessage: tc("networkError") });
    if (!isSuccess(envelope)) throw new Error(envelope.message);
    return envelope.data;
  });
}

/** A card of the security section, named by its heading. */
export function SecurityCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <div className="mt-4">{children}</div>
    </SectionCard>
  );
}

/** A list's loading line, its failure, or its empty text (above the list, which is then empty). */
export function ListStatus({
  isLoading,
  error,
  isEmpty,
  empty,
}: {
  isLoading: boolean;
  error?: Error;
  isEmpty: boolean;
  empty: string;
}) {
  const tc = useTranslations("common");
  return (
    <>
      {isLoading && (
        <p role="status" className="text-sm text-gray-500">
          {tc("loading")}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
      )}
      {isEmpty && <p className="text-sm text-gray-500">{empty}</p>}
    </>
  );
}
