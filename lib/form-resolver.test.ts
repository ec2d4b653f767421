import { readFileSync } from "node:fs";
import path from "node:path";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { catalogResolver } from "./form-resolver";
import { fieldLabeler, translator } from "./i18n";
import { MSG, newPasswordField } from "./validation";

// A form that sets a password refuses a guessable one before sending, in the words the server
// would use (server/auth/new-password.ts rates it with the same function).

/** The shape of the reset form's schema (server/user/schema.ts), which lib/ does not import. */
const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirm_password: z.string().min(1) })
  .refine((v) => v.confirm_password === v.password, {
    path: ["confirm_password"],
    error: MSG.passwordMismatch,
  });

type Values = { password: string; confirm_password: string };

const OPTIONS: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

function resetResolver(locale: "en" | "vi", person?: { fullname: string }) {
  const t = translator(locale);
  return catalogResolver<Values>(resetPasswordFormSchema, t, fieldLabeler(t), {
    field: "password",
    ...(person ? { person: () => person } : {}),
  });
}

const both = (password: string) => ({ password, confirm_password: password });

describe("catalogResolver with a new password", () => {
  it("refuses a guessable password with the reason, in the person's language", async () => {
    const enResult = await resetResolver("en")(both("Matkhau@123"), undefined, OPTIONS);
    expect(enResult.errors.password?.message).toBe(en.passwordCheck.weak);
    const viResult = await resetResolver("vi")(both("Admin@123"), undefined, OPTIONS);
    expect(viResult.errors.password?.message).toBe(vi.passwordCheck.weak);
  });

  it("passes a passphrase", async () => {
    const result = await resetResolver("en")(both("lantern otter pickle thunder"), undefined, OPTIONS);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(both("lantern otter pickle thunder"));
  });

  it("keeps the schema's own message first, and rates alongside other fields' errors", async () => {
    const short = await resetResolver("en")(both("Ab@1"), undefined, OPTIONS);
    expect(short.errors.password?.message).not.toBe(en.passwordCheck.weak);
    const mismatch = await resetResolver("en")(
      { password: "Nguyen@1990", confirm_password: "x" },
      undefined,
      OPTIONS,
    );
    expect(mismatch.errors.password?.message).toBe(en.passwordCheck.weak);
    expect(mismatch.errors.confirm_password).toBeDefined();
  });

  it("weighs the person's details as the server does", async () => {
    expect((await resetResolver("en")(both("Khiet@123456"), undefined, OPTIONS)).errors).toEqual({});
    const known = await resetResolver("en", { fullname: "Nghiêm Khiết" })(
      both("Khiet@123456"),
      undefined,
      OPTIONS,
    );
    expect(known.errors.password?.message).toBe(en.passwordCheck.weak);
  });
});

describe("every form that sets a password rates it before sending", () => {
  it.each([
    ["app/(public)/signup/signup-form.tsx", "password"],
    ["app/(public)/complete-reg/complete-reg-form.tsx", "password"],
    ["app/(public)/resetpass/resetpass-form.tsx", "password"],
    ["app/(account)/account/profile/change-password-dialog.tsx", "new_password"],
  ])("%s", (file, field) => {
    const source = readFileSync(path.join(import.meta.dirname, "..", file), "utf8");
    expect(source).toContain(`field: "${field}"`);
  });
});
