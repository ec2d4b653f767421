"use client";
import { PasswordField } from "@/components/ui/password-input";
import { PasswordStrength } from "./password-strength";

/**
 * A box for a password being set (sign-up, complete registration, reset): the labelled password
 * with show/hide, its hint or error, and the strength meter fed with the person's details.
 * /signin's own password box is components/ui/password-input.tsx, without any of this.
 */
export function NewPasswordField({
  password,
  person = {},
  ...props
}: Parameters<typeof PasswordField>[0] & {
  /** What is typed now (the form's watched value). */
  password: string;
  person?: { email?: string; fullname?: string; phone?: string };
}) {
  return (
    <div className="flex flex-col gap-1">
      <PasswordField autoComplete="new-password" {...props} />
      <PasswordStrength id={`${props.id}-strength`} password={password} person={person} />
    </div>
  );
}
