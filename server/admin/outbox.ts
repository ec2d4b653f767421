import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { listRange, type Page } from "@/lib/list-query";
import { maskEmail, maskPhone } from "@/lib/mask";
import { type Ctx, requireAuth } from "@/server/context";
import type { OutboxRow } from "@/server/db/tables/outbox";
import {
  dropOutboxRow,
  findOutboxRowsPage,
  lockOutboxRow,
  type MessagePayload,
  retryOutboxRow,
} from "@/server/outbox/service";
import { changedFields, type OperatorCtx, recordAudit } from "./audit";
import type { OutboxRowDto, outboxListSchema } from "./schema";

// The operator console's outbox (/admin/outbox) and `npm run admin -- outbox retry|drop`: one set
// of services, each change with its audit row. A row's payload (a message's text and codes, an
// event's data) is never shown nor audited.

function statusOf(row: OutboxRow): OutboxRowDto["status"] {
  if (row.doneAt) return "sent";
  return row.attempts >= row.maxAttempts ? "failed" : "waiting";
}

/** A message's address, masked; delivered messages keep none (server/outbox/repository.ts markDone). */
function maskedTo(row: OutboxRow): string | null {
  if (row.kind !== "message") return null;
  const to = (row.payload as Partial<MessagePayload>).message?.to;
  if (typeof to !== "string" || !to) return null;
  return to.includes("@") ? maskEmail(to) : maskPhone(to);
}

export function toOutboxDto(row: OutboxRow): OutboxRowDto {
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    channel: row.kind === "event" ? "WEBHOOK" : row.target,
    app: row.kind === "event" ? row.target : null,
    to: maskedTo(row),
    status: statusOf(row),
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    done_at: row.doneAt?.toISOString() ?? null,
  };
}

/** The fields of a row an operator's retry or drop changes or removes: never its payload. */
function auditedFields(row: OutboxRow) {
  const dto = toOutboxDto(row);
  return {
    kind: dto.kind,
    channel: dto.channel,
    app: dto.app,
    status: dto.status,
    attempts: dto.attempts,
    next_attempt_at: dto.next_attempt_at,
    last_error: dto.last_error,
  };
}

/** /admin/outbox/list: newest first, by state, channel (WEBHOOK for product events), product and days. */
export async function listOutbox(
  ctx: Ctx,
  input: z.output<typeof outboxListSchema>,
): Promise<Page<OutboxRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findOutboxRowsPage(ctx.db, {
    status: input.status,
    channel: input.channel,
    app: input.app?.toLowerCase() || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map(toOutboxDto), total: found.total };
}

/** /admin/outbox/retry: an undelivered row is due now with a fresh set of attempts. */
export async function retryOutbox(
  ctx: OperatorCtx,
  input: { id: string },
): Promise<{ row: OutboxRowDto; audit_id: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOutboxRow(tx, input.id);
    if (!row) throw new AppError("OUTBOX_ROW_NOT_FOUND");
    if (row.doneAt) throw new AppError("OUTBOX_ROW_SENT");
    const now = ctx.clock();
    if (!(await retryOutboxRow(tx, row.id, now))) throw new AppError("OUTBOX_ROW_SENT");
    const retried: OutboxRow = { ...row, attempts: 0, nextAttemptAt: now, lockedUntil: null };
    const { status, attempts, next_attempt_at } = auditedFields(row);
    const auditId = await recordAudit(tx, ctx, {
      action: "outbox.retry",
      targetType: "outbox",
      targetId: row.id,
      ...changedFields(
        { status, attempts, next_attempt_at },
        { status: "waiting", attempts: 0, next_attempt_at: now.toISOString() },
      ),
    });
    return { row: toOutboxDto(retried), audit_id: auditId };
  });
}

/** /admin/outbox/drop: the row is deleted whatever its state; the audit keeps what it was, not its payload. */
export async function dropOutbox(
  ctx: OperatorCtx,
  input: { id: string },
): Promise<{ id: string; audit_id: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOutboxRow(tx, input.id);
    if (!row || !(await dropOutboxRow(tx, row.id))) throw new AppError("OUTBOX_ROW_NOT_FOUND");
    const auditId = await recordAudit(tx, ctx, {
      action: "outbox.drop",
      targetType: "outbox",
      targetId: row.id,
      before: auditedFields(row),
      after: null,
    });
    return { id: row.id, audit_id: auditId };
  });
}
