import { describe, expect, it } from "vitest";
import type { PendingTransferDto } from "@/server/checkout/schema";
import { checkoutView, isCoveredByPoints } from "./checkout-view";

const transfer: PendingTransferDto = {
  payment_id: "p1",
  reference_no: "PM1",
  points_used: 10,
  expires_at: null,
  transfer: {
    bank_name: "Vietcombank",
    bank_branch: "HCM",
    account_no: "0123456789",
    account_name: "DEMO",
    amount: 69_000,
    content: "OD260101ABCDEF",
    qr_payload: "000201",
    qr_image: "data:image/svg+xml;base64,",
  },
};

describe("checkoutView", () => {
  it("a paid order offers nothing to pay, whoever looks", () => {
    for (const status of ["PAID", "PAID_DEBIT"] as const) {
      expect(checkoutView({ status, is_owner: true, pending_transfer: null })).toBe("paid");
      expect(checkoutView({ status, is_owner: false, pending_transfer: null })).toBe("paid");
    }
  });

  it("the owner coming back to a pending transfer sees that transfer, not the method picker", () => {
    expect(checkoutView({ status: "PENDING", is_owner: true, pending_transfer: transfer })).toBe("transfer");
  });

  it("the owner with nothing opened gets the form", () => {
    expect(checkoutView({ status: "PENDING", is_owner: true, pending_transfer: null })).toBe("pay");
  });

  it("anyone else only sees the order, even if a transfer were handed over", () => {
    expect(checkoutView({ status: "PENDING", is_owner: false, pending_transfer: null })).toBe("view");
    expect(checkoutView({ status: "PENDING", is_owner: false, pending_transfer: transfer })).toBe("view");
  });
});

describe("isCoveredByPoints", () => {
  it("only when points were used and nothing is left to pay", () => {
    expect(isCoveredByPoints(79, 0)).toBe(true);
    expect(isCoveredByPoints(79, 1_000)).toBe(false);
    expect(isCoveredByPoints(0, 79_000)).toBe(false);
    // A free order without points is not "paid with points".
    expect(isCoveredByPoints(0, 0)).toBe(false);
  });
});
