import "server-only";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Logger } from "@/lib/logger";
import { isPasswordPersonal, PASSWORD_CHECK_KEYS, type PersonalDetails } from "@/lib/password-personal";
import { ratePassword } from "@/lib/password-strength";
import { isCommonPassword } from "./breached-passwords";
import { pwnedCount } from "./pwned-range";

/** What the check needs of a service's ctx. */
type CheckCtx = { env: Pick<Env, "PWNED_PASSWORDS_URL">; log: Pick<Logger, "warn"> };

/**
 * Why a new password that passes the rule of lib/password-rule.ts is still refused, or undefined:
 * made of the person's details, on the local list of common breached passwords, too guessable for
 * the estimator the browser's meter and forms use (lib/password-strength.ts, fed the same details),
 * or (with PWNED_PASSWORDS_URL) known to Pwned Passwords. The service being slow or down never
 * blocks anyone: after its time-out, or on any error, the local checks alone decide.
 */
export async function newPasswordRefusal(
  ctx: CheckCtx,
  password: string,
  person: PersonalDetails,
): Promise<keyof typeof PASSWORD_CHECK_KEYS | undefined> {
  if (isPasswordPersonal(password, person)) return "personal";
  if (await isCommonPassword(password)) return "common";
  if ((await ratePassword(password, person)).isTooGuessable) return "weak";
  const baseUrl = ctx.env.PWNED_PASSWORDS_URL;
  if (!baseUrl) return undefined;
  try {
    return (await pwnedCount(password, { baseUrl })) > 0 ? "breached" : undefined;
  } catch (error) {
    ctx.log.warn({ err: error }, "pwned passwords: no answer, the local list alone decided");
    return undefined;
  }
}

/**
 * Sign-up, complete registration, reset and change password: refuses the new password in `field`
 * with a field error that says why and what makes a good one (VALIDATION, 400).
 */
export async function checkNewPassword(
  ctx: CheckCtx,
  options: { password: string; field: string; person: PersonalDetails },
): Promise<void> {
  const refusal = await newPasswordRefusal(ctx, options.password, options.person);
  if (refusal)
    throw new AppError("VALIDATION", { fields: { [options.field]: PASSWORD_CHECK_KEYS[refusal] } });
}
