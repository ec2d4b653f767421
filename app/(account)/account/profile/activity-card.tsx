"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatIp, formatListDateTime } from "@/lib/format";
import type { SecurityEventDto } from "@/server/security/schema";
import { ListStatus, SecurityCard, useCall } from "./security-card";

const PAGE = 10;

/** Recent security events of the account, ten at a time, newest first. */
export function ActivityCard({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.activity");
  const [offset, setOffset] = useState(0);
  const { data, error, isLoading } = useCall<{ items: SecurityEventDto[]; total: number }>(
    "/user/security-events",
    { limit: PAGE, offset },
  );
  const label = (type: string) => (t.has(`type.${type}` as never) ? t(`type.${type}` as never) : type);
  return (
    <SecurityCard title={t("title")}>
      <ListStatus isLoading={isLoading} error={error} isEmpty={data?.items.length === 0} empty={t("empty")} />
      <ul className="flex flex-col divide-y divide-gray-100">
        {data?.items.map((event) => (
          <li key={event.id} className="py-2 text-sm">
            <p className="font-medium text-gray-900">{label(event.type)}</p>
            <p className="text-gray-500">
              {/* lib/format's table date (DD/MM/YYYY HH:mm): the same on the server and in the browser. */}
              {formatListDateTime(event.created_at, timeZone)} ·{" "}
              {t("where", { browser: event.browser, os: event.os, ip: formatIp(event.ip) })}
            </p>
          </li>
        ))}
      </ul>
      {data && data.total > PAGE && (
        <nav aria-label={t("pages")} className="mt-3 flex items-center justify-between text-sm text-gray-600">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            {t("newer")}
          </Button>
          <span>
            {t("range", { from: offset + 1, to: Math.min(offset + PAGE, data.total), total: data.total })}
          </span>
          <Button
            variant="secondary"
            disabled={offset + PAGE >= data.total}
            onClick={() => setOffset(offset + PAGE)}
          >
            {t("older")}
          </Button>
        </nav>
      )}
    </SecurityCard>
  );
}
