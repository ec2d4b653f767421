"use client";
import { useCallback, useRef } from "react";
import { DetailDialog } from "@/components/commerce/detail-dialog";
import type { ListDialogProps } from "@/components/list/define-list";
import { type ListContext, NONE, useListFormat } from "@/components/list/list-format";
import type { AffiliateCustomerDto } from "@/server/affiliate/schema";
import { OrdersPanel, StoresPanel } from "./customer-lists";
import { DetailTabs } from "./detail-tabs";
import { useStoreDialogs } from "./store-dialogs";

const MESSAGES = "account.partner";
const TABS = ["stores", "orders"] as const;

/** SPEC §2 customer detail: tabs Store list (activate, upgrade for partners) and Orders. */
export function CustomerDetailDialog({ row: customer, close, ctx }: ListDialogProps<AffiliateCustomerDto>) {
  const f = useListFormat(MESSAGES, ctx);
  return (
    <DetailDialog
      width="wide"
      open={customer !== null}
      onOpenChange={(open) => !open && close()}
      title={f.t("detail.title")}
      description={
        customer ? f.t("detail.description", { name: customer.fullname || NONE, email: customer.email }) : ""
      }
    >
      {customer && <CustomerDetail key={customer._id} customer={customer} ctx={ctx} />}
    </DetailDialog>
  );
}

function CustomerDetail({ customer, ctx }: { customer: AffiliateCustomerDto; ctx: ListContext }) {
  const f = useListFormat(MESSAGES, ctx);
  const box = useRef<HTMLDivElement>(null);
  // Where focus goes when a store dialog's opener is gone: the panel on screen.
  const shownPanel = useCallback(
    () => box.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])'),
    [],
  );
  const dialogs = useStoreDialogs({ customer, ctx, fallback: shownPanel });
  return (
    <div ref={box} className="flex flex-col gap-4">
      <DetailTabs names={TABS} label={f.t("tabs.label")} title={(name) => f.t(`tabs.${name}`)}>
        {(name) =>
          name === "stores" ? (
            <StoresPanel
              customer={customer}
              f={f}
              onUpgrade={dialogs.openUpgrade}
              onActivate={dialogs.openActivate}
            />
          ) : (
            <OrdersPanel customer={customer} f={f} />
          )
        }
      </DetailTabs>
      {dialogs.view}
    </div>
  );
}
