"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { ReadOnlyValue } from "@/app/(account)/account/profile/profile-dialog";
import { useDialogForm } from "@/app/(account)/account/profile/use-dialog-form";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Field, TextInput } from "@/components/ui/field";
import type { AffiliateCustomerDto } from "@/server/affiliate/schema";
import type { PackageApp } from "@/server/package/schema";
import { activeStoreSchema } from "@/server/partner/schema";

/** What the person types; the package and the app are the call's own (SPEC §7). */
const formSchema = activeStoreSchema.pick({ email: true, phone: true, store_name: true });
type Values = { email: string; phone: string; store_name: string };

/**
 * SPEC §4 store activation: a STARTER store in the sales app for a customer who has none, paid
 * with the partner's credit. Store name (blank: the customer's full name), phone, the customer's
 * email read-only. A success toasts and is handed to the customer detail, which closes this 1 s later.
 */
export function ActivateStoreDialog({
  open,
  customer,
  appCode,
  appName,
  onClose,
  onActivated,
}: {
  open: boolean;
  customer: AffiliateCustomerDto;
  appCode: PackageApp;
  appName: string;
  onClose: () => void;
  onActivated: (message: string) => void;
}) {
  const t = useTranslations("account.partner.activateDialog");
  const tc = useTranslations("common");
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (open) setDone(false);
  }, [open]);
  const values = useMemo(
    () => ({ email: customer.email, phone: customer.phone ?? "", store_name: "" }),
    [customer.email, customer.phone],
  );
  const { form, formId, onSubmit, toast, errors, busy } = useDialogForm<Values>({
    schema: formSchema,
    values,
    open,
    path: "/partner/active-store",
    extra: { pkg_name: "STARTER", app_code: appCode },
    onSaved: (message) => {
      setDone(true);
      toast.show("success", message);
      onActivated(message);
    },
  });
  const id = formId;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("title")}
      description={t("description", { app: appName, email: customer.email })}
      wide
      toast={toast.view}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus("store_name");
      }}
      footer={
        <>
          <RadixDialog.Close asChild>
            <Button variant="secondary">{tc("cancel")}</Button>
          </RadixDialog.Close>
          <Button type="submit" form={formId} busy={busy} disabled={done}>
            {t("submit")}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field
          id={`${id}-name`}
          label={t("storeName")}
          hint={t("storeNameHint", { name: customer.fullname || customer.email })}
          error={errors.store_name?.message}
        >
          <TextInput
            id={`${id}-name`}
            autoComplete="off"
            maxLength={200}
            placeholder={customer.fullname || customer.email}
            invalid={Boolean(errors.store_name)}
            {...form.register("store_name")}
          />
        </Field>
        <Field id={`${id}-phone`} label={t("phone")} error={errors.phone?.message}>
          <TextInput
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={20}
            invalid={Boolean(errors.phone)}
            {...form.register("phone")}
          />
        </Field>
        <Field id={`${id}-email`} label={t("email")} error={errors.email?.message}>
          <ReadOnlyValue id={`${id}-email`} value={customer.email} />
        </Field>
      </form>
    </FormDialog>
  );
}
