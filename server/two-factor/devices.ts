import "server-only";
import { AppError } from "@/lib/errors";
import { formatIp, formatListDateTime } from "@/lib/format";
import { translator } from "@/lib/i18n";
import { newId, newToken, sha256 } from "@/lib/ids";
import { toLocale } from "@/lib/locales";
import { parseUserAgent } from "@/lib/user-agent";
import type { Ctx } from "@/server/context";
import type { SessionRow } from "@/server/db/tables/sessions";
import type { TrustedDeviceRow } from "@/server/db/tables/two-factor";
import type { UserRow } from "@/server/db/tables/users";
import { deliver } from "@/server/notify/deliver";
import { listLiveSessions, PORTAL_APP_CODE } from "@/server/session/service";
import { createFlow } from "@/server/verification/service";
import { findLiveTrustedDevice, liveTrustedDeviceIds, revokeTrustedDevices } from "./repository";
import type { DeviceDto } from "./schema";

/** The httpOnly cookie of a browser trusted to skip the second factor. */
export const TRUSTED_DEVICE_COOKIE = "TRUSTED_DEVICE";
export const TRUST_DAYS = 30;
const DEVICE_FLOW_TTL_SECONDS = 10 * 60;

/** This browser's trusted-device record for `user`, when its cookie is live. */
export async function trustedDeviceFor(ctx: Ctx, user: UserRow): Promise<string | undefined> {
  const token = ctx.cookies[TRUSTED_DEVICE_COOKIE];
  if (!token || token.length > 200) return undefined;
  return (await findLiveTrustedDevice(ctx.db, user.id, sha256(token), ctx.clock()))?.id;
}

/**
 * This browser remembered for 30 days, not yet stored (the sign-in stores it with its session):
 * the record, which keeps only the hash, and the token its cookie carries.
 */
export function newTrustedDevice(
  ctx: Pick<Ctx, "clock" | "ip" | "userAgent">,
  user: UserRow,
): { token: string; row: Omit<TrustedDeviceRow, "revokedAt"> } {
  const token = newToken();
  const createdAt = ctx.clock();
  const expiresAt = new Date(createdAt.getTime() + TRUST_DAYS * 24 * 60 * 60 * 1000);
  const row = {
    id: newId(),
    userId: user.id,
    tokenHash: sha256(token),
    userAgent: ctx.userAgent.slice(0, 500),
    ip: ctx.ip,
    createdAt,
    expiresAt,
  };
  return { token, row };
}

export function toDeviceDto(
  session: SessionRow,
  currentId: string | undefined,
  trusted: Set<string>,
): DeviceDto {
  const agent = parseUserAgent(session.userAgent);
  return {
    id: session.id,
    device: agent.device,
    browser: agent.browser,
    os: agent.os,
    ip: session.ip,
    app_code: session.appCode,
    created_at: session.createdAt.toISOString(),
    last_active: session.lastSeenAt.toISOString(),
    is_current: session.id === currentId,
    is_trusted: Boolean(session.trustedDeviceId && trusted.has(session.trustedDeviceId)),
  };
}

/** The person's live sessions as devices (all apps, or the portal's browsers only). */
export async function listDevices(
  ctx: Ctx,
  userId: string,
  options: { currentId?: string; browsersOnly?: boolean } = {},
): Promise<DeviceDto[]> {
  const [rows, trusted] = await Promise.all([
    listLiveSessions(ctx, userId, options.browsersOnly ? PORTAL_APP_CODE : undefined),
    liveTrustedDeviceIds(ctx.db, userId, ctx.clock()),
  ]);
  return rows.map((row) => toDeviceDto(row, options.currentId, trusted));
}

/**
 * DESIGN §4: at most DEVICE_LIMIT live browser sessions per person. The sign-in that would open
 * one more (its statement counted them and wrote nothing) answers code 503 with the devices and a
 * token for /device-limit-exceeded, where the person signs out at least one and the sign-in
 * completes. Product tokens handed to sibling products ride on a browser's sign-in and do not
 * count as devices. Answers the error for the caller to throw.
 */
export async function deviceLimitReached(
  ctx: Ctx,
  options: { user: UserRow; data: Record<string, unknown>; method: string; appCode?: string },
): Promise<AppError> {
  const devices = await listDevices(ctx, options.user.id, { browsersOnly: true });
  const { token } = await createFlow(ctx, {
    purpose: "device_limit",
    user: options.user,
    data: options.data,
    ttlSeconds: DEVICE_FLOW_TTL_SECONDS,
  });
  const params = new URLSearchParams({ token, method: options.method });
  if (options.appCode) params.set("app_code", options.appCode);
  return new AppError("DEVICE_LIMIT_EXCEEDED", {
    params: { limit: ctx.env.DEVICE_LIMIT },
    data: { devices, token, limit: ctx.env.DEVICE_LIMIT, redirect_url: `/device-limit-exceeded?${params}` },
  });
}

/** Which browser, system, address and time a security mail names (new device, operator's second factor). */
export function deviceMailParams(
  ctx: Pick<Ctx, "clock" | "ip" | "userAgent">,
  user: UserRow,
): { browser: string; os: string; ip: string; time: string } {
  const agent = parseUserAgent(ctx.userAgent);
  return {
    browser: agent.browser,
    os: agent.os,
    // Never a raw socket form ("::ffff:…") or "unknown" in a person's mail.
    ip: formatIp(ctx.ip),
    // lib/format's numbers-only date: no month names CLDR lacks, Latin digits in every language.
    time: formatListDateTime(ctx.clock(), user.timezone),
  };
}

/**
 * An email in the person's language about a sign-in from a browser never seen before (the
 * sign-in's statement tells, server/auth/repository.ts). A mail that cannot go out is only logged.
 */
export async function notifyNewDevice(ctx: Ctx, user: UserRow): Promise<void> {
  const lang = toLocale(user.language);
  const t = translator(lang);
  const params = deviceMailParams(ctx, user);
  try {
    await deliver(
      {
        channel: "EMAIL",
        to: user.email,
        lang,
        subject: t("notify.newDevice.subject"),
        text: t("notify.newDevice.email", params),
        template: "new_device",
        params,
        // A warning about a sign-in is only worth sending that day.
      },
      { retryUntil: new Date(ctx.clock().getTime() + 24 * 3_600_000) },
    );
  } catch (error) {
    // A warning mail that cannot go out must not stop the sign-in.
    ctx.log.warn({ err: error }, "new-device mail not sent");
  }
}

/** Every trusted browser of the person asks for the second factor again (after a password change). */
export async function forgetTrustedDevices(ctx: Pick<Ctx, "db" | "clock">, userId: string): Promise<void> {
  await revokeTrustedDevices(ctx.db, userId, ctx.clock());
}
