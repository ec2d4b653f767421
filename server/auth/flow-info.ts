import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { maskEmail, maskPhone } from "@/lib/mask";
import type { Ctx } from "@/server/context";
import { findUserById } from "@/server/user/service";
import {
  type FlowTokenRow,
  getCodeStatus,
  getFlow,
  getVerifyAccountFlow,
} from "@/server/verification/service";
import type { PendingSignIn } from "./finish-signin";
import type { FlowInfoDto, flowInfoSchema } from "./schema";

function masked(channel: string, destination: string): string {
  return channel === "EMAIL" ? maskEmail(destination) : maskPhone(destination);
}

/** Where the latest code went and its timers; a live flow always has one, but answers without it. */
async function codeFields(ctx: Ctx, flow: FlowTokenRow) {
  const code = await getCodeStatus(ctx, flow);
  return {
    channel: code?.channel ?? null,
    destination: code ? masked(code.channel, code.destination) : null,
    exp_time: code?.expTime ?? 0,
    resend_in: code?.resendIn ?? 0,
  };
}

/**
 * /auth/flow-info: what /verify-account, /verify-2fa and /require-enable-2fa show, found by the
 * step's token (their addresses carry no email or phone). FLOW_TOKEN_INVALID once the step is
 * used or expired. A sign-up decoy answers from its own rows, exactly as a real sign-up does.
 */
export async function getFlowInfo(ctx: Ctx, input: z.output<typeof flowInfoSchema>): Promise<FlowInfoDto> {
  if (input.step === "verify_account") {
    const flow = await getVerifyAccountFlow(ctx, input.token);
    const { channel, ...code } = await codeFields(ctx, flow);
    return {
      verify_type: channel,
      ...code,
      is_signup: (flow.data as PendingSignIn).source === "signup",
      is_verify_phone: false,
    };
  }
  const flow = await getFlow(ctx, input.token, input.step);
  const user = await findUserById(ctx, flow.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  const { channel: _channel, destination: _destination, ...code } = await codeFields(ctx, flow);
  return {
    verify_type: user.twoFaType,
    destination: user.phone ? maskPhone(user.phone) : null,
    ...code,
    is_signup: false,
    is_verify_phone: user.isVerifyPhone,
  };
}
