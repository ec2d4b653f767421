import "server-only";
import { AppError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { type IssuedSession, issuedSession } from "@/server/session/issued";
import {
  newSession,
  PORTAL_APP_CODE,
  type SecondFactorKind,
  type SignInMethod,
} from "@/server/session/service";
import {
  deviceLimitReached,
  newTrustedDevice,
  notifyNewDevice,
  trustedDeviceFor,
} from "@/server/two-factor/devices";
import { createFlow, sendCode } from "@/server/verification/service";
import { handOffAnswer, handOffEvent, signInContext } from "./hand-off";
import { writeSignIn } from "./repository";
import type { SecondFactorStepDto, SignedInDto, VerificationStepDto, VerifyType } from "./schema";
import { decideSignInResult, type SignInQuery, type SignInResult, type SignInSource } from "./signin-result";

/**
 * How a sign-in ends once the person proved who they are (SPEC §4): stopped until a code proves
 * the address, or until the second factor (both clear the session cookie), or signed in. The
 * handler turns it into the answer, the session cookie and the trusted-device cookie.
 */
export type SignInOutcome =
  | { kind: "verifyAccount"; step: VerificationStepDto }
  | { kind: "secondFactor"; step: SecondFactorStepDto }
  | {
      kind: "signedIn";
      session: IssuedSession;
      next: SignedInDto;
      /** This browser's new trusted-device token (its cookie's value), when the person asked to trust it. */
      trustedDeviceToken?: string;
    };

/** The hand-off part of a call's input (SPEC's `url_callback` is the older name of `callback_url`). */
export function handoffQuery(input: SignInQuery & { url_callback?: string }): SignInQuery {
  return {
    callback_url: input.callback_url || input.url_callback,
    app_code: input.app_code,
    client_id: input.client_id,
    path: input.path,
    iframe: input.iframe,
    parent_origin: input.parent_origin,
  };
}

/** What a step before the session (code, two-factor, device limit) keeps to finish the sign-in it stopped. */
export type PendingSignIn = {
  query?: SignInQuery;
  isNew?: boolean;
  source?: SignInSource;
  /** The person asked to trust this browser (kept through the device-limit step). */
  trustDevice?: boolean;
  /** The phone an SMS set-up code went to. */
  phone?: string;
  /** How the stopped sign-in met the second factor (kept through the device-limit step). */
  secondFactor?: SecondFactorKind;
  /** How the stopped sign-in proved who the person is (kept through the two-factor and device-limit steps). */
  method?: SignInMethod;
};

const redirectOf = (result: SignInResult) =>
  "redirectUrl" in result ? result.redirectUrl : result.callbackUrl;

/**
 * A sign-in or sign-up stopped until a code proves the address: the /verify-account step, its
 * flow token and the code's expiry. A sign-up decoy (details that already have an account)
 * answers with this very function: the two must not differ by a single key.
 */
export function verificationStep(
  ctx: Pick<Ctx, "env">,
  options: {
    query: SignInQuery;
    source: SignInSource;
    channel: VerifyType;
    token: string;
    expTime: number;
    delayed: boolean;
  },
): SignInOutcome {
  const { query, source, channel, token, expTime, delayed } = options;
  // Before the code is proved, only the channel of the person's state decides anything.
  const state = {
    isVerified: false,
    hasPhone: true,
    isNew: true,
    isRequire2fa: false,
    is2faEnabled: false,
    twoFaType: null,
    verifyType: channel,
  };
  const result = decideSignInResult(state, query, source, signInContext(ctx, { flowToken: token, expTime }));
  return {
    kind: "verifyAccount",
    step: {
      redirect_url: redirectOf(result),
      token,
      verify_type: channel,
      exp_time: expTime,
      is_not_verify: true,
      // The code could not go out at once: it waits in the outbox and may be late.
      delivery_delayed: delayed,
    },
  };
}

type FinishOptions = {
  user: UserRow;
  source: SignInSource;
  query: SignInQuery;
  isNew: boolean;
  /**
   * The second factor is already satisfied: just proved (verify-login, enabling it at sign-in,
   * device limit), or the sign-in was strong on its own (a passkey with user verification).
   */
  secondFactorDone?: boolean;
  /** How it was met, recorded on the session (the operator console asks for one proved here). */
  secondFactor?: SecondFactorKind;
  /**
   * How the person proved who they are: recorded on the session (the OpenID Connect amr and acr);
   * undefined when not known. A passkey is also named in the "signin" event.
   */
  method: SignInMethod | undefined;
  /** The person asked to trust this browser for 30 days (kept through the device-limit step). */
  trustDevice?: boolean;
};

/**
 * Turns a person who proved who they are into the SPEC §4 outcome: the next step's page, or a
 * session (and a product token for an allowed callback, its own session row).
 */
export async function finishSignIn(ctx: Ctx, options: FinishOptions): Promise<SignInOutcome> {
  const { user, source, query, isNew } = options;
  // A step started before the account was suspended for deletion (a code, the second factor, the
  // device limit) must not open a session now: only /auth/cancel-deletion restores it first.
  if (user.status === "DELETION_PENDING") throw new AppError("ACCOUNT_DELETION_PENDING");
  // A trusted browser skips the second factor once two-factor is on, except for an operator: the
  // admin scope proves it at every sign-in, so each of their sessions may open the console.
  const trustedDeviceId =
    user.twoFaEnabledAt && !options.secondFactorDone && user.scope !== "admin"
      ? await trustedDeviceFor(ctx, user)
      : undefined;
  const skipSecondFactor = Boolean(options.secondFactorDone || trustedDeviceId);
  const state = {
    isVerified: user.isVerified,
    hasPhone: Boolean(user.phone),
    isNew,
    isRequire2fa: !skipSecondFactor && (user.isRequire2fa || user.scope === "admin"),
    is2faEnabled: !skipSecondFactor && Boolean(user.twoFaEnabledAt),
    twoFaType: (user.twoFaType as "TOTP" | "SMS" | null) ?? null,
    verifyType: user.verifyType as VerifyType,
  };

  // The steps before a session (verification, two-factor) carry the query in a flow token.
  if (!state.isVerified) {
    const channel = user.verifyType as VerifyType;
    const { token, flow } = await createFlow(ctx, {
      purpose: "verify_account",
      user,
      data: { query, isNew, source } satisfies PendingSignIn,
    });
    const { expTime, delayed } = await sendCode(ctx, { flow, user, channel });
    return verificationStep(ctx, { query, source, channel, token, expTime, delayed });
  }
  if (state.is2faEnabled || state.isRequire2fa) {
    const purpose = state.is2faEnabled ? "verify_2fa" : "require_2fa";
    const { token, flow } = await createFlow(ctx, {
      purpose,
      user,
      data: { query, isNew, source, method: options.method } satisfies PendingSignIn,
      ttlSeconds: 10 * 60,
    });
    // SMS two-factor: the code goes out with the step, as for a verification code.
    const sms =
      state.is2faEnabled && state.twoFaType === "SMS"
        ? await sendCode(ctx, { flow, user, channel: "SMS" })
        : null;
    const result = decideSignInResult(state, query, source, signInContext(ctx, { flowToken: token }));
    return {
      kind: "secondFactor",
      step: {
        redirect_url: redirectOf(result),
        custom_auth: token,
        ...(sms ? { exp_time: sms.expTime } : {}),
      },
    };
  }

  const result = decideSignInResult(state, query, source, signInContext(ctx));
  return openSignedInSession(ctx, { ...options, result, trustedDeviceId });
}

/**
 * The session of a person who passed every step, and what they were asked for: a product's own
 * token for an allowed callback, a trusted browser. Written in one statement under the device
 * limit (server/auth/repository.ts); at the limit the person picks a device to sign out first.
 */
async function openSignedInSession(
  ctx: Ctx,
  options: FinishOptions & {
    result: SignInResult;
    /** The trusted-device record this browser presented, if any. */
    trustedDeviceId?: string;
  },
): Promise<SignInOutcome> {
  const { user, source, query, isNew, result } = options;
  const trust = options.trustDevice ? newTrustedDevice(ctx, user) : undefined;
  const secondFactor: SecondFactorKind | undefined =
    options.secondFactor ??
    (options.method === "passkey" ? "passkey" : options.trustedDeviceId ? "trusted_device" : undefined);
  const portal = newSession(ctx, {
    user,
    appCode: PORTAL_APP_CODE,
    trustedDeviceId: trust?.row.id ?? options.trustedDeviceId,
    secondFactor,
    signInMethod: options.method,
  });
  const product =
    result.kind === "callback"
      ? newSession(ctx, {
          user,
          appCode: result.appCode,
          parentSessionId: portal.row.id,
          signInMethod: options.method,
        })
      : undefined;
  const written = await writeSignIn(ctx.db, {
    userId: user.id,
    now: ctx.clock(),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    limit: { appCode: PORTAL_APP_CODE, devices: ctx.env.DEVICE_LIMIT },
    // A new account's first browser is not news to anyone.
    agentToLookFor: !isNew && ctx.userAgent ? ctx.userAgent.slice(0, 500) : undefined,
    sessions: product ? [portal.row, product.row] : [portal.row],
    events: [
      { source, app_code: PORTAL_APP_CODE, ...(options.method === "passkey" ? { method: "passkey" } : {}) },
      ...(result.kind === "callback" ? [handOffEvent(source, result.appCode)] : []),
    ],
    trustedDevice: trust?.row,
  });
  if (!written.opened) {
    throw await deviceLimitReached(ctx, {
      user,
      data: {
        query,
        isNew,
        source,
        trustDevice: options.trustDevice,
        secondFactor,
        method: options.method,
      } satisfies PendingSignIn,
      method: source,
      appCode: result.kind === "callback" ? result.appCode : undefined,
    });
  }
  if (!written.isKnownAgent) await notifyNewDevice(ctx, user);
  return {
    kind: "signedIn",
    session: issuedSession(portal.token, user, Boolean(query.iframe)),
    next: handOffAnswer(ctx, { user, result, query, productToken: product?.token }),
    ...(trust ? { trustedDeviceToken: trust.token } : {}),
  };
}

/** Finishes a sign-in a flow step stopped, once the person proved the second factor (or freed a device). */
export function resumeSignIn(
  ctx: Ctx,
  user: UserRow,
  pending: PendingSignIn,
  options: { clientId?: string; trustDevice?: boolean; secondFactor?: SecondFactorKind } = {},
): Promise<SignInOutcome> {
  return finishSignIn(ctx, {
    user,
    source: pending.source ?? "signin",
    query: { ...pending.query, client_id: options.clientId ?? pending.query?.client_id },
    isNew: Boolean(pending.isNew),
    secondFactorDone: true,
    secondFactor: options.secondFactor ?? pending.secondFactor,
    method: pending.method,
    trustDevice: options.trustDevice ?? Boolean(pending.trustDevice),
  });
}
