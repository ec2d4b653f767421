"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ListContext } from "@/components/list/list-format";
import { useReturnFocus } from "@/components/list/return-focus";
import { useToast } from "@/components/ui/toast";
import { appName } from "@/lib/apps";
import type { AffiliateCustomerDto } from "@/server/affiliate/schema";
import type { PackageApp } from "@/server/package/schema";
import type { StoreDto } from "@/server/partner/schema";
import { ActivateStoreDialog } from "./activate-store-dialog";
import { UpgradeStoreDialog } from "./upgrade-store-dialog";
import { useReloadPartnerData } from "./use-partner-credit";

/** SPEC §2: the sales app, where a partner may activate a store for a customer who has none. */
export const SALES_APP: PackageApp = "ls";
/** SPEC §4: the modal closes 1 s after a success; the lists and the credit follow at 1.5 s. */
const CLOSE_AFTER_MS = 1000;
const REFRESH_AFTER_MS = 1500;

/** The control that asked for a dialog: focus goes back to it when the dialog closes. */
type Opener = HTMLElement;

/**
 * A partner's store dialogs in the customer detail (SPEC §4): upgrade a store, activate the
 * customer's sales-app store. `openUpgrade` and `openActivate` are stable (the store table's
 * buttons are rebuilt when they change); `view` holds the dialogs and their toasts. Focus returns
 * to the opener, or to `fallback` when it is gone (an Activate button that has done its job).
 */
export function useStoreDialogs({
  customer,
  ctx,
  fallback,
}: {
  customer: AffiliateCustomerDto;
  ctx: ListContext;
  fallback: () => HTMLElement | null | undefined;
}) {
  const toast = useToast();
  const reload = useReloadPartnerData();
  const [upgrading, setUpgrading] = useState<StoreDto | null>(null);
  const [activating, setActivating] = useState(false);
  const { remember, restore } = useReturnFocus(fallback);
  const openUpgrade = useCallback(
    (_dialog: string, store: StoreDto, opener: Opener | null) => {
      remember(opener);
      setUpgrading(store);
    },
    [remember],
  );
  const openActivate = useCallback(
    (opener: Opener) => {
      remember(opener);
      setActivating(true);
    },
    [remember],
  );

  // SPEC §4 timings, cancelled if the detail closes first.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const after = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };
  const closeUpgrade = () => {
    setUpgrading(null);
    restore();
  };
  const closeActivate = () => {
    setActivating(false);
    restore();
  };

  const view = (
    <>
      {ctx.isPartner && (
        <>
          <UpgradeStoreDialog
            key={upgrading?._id ?? "closed"}
            store={upgrading}
            onClose={closeUpgrade}
            onUpgraded={(message) => {
              after(CLOSE_AFTER_MS, () => {
                closeUpgrade();
                toast.show("success", message);
              });
              after(REFRESH_AFTER_MS, reload);
            }}
          />
          <ActivateStoreDialog
            open={activating}
            customer={customer}
            appCode={SALES_APP}
            appName={appName(SALES_APP, ctx.appNames)}
            onClose={closeActivate}
            onActivated={(message) => {
              after(CLOSE_AFTER_MS, () => {
                closeActivate();
                toast.show("success", message);
                reload();
              });
            }}
          />
        </>
      )}
      {toast.view}
    </>
  );
  return { openUpgrade, openActivate, view };
}
