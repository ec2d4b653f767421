import { expect, type Locator, test } from "@playwright/test";
import { signInDemo } from "../../support/e2e";

// The partner half of issue 11 (SPEC §2 customer detail, §4 timings, §9 credit formula) over the
// demo seed: the demo partner activates a sales-app store for demo-friend-4 (who has none) and
// upgrades it with partner credit. It spends the demo's credit and adds to its credit log, so it
// lives apart from affiliate.spec.ts and runs after lists.spec.ts, which counts that log.

/** "Your partner credit: 1,172.00" → 1172 */
const amount = async (locator: Locator) =>
  Number(((await locator.textContent()) ?? "").replace(/[^\d.]/g, ""));

test("a partner activates a sales-app store for a customer without one, then upgrades it with credit", async ({
  page,
}) => {
  await signInDemo(page, "en");
  await page.goto("/affiliate/customers");
  await page.getByRole("button", { name: "Open the details of demo-friend-4@example.com" }).click();
  const detail = page.getByRole("dialog", { name: "Customer detail" });
  await expect(detail).toContainText("Quang Pham");
  const credit = detail.getByTestId("partner-credit");
  await expect(credit).toHaveText(/\d\.\d{2}$/);
  const before = await amount(credit);

  // No sales-app store: the Activate button shows for the sales app only.
  await expect(detail.getByRole("button", { name: "Activate sales app" })).toHaveCount(0);
  await detail.getByLabel("Application").selectOption("ls");
  const stores = detail.getByRole("table", { name: "Stores of demo-friend-4@example.com" });
  await expect(stores.getByRole("cell", { name: "No data" })).toBeVisible();
  await expect(detail).toContainText("This customer has no Sales app store yet.");
  await detail.getByRole("button", { name: "Activate sales app" }).click();

  // Store name left blank: the customer's full name; phone; the customer's email read-only.
  const activate = page.getByRole("dialog", { name: "Activate sales app" });
  await expect(activate).toBeVisible();
  await expect(activate.getByLabel("Store name")).toBeFocused();
  await expect(activate).toContainText("Leave blank to use the customer's name: Quang Pham");
  await expect(activate.getByLabel("Email")).toHaveValue("demo-friend-4@example.com");
  await expect(activate.getByLabel("Email")).toHaveAttribute("readonly", "");
  await activate.getByLabel("Phone").fill("0901234567");
  await activate.getByRole("button", { name: "Activate", exact: true }).click();
  // SPEC §4: a toast, the modal closes after 1 s, the store list reloads.
  await expect(page.getByRole("status").filter({ hasText: "Store activated" }).first()).toBeVisible();
  await expect(activate).toBeHidden({ timeout: 3_000 });
  const store = stores.locator("tbody tr").filter({ hasText: "Quang Pham" });
  await expect(store).toHaveCount(1);
  await expect(store).toContainText("Starter");
  await expect(detail.getByRole("button", { name: "Activate sales app" })).toHaveCount(0);
  // STARTER of the sales app: floor(79 000 × 50 % / 1000) = 39 credit (SPEC §9).
  await expect.poll(() => amount(credit)).toBe(before - 39);

  // Upgrade: the offered packages (the current one first, a renewal), the first one above it
  // chosen (an upgrade), the credit recomputed on change.
  await store.getByRole("button", { name: "Upgrade Quang Pham" }).click();
  const upgrade = page.getByRole("dialog", { name: "Upgrade store" });
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toContainText("Quang Pham · current package Starter");
  const radios = upgrade.getByRole("radio");
  await expect(radios.first()).toHaveAccessibleName(/^Starter/);
  await expect(radios.first()).not.toBeChecked();
  await expect(upgrade.getByRole("radio", { name: /^Pro/ })).toBeChecked();
  await expect(upgrade.getByRole("radio", { name: /^Free/ })).toHaveCount(0);
  const required = upgrade.getByTestId("required-credit");
  // PRO: floor(239 000 × 50 % / 1000) = 119.
  await expect(required).toHaveText("119.00");
  await expect(upgrade.getByTestId("upgrade-credit")).toHaveText((before - 39).toFixed(2));
  await radios.first().check();
  await expect(required).toHaveText("39.00");
  await upgrade.getByRole("radio", { name: /^Pro/ }).check();
  await expect(required).toHaveText("119.00");
  await upgrade.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Store upgraded" }).first()).toBeVisible();
  // SPEC §4: closes after 1 s; the store list and the credit refresh after 1.5 s.
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toBeHidden({ timeout: 3_000 });
  await expect(store).toContainText("Pro", { timeout: 5_000 });
  await expect.poll(() => amount(credit), { timeout: 5_000 }).toBe(before - 39 - 119);
  await expect(store.getByRole("button", { name: "Upgrade Quang Pham" })).toBeFocused();

  // More than the partner has: refused with the server's contact-support message, nothing spent.
  await store.getByRole("button", { name: "Upgrade Quang Pham" }).click();
  await expect(radios.first()).toHaveAccessibleName(/^Pro/);
  await expect(radios.first()).not.toBeChecked();
  await expect(radios.nth(1)).toBeChecked();
  await upgrade.getByRole("radio", { name: /^Enterprise/ }).check();
  await expect(upgrade).toContainText("Your partner credit is not enough for this package");
  await upgrade.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "contact support" })).toBeVisible();
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole("button", { name: "Cancel" }).click();
  await expect(upgrade).toHaveCount(0);
  await expect.poll(() => amount(credit)).toBe(before - 39 - 119);

  // The orders tab shows both purchases with the credit they took.
  await detail.getByRole("tab", { name: "Orders" }).click();
  const orders = detail.getByRole("table", { name: "Orders of demo-friend-4@example.com" });
  await expect(orders.locator("tbody tr")).toHaveCount(2);
  expect((await orders.locator("tbody tr td:nth-child(8)").allTextContents()).sort()).toEqual([
    "119.00",
    "39.00",
  ]);
});

test("at 390 px the customer detail and the upgrade modal fit the screen; tables scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInDemo(page, "vi");
  await page.goto("/affiliate/customers");
  await page.getByRole("button", { name: /demo-friend-2@example\.com/ }).click();
  const detail = page.getByRole("dialog");
  await expect(detail).toBeVisible();
  const box = await detail.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await detail.getByLabel("Ứng dụng").selectOption("ls");
  await detail.getByRole("button", { name: "Nâng cấp Minh Shop" }).click();
  const upgrade = page.getByRole("dialog", { name: "Nâng cấp cửa hàng" });
  await expect(upgrade.getByRole("radio", { checked: true })).toHaveCount(1);
  const upgradeBox = await upgrade.boundingBox();
  expect((upgradeBox?.x ?? 0) + (upgradeBox?.width ?? 0)).toBeLessThanOrEqual(390);
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
