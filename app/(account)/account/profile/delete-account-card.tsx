"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * Profile → Delete account: what deleting means (suspended at once, erased after the grace period,
 * financial records kept anonymously) and the button that opens the confirmation.
 */
export function DeleteAccountCard({ graceDays }: { graceDays: number }) {
  const t = useTranslations("account.deletion.card");
  const [isOpen, setOpen] = useState(false);
  return (
    <SectionCard title={t("title")} className="mt-6">
      <p className="mt-2 max-w-prose text-sm text-gray-600">{t("body", { days: graceDays })}</p>
      <div className="mt-4">
        <Button variant="danger" onClick={() => setOpen(true)} className="w-full sm:w-auto">
          {t("open")}
        </Button>
      </div>
      {isOpen && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </SectionCard>
  );
}
