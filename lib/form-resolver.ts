import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { PASSWORD_CHECK_KEYS, type PersonalDetails } from "./password-personal";
import { ratePassword } from "./password-strength";
import { fieldErrors } from "./validation";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A form that sets a password: which field holds it, and whose details the estimator should know. */
export type NewPasswordCheck<T> = { field: keyof T & string; person?: (values: T) => PersonalDetails };

/**
 * A react-hook-form resolver over the call's own zod schema, with messages from the catalog:
 * the form says exactly what the server would say. With `newPassword`, a password that passes the
 * schema is also rated as the server rates it (lib/password-strength.ts) and refused when too
 * guessable — the estimator loads then, or already has with the strength meter.
 */
export function catalogResolver<T extends FieldValues>(
  schema: z.ZodType,
  translate: Translate,
  label: (name: string) => string,
  newPassword?: NewPasswordCheck<T>,
): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    const messages = result.success ? {} : fieldErrors(result.error, translate, label);
    if (newPassword && !messages[newPassword.field]) {
      const password: unknown = values[newPassword.field];
      const rating =
        typeof password === "string" && password
          ? await ratePassword(password, newPassword.person?.(values as T)).catch(() => undefined)
          : undefined;
      // The server still judges when the estimator could not load (offline): never block here.
      if (rating?.isTooGuessable) messages[newPassword.field] = translate(PASSWORD_CHECK_KEYS.weak);
    }
    if (Object.keys(messages).length === 0) return { values: values as T, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(messages).map(([name, message]) => [name, { type: "validation", message }]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };
}
