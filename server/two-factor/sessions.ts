import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { parseUserAgent } from "@/lib/user-agent";
import { type PendingSignIn, recordEvent, resumeSignIn } from "@/server/auth/finish-signin";
import { type Ctx, requireAuth } from "@/server/context";
import { endOidcGrantOf, listOidcDevices, OIDC_DEVICE_PREFIX } from "@/server/oidc/service";
import { revokeAllSessions, revokeSessionsOf } from "@/server/session/service";
import { findUserById } from "@/server/user/repository";
import { finishFlow, getFlow } from "@/server/verification/service";
import { listDevices } from "./devices";
import { findLiveSessions, findSecurityEvents, revokeTrustedDevices } from "./repository";
import type {
  byIdSchema,
  deviceLimitSchema,
  pageSchema,
  resolveDeviceLimitSchema,
  SecurityEventDto,
} from "./schema";

/** /auth/device-limit-devices: the devices of a sign-in stopped by the device limit. */
export async function deviceLimitDevices(
  ctx: Ctx,
  input: z.output<typeof deviceLimitSchema>,
): Promise<CallResult> {
  const flow = await getFlow(ctx, input.token, "device_limit");
  const devices = await listDevices(ctx, flow.userId, { browsersOnly: true });
  return { data: { devices, limit: ctx.env.DEVICE_LIMIT } };
}

/**
 * /auth/device-limit-resolve: signs the chosen devices out (at least one, the person's own) and
 * completes the stopped sign-in; still over the limit → 503 again with a fresh token.
 */
export async function resolveDeviceLimit(
  ctx: Ctx,
  input: z.output<typeof resolveDeviceLimitSchema>,
): Promise<CallResult> {
  const flow = await getFlow(ctx, input.token, "device_limit");
  const user = await findUserById(ctx.db, flow.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  const revoked = await revokeSessionsOf(ctx, user.id, input.session_ids);
  if (revoked.length === 0) throw new AppError("DEVICE_NOT_FOUND");
  await recordEvent(ctx, user.id, "device_signed_out", { sessions: revoked.length, reason: "device_limit" });
  await finishFlow(ctx, flow);
  const pending = flow.data as PendingSignIn;
  return resumeSignIn(ctx, user, pending);
}

/** /auth/logout-all: every session of the person, product tokens included, ends in the database. */
export async function logoutAll(ctx: Ctx): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const count = await revokeAllSessions(ctx, user.id);
  await recordEvent(ctx, user.id, "signout_all", { sessions: count });
  return { data: { redirect_url: "/signin?logout=1", revoked: count }, session: { clear: true } };
}

/**
 * /user/sessions: the person's live sessions (browsers and product tokens), this one marked, then
 * the OpenID Connect clients signed in through them.
 */
export async function listSessions(ctx: Ctx): Promise<CallResult> {
  const { user, session } = requireAuth(ctx);
  const [devices, clients] = await Promise.all([
    listDevices(ctx, user.id, { currentId: session.id }),
    listOidcDevices(ctx.db, user.id, ctx.clock()),
  ]);
  return { data: { items: [...devices, ...clients] } };
}

/** /user/revoke-session: signs one of the person's sessions out (this one too, which ends it here). */
export async function revokeSession(ctx: Ctx, input: z.output<typeof byIdSchema>): Promise<CallResult> {
  const { user, session } = requireAuth(ctx);
  // An OpenID Connect client's row: its grant and tokens end, the browser stays signed in.
  if (input.id.startsWith(OIDC_DEVICE_PREFIX)) {
    if (!(await endOidcGrantOf(ctx.db, user.id, input.id, ctx.clock())))
      throw new AppError("DEVICE_NOT_FOUND");
    await recordEvent(ctx, user.id, "device_signed_out", { sessions: 0, reason: "oidc_client" });
    return { data: { id: input.id }, message: "account.devices.signedOut" };
  }
  const revoked = await revokeSessionsOf(ctx, user.id, [input.id]);
  if (revoked.length === 0) throw new AppError("DEVICE_NOT_FOUND");
  await recordEvent(ctx, user.id, "device_signed_out", { sessions: 1, reason: "profile" });
  return input.id === session.id
    ? { data: { redirect_url: "/signin?logout=1" }, session: { clear: true } }
    : { data: { id: input.id }, message: "account.devices.signedOut" };
}

/** /user/revoke-trusted-device: this session's browser asks for the second factor again. */
export async function untrustDevice(ctx: Ctx, input: z.output<typeof byIdSchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const live = await findLiveSessions(ctx.db, user.id, ctx.clock());
  const trustedId = live.find((s) => s.id === input.id)?.trustedDeviceId;
  if (!trustedId || (await revokeTrustedDevices(ctx.db, user.id, ctx.clock(), trustedId)) === 0) {
    throw new AppError("DEVICE_NOT_FOUND");
  }
  await recordEvent(ctx, user.id, "device_untrusted");
  return { data: { id: input.id }, message: "account.devices.untrusted" };
}

/** /user/security-events: sign-ins, failures, two-factor and password changes, sign-outs. */
export async function listSecurityEvents(ctx: Ctx, input: z.output<typeof pageSchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const { items, total } = await findSecurityEvents(ctx.db, user.id, input);
  const dtos: SecurityEventDto[] = items.map((e) => {
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
  return { data: { items: dtos, total } };
}
