import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/rate-limit";
import { MSG } from "@/lib/validation";
import { verifyCaptcha } from "@/server/captcha/altcha";
import type { Ctx } from "@/server/context";
import { finishFlow } from "@/server/verification/service";
import { boundFlow, requireEnabled } from "./code-signin";
import type { codeSignUpSchema } from "./code-signin-schema";
import { handoffQuery, type SignInOutcome } from "./finish-signin";
import { openAccount } from "./open-account";

/**
 * /auth/code-signup (issue 40): "no account yet?" on the code step of a sign-in by code opens one
 * for the email or phone the code sign-in started with — the person adds a name and the other
 * identifier, with no password — then proves it at /verify-account, whose code goes where the
 * sign-in's would have. The code step offers this to everyone, so it tells nothing: an email or
 * phone that has an account is answered as a new one (a decoy flow, and a notice to its owner),
 * exactly as /auth/signup answers it. The sign-in's flow is spent: one flow, one account.
 */
export async function signUpByCode(
  ctx: Ctx,
  input: z.output<typeof codeSignUpSchema>,
): Promise<SignInOutcome> {
  requireEnabled(ctx);
  if (!ctx.env.REGISTRATION_ENABLED) throw new AppError("REGISTRATION_DISABLED");
  await consume("signupIp", ctx.ip);
  if (!(await verifyCaptcha(input.captcha))) throw new AppError("CAPTCHA_INVALID");
  const { flow, data } = await boundFlow(ctx, input.token);
  const isEmail = data.channel === "EMAIL";
  const email = isEmail ? data.destination : input.email;
  const phone = isEmail ? input.phone : data.destination;
  if (!email) throw new AppError("VALIDATION", { fields: { email: MSG.required } });
  if (!phone) throw new AppError("VALIDATION", { fields: { phone: MSG.required } });
  await finishFlow(ctx, flow);
  return openAccount(ctx, {
    ...input,
    email,
    phone,
    country_code: isEmail ? input.country_code : (data.country ?? "vn"),
    verify_type: data.channel,
    passwordHash: null,
    query: { ...data.query, ...definedOnly(handoffQuery(input)) },
  });
}

/** The hand-off fields this call was sent with, over the ones the sign-in started with. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
