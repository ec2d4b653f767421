import "server-only";
import { parseUserAgent } from "@/lib/user-agent";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import {
  findAllSecurityEventsOf,
  findSecurityEvents,
  insertSecurityEvent,
  type SecurityEventType,
} from "./repository";
import type { SecurityEventDto } from "./schema";

export type { SecurityEventType };

/** Writes one event of the person's security history (or of nobody known: an unknown email). */
export async function recordSecurityEvent(
  ctx: Pick<Ctx, "db" | "ip" | "userAgent">,
  userId: string | null,
  type: SecurityEventType,
  data?: Record<string, unknown>,
): Promise<void> {
  await insertSecurityEvent(ctx.db, { userId, type, ip: ctx.ip, userAgent: ctx.userAgent, data });
}

/** /user/security-events: sign-ins, failures, two-factor and password changes, sign-outs; newest first. */
export async function listSecurityEvents(
  ctx: Ctx,
  page: { limit: number; offset: number },
): Promise<{ items: SecurityEventDto[]; total: number }> {
  const { items, total } = await findSecurityEvents(ctx.db, requireAuth(ctx).user.id, page);
  const dtos = items.map((e): SecurityEventDto => {
    const agent = parseUserAgent(e.userAgent);
    return {
      id: e.id,
      type: e.type,
      ip: e.ip,
      browser: agent.browser,
      os: agent.os,
      created_at: e.createdAt.toISOString(),
      data: e.data,
    };
  });
  return { items: dtos, total };
}

/** Every event of a person's security history, oldest first (the data export). */
export function securityEventsForExport(db: Executor, userId: string) {
  return findAllSecurityEventsOf(db, userId);
}
