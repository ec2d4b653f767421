"use client";
import { useTranslations } from "next-intl";
import type { InputHTMLAttributes } from "react";
import type { FieldErrors, Path, UseFormReturn } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import { NewPasswordField } from "./new-password-field";
import { PhoneField } from "./phone-input";

type NewAccountValues = { fullname: string; phone: string; country_code: string; password: string };

/**
 * What every new account fills in, in this order: full name, email, phone with its country, and a
 * password. The email box is the form's own (typed at sign-up, fixed when completing a social
 * sign-up); `hint` is the password rule's hint, which each form that sets a password shows.
 */
export function NewAccountFields<T extends NewAccountValues>({
  form,
  id,
  email,
  hint,
}: {
  form: UseFormReturn<T>;
  id: string;
  email: InputHTMLAttributes<HTMLInputElement> & { error?: string };
  hint: string;
}) {
  const t = useTranslations("auth.signUp");
  const errors = form.formState.errors as FieldErrors<NewAccountValues>;
  // The strength meter reads what is typed, and the person's details as words easy to guess.
  const typed = form.watch() as unknown as Partial<NewAccountValues & { email: string }>;
  const typedEmail = typeof email.value === "string" ? email.value : typed.email;
  return (
    <>
      <TextField
        id={`${id}-fullname`}
        label={t("fullname")}
        error={errors.fullname?.message}
        autoComplete="name"
        {...form.register("fullname" as Path<T>)}
      />
      <TextField id={`${id}-email`} label={t("email")} type="email" {...email} />
      <PhoneField form={form} id={`${id}-phone`} label={t("phone")} countryLabel={t("country")} />
      <NewPasswordField
        id={`${id}-password`}
        label={t("password")}
        hint={hint}
        error={errors.password?.message}
        password={typed.password ?? ""}
        person={{ email: typedEmail, fullname: typed.fullname, phone: typed.phone }}
        showLabel={t("show")}
        hideLabel={t("hide")}
        {...form.register("password" as Path<T>)}
      />
    </>
  );
}
