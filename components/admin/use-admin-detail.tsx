"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { LoadingLine } from "@/components/ui/loading-line";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** A console detail page's state: loading, the call's refusal, or the record. */
export type DetailLoad<T> =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; detail: T };

/** One record of a console page (`/admin/<thing>/get` with its id), and a way to read it again. */
export function useAdminDetail<T>(path: string, id: string) {
  const tc = useTranslations("common");
  const [load, setLoad] = useState<DetailLoad<T>>({ kind: "loading" });
  const reload = useCallback(async () => {
    const envelope = await api<T>(path, { id }, { networkMessage: tc("networkError") });
    setLoad(
      isSuccess(envelope)
        ? { kind: "ready", detail: envelope.data }
        : { kind: "failed", message: envelope.message },
    );
  }, [path, id, tc]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { load, reload };
}

/** What a detail page shows until its record is there: the loading line, or why not and the way back. */
export function DetailPending({
  load,
  loading,
  back,
}: {
  load: Exclude<DetailLoad<unknown>, { kind: "ready" }>;
  loading: string;
  back: { href: string; label: string };
}) {
  if (load.kind === "loading") return <LoadingLine text={loading} />;
  return (
    <div className="flex flex-col items-start gap-3">
      <FormAlert message={load.message} />
      <Link href={back.href} className="text-sm text-brand-700 underline">
        {back.label}
      </Link>
    </div>
  );
}
