"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SectionCard, Tile } from "@/components/ui/section-card";
import { useToast } from "@/components/ui/toast";
import type { AffiliateInfoDto } from "@/server/user/schema";
import {
  AffiliateCodeDialog,
  type CodeKind,
  JoinAffiliateDialog,
  PaymentInfoDialog,
} from "./affiliate-dialogs";

/** /affilate/my-affilate-info's affilateInfo (null for someone not in the programme). */
export type AffiliateInfo = NonNullable<AffiliateInfoDto["affilateInfo"]>;

type Dialog = CodeKind | "payment" | "join" | null;

/**
 * SPEC §2 affiliate part of the profile. Affiliates see their level, their affiliate code and
 * flow-app code with the buttons to change them, their customers and payment information; anyone
 * else sees only the join prompt (joining asks for the payment information): no code controls
 * for a programme they are not in (first impression 14).
 */
export function AffiliateCard({ code, affiliate }: { code: string; affiliate: AffiliateInfo | null }) {
  const t = useTranslations("account.affiliate");
  const router = useRouter();
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);

  const saved = (message: string) => {
    setDialog(null);
    toast.show("success", message);
    router.refresh();
  };

  const codes: { kind: CodeKind; label: string; value: string | null; action: string }[] = affiliate
    ? [
        { kind: "builder", label: t("code"), value: code, action: t("changeCode") },
        { kind: "flow", label: t("flowCode"), value: affiliate.flow_code, action: t("changeFlowCode") },
      ]
    : [];

  return (
    <SectionCard
      id="affiliate"
      title={t("title")}
      className="mt-6 scroll-mt-20"
      aside={
        affiliate && (
          <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            {t("level", { level: affiliate.level })}
          </span>
        )
      }
    >
      {codes.length > 0 && (
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
          {codes.map((c) => (
            <Tile key={c.kind} label={c.label} className="flex flex-col gap-2">
              <dd
                className="break-all font-mono font-medium text-gray-900"
                data-testid={`affiliate-code-${c.kind}`}
              >
                {c.value || t("notSet")}
              </dd>
              <dd>
                <Button variant="secondary" onClick={() => setDialog(c.kind)}>
                  {c.action}
                </Button>
              </dd>
            </Tile>
          ))}
        </dl>
      )}
      {affiliate ? (
        <div className="mt-4 rounded-lg border border-gray-200 p-4">
          <p className="text-sm text-gray-700">
            {t("customers", { count: affiliate.customer_count, purchased: affiliate.purchased_count })}
          </p>
          <h3 className="mt-3 text-sm font-medium text-gray-700">{t("paymentInfo")}</h3>
          <p
            className="mt-1 whitespace-pre-line break-words text-sm text-gray-900"
            data-testid="payment-info"
          >
            {affiliate.payment_info || <span className="text-gray-500">{t("paymentEmpty")}</span>}
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => setDialog("payment")}>
            {t("editPayment")}
          </Button>
        </div>
      ) : (
        <div
          className="mt-4 flex flex-col gap-3 rounded-lg bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="affiliate-join"
        >
          <div className="text-sm text-gray-800">
            <p>{t("joinPrompt")}</p>
            <a href="/affiliate" className="mt-1 inline-block font-medium text-brand-700 underline">
              {t("aboutProgramme")}
            </a>
          </div>
          <Button className="shrink-0" onClick={() => setDialog("join")}>
            {t("join")}
          </Button>
        </div>
      )}
      {/* Mounted only while open: every render of the page (the server's too) skips their forms. */}
      {affiliate && (dialog === "builder" || dialog === "flow") && (
        <AffiliateCodeDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          kind={dialog}
          current={dialog === "flow" ? (affiliate.flow_code ?? "") : code}
          onSaved={saved}
        />
      )}
      {!affiliate && dialog === "join" && (
        <JoinAffiliateDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onJoined={() => saved(t("joined"))}
        />
      )}
      {affiliate && dialog === "payment" && (
        <PaymentInfoDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          referralUrl={affiliate.referral_url}
          paymentInfo={affiliate.payment_info}
          onSaved={saved}
        />
      )}
      {toast.view}
    </SectionCard>
  );
}
