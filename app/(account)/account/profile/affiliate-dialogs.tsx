"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { Field, inputClass, TextInput } from "@/components/ui/field";
import { changeAffiliateCodeSchema, updateAffiliateInfoSchema } from "@/server/user/schema";
import { ProfileDialog, ReadOnlyValue } from "./profile-dialog";
import { useDialogForm } from "./use-dialog-form";

export type CodeKind = "builder" | "flow";

const CODE_PATHS: Record<CodeKind, string> = {
  builder: "/user/change-affilate-code",
  flow: "/user/change-flow-affilate-code",
};

type CodeValues = { affilate_code: string };

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (message: string) => void;
};

/** SPEC §5 change affiliate code / flow-app affiliate code: 2–45, unique (the server says when taken). */
export function AffiliateCodeDialog({
  open,
  onOpenChange,
  kind,
  current,
  onSaved,
}: DialogProps & { kind: CodeKind; current: string }) {
  const t = useTranslations("account.affiliate");
  const values = useMemo(() => ({ affilate_code: current }), [current]);
  const { form, formId, onSubmit, toast, errors, busy } = useDialogForm<CodeValues>({
    schema: changeAffiliateCodeSchema,
    values,
    open,
    path: CODE_PATHS[kind],
    onSaved,
    onError: (envelope) => {
      if (envelope.data?.error !== "CODE_TAKEN") return false;
      // The envelope's message names the code; the field's copy of it cannot.
      form.setError("affilate_code", { type: "server", message: envelope.message });
      return true;
    },
  });
  const id = formId;

  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(kind === "builder" ? "codeTitle" : "flowCodeTitle")}
      description={t("codeDescription")}
      formId={formId}
      busy={busy}
      toast={toast.view}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus("affilate_code", { shouldSelect: true });
      }}
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <Field
          id={`${id}-code`}
          label={t(kind === "builder" ? "code" : "flowCode")}
          hint={t("codeHint")}
          error={errors.affilate_code?.message}
        >
          <TextInput
            id={`${id}-code`}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={45}
            invalid={Boolean(errors.affilate_code)}
            {...form.register("affilate_code")}
          />
        </Field>
      </form>
    </ProfileDialog>
  );
}

type PaymentValues = { payment_info: string };
const NO_PAYMENT_INFO: PaymentValues = { payment_info: "" };

/**
 * SPEC §2 affiliate payment info: the read-only referral link and free-text payment details.
 * Without them, joining the programme (JoinAffiliateDialog).
 */
export function PaymentInfoDialog({
  open,
  onOpenChange,
  referralUrl,
  paymentInfo,
  onSaved,
}: DialogProps & { referralUrl?: string; paymentInfo?: string }) {
  const t = useTranslations("account.affiliate");
  const joining = referralUrl === undefined;
  const values = useMemo(
    () => (joining ? NO_PAYMENT_INFO : { payment_info: paymentInfo ?? "" }),
    [joining, paymentInfo],
  );
  const { form, formId, onSubmit, toast, errors, busy } = useDialogForm<PaymentValues>({
    schema: updateAffiliateInfoSchema,
    values,
    open,
    path: joining ? "/affilate/create" : "/affilate/update-my-info",
    onSaved,
  });
  const id = formId;
  const invalid = Boolean(errors.payment_info);
  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(joining ? "joinTitle" : "paymentTitle")}
      description={t(joining ? "joinDescription" : "paymentDescription")}
      formId={formId}
      busy={busy}
      submitLabel={joining ? t("joinSubmit") : undefined}
      toast={toast.view}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus("payment_info");
      }}
    >
      <form
        id={formId}
        noValidate
        onSubmit={onSubmit}
        className={joining ? undefined : "flex flex-col gap-4"}
      >
        {!joining && (
          <Field id={`${id}-link`} label={t("referralLink")}>
            <ReadOnlyValue id={`${id}-link`} value={referralUrl} />
          </Field>
        )}
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
            required={joining}
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

/**
 * SPEC §2/§5 joining the affiliate programme: the payment information is required ('Payment
 * infomation cannot null'); `/affilate/create` makes the person an affiliate.
 */
export function JoinAffiliateDialog({
  onJoined,
  ...props
}: Omit<DialogProps, "onSaved"> & { onJoined: DialogProps["onSaved"] }) {
  return <PaymentInfoDialog {...props} onSaved={onJoined} />;
}
