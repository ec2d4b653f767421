import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { fieldErrors } from "./validation";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A react-hook-form resolver over the call's own zod schema, with messages from the catalog:
 * the form says exactly what the server would say.
 */
export function catalogResolver<T extends FieldValues>(
  schema: z.ZodType,
  translate: Translate,
  label: (name: string) => string,
): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: values as T, errors: {} };
    const messages = fieldErrors(result.error, translate, label);
    const errors = Object.fromEntries(
      Object.entries(messages).map(([name, message]) => [name, { type: "validation", message }]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };
}
