import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { type PendingSignIn, resumeSignIn, type SignInOutcome } from "@/server/auth/finish-signin";
import { type Ctx, requireAuth } from "@/server/context";
import { endOidcGrantOf, listOidcDevices, OIDC_DEVICE_PREFIX } from "@/server/oidc/service";
import { recordSecurityEvent } from "@/server/security/service";
import { listLiveSessions, revokeAllSessions, revokeSessionsOf } from "@/server/session/service";
import { findUserById } from "@/server/user/service";
import { finishFlow, getFlow } from "@/server/verification/service";
import { listDevices } from "./devices";
import { revokeTrustedDevices } from "./repository";
import type {
  byIdSchema,
  DeviceDto,
  DeviceLimitDevicesDto,
  deviceLimitSchema,
  resolveDeviceLimitSchema,
} from "./schema";

/** /auth/device-limit-devices: the devices of a sign-in stopped by the device limit. */
export async function deviceLimitDevices(
  ctx: Ctx,
  input: z.output<typeof deviceLimitSchema>,
): Promise<DeviceLimitDevicesDto> {
  const flow = await getFlow(ctx, input.token, "device_limit");
  const devices = await listDevices(ctx, flow.userId, { browsersOnly: true });
  return { devices, limit: ctx.env.DEVICE_LIMIT };
}

/**
 * /auth/device-limit-resolve: signs the chosen devices out (at least one, the person's own) and
 * completes the stopped sign-in; still over the limit → 503 again with a fresh token.
 */
export async function resolveDeviceLimit(
  ctx: Ctx,
  input: z.output<typeof resolveDeviceLimitSchema>,
): Promise<SignInOutcome> {
  const flow = await getFlow(ctx, input.token, "device_limit");
  const user = await findUserById(ctx, flow.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  const revoked = await revokeSessionsOf(ctx, user.id, input.session_ids);
  if (revoked.length === 0) throw new AppError("DEVICE_NOT_FOUND");
  await recordSecurityEvent(ctx, user.id, "device_signed_out", {
    sessions: revoked.length,
    reason: "device_limit",
  });
  await finishFlow(ctx, flow);
  const pending = flow.data as PendingSignIn;
  return resumeSignIn(ctx, user, pending);
}

/** /auth/logout-all: every session of the person, product tokens included, ends in the database; answers how many. */
export async function logoutAll(ctx: Ctx): Promise<number> {
  const { user } = requireAuth(ctx);
  const count = await revokeAllSessions(ctx, user.id);
  await recordSecurityEvent(ctx, user.id, "signout_all", { sessions: count });
  return count;
}

/**
 * /user/sessions: the person's live sessions (browsers and product tokens), this one marked, then
 * the OpenID Connect clients signed in through them.
 */
export async function listSessions(ctx: Ctx): Promise<DeviceDto[]> {
  const { user, session } = requireAuth(ctx);
  const [devices, clients] = await Promise.all([
    listDevices(ctx, user.id, { currentId: session.id }),
    listOidcDevices(ctx.db, user.id, ctx.clock()),
  ]);
  return [...devices, ...clients];
}

/**
 * /user/revoke-session: signs one of the person's sessions out (this one too, which ends it here);
 * answers whether it was this very session.
 */
export async function revokeSession(
  ctx: Ctx,
  input: z.output<typeof byIdSchema>,
): Promise<{ isCurrent: boolean }> {
  const { user, session } = requireAuth(ctx);
  // An OpenID Connect client's row: its grant and tokens end, the browser stays signed in.
  if (input.id.startsWith(OIDC_DEVICE_PREFIX)) {
    if (!(await endOidcGrantOf(ctx.db, user.id, input.id, ctx.clock())))
      throw new AppError("DEVICE_NOT_FOUND");
    await recordSecurityEvent(ctx, user.id, "device_signed_out", { sessions: 0, reason: "oidc_client" });
    return { isCurrent: false };
  }
  const revoked = await revokeSessionsOf(ctx, user.id, [input.id]);
  if (revoked.length === 0) throw new AppError("DEVICE_NOT_FOUND");
  await recordSecurityEvent(ctx, user.id, "device_signed_out", { sessions: 1, reason: "profile" });
  return { isCurrent: input.id === session.id };
}

/** /user/revoke-trusted-device: this session's browser asks for the second factor again. */
export async function untrustDevice(ctx: Ctx, input: z.output<typeof byIdSchema>): Promise<void> {
  const { user } = requireAuth(ctx);
  const live = await listLiveSessions(ctx, user.id);
  const trustedId = live.find((s) => s.id === input.id)?.trustedDeviceId;
  if (!trustedId || (await revokeTrustedDevices(ctx.db, user.id, ctx.clock(), trustedId)) === 0) {
    throw new AppError("DEVICE_NOT_FOUND");
  }
  await recordSecurityEvent(ctx, user.id, "device_untrusted");
}
