"use client";
import { useTranslations } from "next-intl";
import { Field, inputClass } from "@/components/ui/field";
import { updateAffiliateInfoSchema } from "@/server/user/schema";
import { ProfileDialog } from "./profile-dialog";
import { useDialogForm } from "./use-dialog-form";

type Values = { payment_info: string };
const EMPTY: Values = { payment_info: "" };

/**
 * SPEC §2/§5 joining the affiliate programme: the payment information is required ('Payment
 * infomation cannot null'); `/affilate/create` makes the person an affiliate.
 */
export function JoinAffiliateDialog({
  open,
  onOpenChange,
  onJoined,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onJoined: (message: string) => void;
}) {
  const t = useTranslations("account.affiliate");
  const { form, formId, onSubmit, toast, errors, busy } = useDialogForm<Values>({
    schema: updateAffiliateInfoSchema,
    values: EMPTY,
    open,
    path: "/affilate/create",
    onSaved: onJoined,
  });
  const id = formId;
  const invalid = Boolean(errors.payment_info);
  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("joinTitle")}
      description={t("joinDescription")}
      formId={formId}
      busy={busy}
      submitLabel={t("joinSubmit")}
      toast={toast.view}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus("payment_info");
      }}
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <Field
          id={`${id}-payment`}
          label={t("paymentInfo")}
          hint={t("paymentHint")}
          error={errors.payment_info?.message}
        >
          <textarea
            id={`${id}-payment`}
            rows={4}
            maxLength={2000}
            required
            placeholder={t("paymentPlaceholder")}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-payment-error` : undefined}
            className={`${inputClass(invalid)} resize-y`}
            {...form.register("payment_info")}
          />
        </Field>
      </form>
    </ProfileDialog>
  );
}
