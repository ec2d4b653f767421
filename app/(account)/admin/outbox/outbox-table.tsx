"use client";
import { useTranslations } from "next-intl";
import { ActionDialog } from "@/components/admin/action-dialog";
import { defineList } from "@/components/list/define-list";
import { NONE } from "@/components/list/list-format";
import type { ListDialogProps } from "@/components/list/list-types";
import { type OutboxRowDto, outboxListSchema, outboxPageDto } from "@/server/admin/schema";

/** Retry now, or drop for good: one dialog each, the server audits both. */
function OutboxActionDialog({
  kind,
  row,
  close,
  reload,
  toast,
}: ListDialogProps<OutboxRowDto> & { kind: "retry" | "drop" }) {
  const t = useTranslations("admin.outbox");
  if (!row) return null;
  return (
    <ActionDialog
      title={t(`${kind}Title`)}
      description={t(`${kind}Body`, { channel: row.channel, to: row.to ?? row.app ?? NONE })}
      path={`/admin/outbox/${kind}`}
      body={{ id: row.id }}
      confirm={t(kind)}
      danger={kind === "drop"}
      onClose={close}
      onDone={(message) => {
        close();
        toast("success", message);
        reload();
      }}
    />
  );
}

const RetryDialog = (props: ListDialogProps<OutboxRowDto>) => <OutboxActionDialog kind="retry" {...props} />;
const DropDialog = (props: ListDialogProps<OutboxRowDto>) => <OutboxActionDialog kind="drop" {...props} />;

/** /admin/outbox: waiting, failed and sent deliveries by channel and product; retry and drop. */
export const OutboxTable = defineList({
  call: "/admin/outbox/list",
  query: outboxListSchema,
  page: outboxPageDto,
  messages: ["admin.outbox", "admin"],
  columns: (c) => [
    c.text("channel", "channel", { card: "title" }),
    c.text("to", "to", { value: (row) => row.to ?? row.app ?? NONE, wrap: true }),
    c.text("status", "status", { value: (row, f) => f.t(`statuses.${row.status}`), card: "status" }),
    c.text("attempts", "attempts", {
      value: (row) => `${row.attempts}/${row.max_attempts}`,
      className: "tabular-nums",
    }),
    c.text("last_error", "lastError", { value: (row) => row.last_error ?? NONE, wrap: true }),
    c.date("next_attempt_at", "nextAttempt"),
    c.date("created_at", "createdAt"),
    c.menu(
      (row, f) => f.t("menuLabel", { id: row.id }),
      [
        { label: "retry", open: "retry", when: (row) => row.status !== "sent" },
        { label: "drop", open: "drop", when: (row) => row.status !== "sent", danger: true },
      ],
    ),
  ],
  filters: (f) => [
    f.select("status", { label: "statusFilter", all: "allStatuses", option: "statuses" }),
    f.select("channel", { label: "channelFilter", all: "allChannels", option: "channels" }),
  ],
  dialogs: { retry: RetryDialog, drop: DropDialog },
});
