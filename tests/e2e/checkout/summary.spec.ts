import { expect, test } from "@playwright/test";
import { productOrder, signInDemo } from "../../support/e2e";

// Issue 39, point 2: the checkout's other half is the order summary (lines, points, total), as a
// hosted checkout shows it: beside the form on a desktop, above it on a phone. No sign-in panel.

for (const [device, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`the order summary sits ${device === "desktop" ? "beside" : "above"} the form at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const storeName = `Summary Shop ${device}`;
    const order = await productOrder(request, storeName);
    await signInDemo(page, "en");
    await page.goto(order.checkout_url);

    const summary = page.getByTestId("order-summary");
    await expect(summary.getByRole("heading", { name: "Summary" })).toBeVisible();
    await expect(summary.getByTestId("checkout-items")).toContainText(storeName);
    await expect(summary.getByTestId("total")).toHaveText(/₫|VND/);
    await expect(summary.getByTestId("points-used")).toBeVisible();
    await expect(summary.getByTestId("due")).toBeVisible();
    // The sign-in landing panel is not part of a checkout.
    await expect(page.locator('iframe[src="/login-embed"]')).toHaveCount(0);

    const box = await summary.boundingBox();
    const account = await page.getByTestId("account-email").boundingBox();
    const confirm = await page.getByTestId("confirm").boundingBox();
    if (!box || !account || !confirm) throw new Error("summary, account or confirm not laid out");
    if (device === "desktop") {
      // Its own column to the right of the form, level with it.
      expect(box.x).toBeGreaterThanOrEqual(confirm.x + confirm.width);
      expect(box.x).toBeGreaterThanOrEqual(account.x + account.width);
      expect(box.y).toBeLessThan(confirm.y);
      expect(box.y + box.height).toBeGreaterThan(account.y);
    } else {
      // Above the form, in the same column.
      expect(box.y + box.height).toBeLessThanOrEqual(account.y);
      expect(Math.abs(box.x - account.x)).toBeLessThan(40);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
  });
}
