"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { type ApiData, api } from "@/lib/http/client";
import type { Envelope } from "@/lib/http/envelope";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors, MSG } from "@/lib/validation";
import { enable2faSchema, type TwoFaMethod } from "@/server/two-factor/schema";

/** What `/auth2-fa/enable-2fa` answers: the sign-in result (with `custom_auth`), maybe backup codes. */
export type TwoFactorDoneData = ApiData & { backup_codes?: string[]; post_message?: unknown };

/**
 * What a confirm came to. A refusal names the field it is about (`password`: shown under the
 * password; anything else: beside the code boxes), so the dialog says it in place, never in a
 * second modal (the first-impression issue).
 */
export type EnableOutcome =
  | { done: true; data: TwoFactorDoneData }
  | { done: false; message: string; field: "code" | "password"; refusal?: Pick<Envelope, "data"> };

/** SPEC §4: code 503 with `custom_auth` is the device limit, not a failure: two-factor is on. */
export function isDeviceLimit(envelope: Envelope<ApiData>): boolean {
  return envelope.code === 503 && envelope.data?.error === "DEVICE_LIMIT_EXCEEDED";
}

/**
 * The confirm step of the set-up flow: checks the code (and password) with the call's schema,
 * calls /auth2-fa/enable-2fa, and answers what happened for the dialog to show in place.
 */
export function useEnableTwoFactor(options: {
  method: TwoFaMethod;
  customAuth?: string;
  requirePassword?: boolean;
}) {
  const { method, customAuth, requirePassword } = options;
  const tc = useTranslations("common");
  const tp = useTranslations("auth.twoFactor.password");
  const { translate, label } = useValidationText();
  const codeLabel = useTranslations("auth.twoFactor.verify")("code");
  return useCallback(
    async (code: string, password: string): Promise<EnableOutcome> => {
      const labelOf = (name: string) =>
        name === "token" ? codeLabel : name === "password" ? tp("label") : label(name);
      const parsed = enable2faSchema.safeParse({
        token: code,
        method,
        custom_auth: customAuth,
        password: requirePassword ? password : undefined,
      });
      const errors = parsed.success ? {} : fieldErrors(parsed.error, translate, labelOf);
      if (requirePassword && !password) errors.password ??= translate(MSG.required, { field: tp("label") });
      if (!parsed.success || Object.keys(errors).length > 0) {
        if (errors.password) return { done: false, message: errors.password, field: "password" };
        return { done: false, message: Object.values(errors).join("\n"), field: "code" };
      }
      const envelope = await api<TwoFactorDoneData>(
        "/auth2-fa/enable-2fa",
        { ...parsed.data },
        // A device-limit stop is handled here: the backup codes are shown before going on.
        {
          networkMessage: tc("networkError"),
          on401: customAuth ? "return" : "redirect",
          keepDeviceLimit: true,
        },
      );
      if (isSuccess(envelope) || isDeviceLimit(envelope)) return { done: true, data: envelope.data };
      const passwordError = envelope.data?.fields?.password;
      if (typeof passwordError === "string" && passwordError)
        return { done: false, message: passwordError, field: "password" };
      return { done: false, message: envelope.message, field: "code", refusal: envelope };
    },
    [method, customAuth, requirePassword, tc, tp, translate, label, codeLabel],
  );
}
