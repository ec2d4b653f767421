import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  APP,
  SAME_ORIGIN,
  SCREENS_DIR,
  screenshot,
  submitSignIn,
  verifiedThroughApi,
} from "../../support/e2e";

// Profile → Delete account (issue 22): the password again, the email typed again, signed out at once;
// signing in during the grace period offers to cancel, and cancelling lands on the profile.

/** A fresh person signed up and verified through /2.0; the session lands in the page's context. */
const freshPerson = (page: Page) =>
  verifiedThroughApi(page, { fullname: "Leaving Person", emailPrefix: "e2e-delete" });

test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
});

test("Delete my account signs out; signing in again offers to cancel, and cancelling restores it", async ({
  page,
}) => {
  const { email, password } = await freshPerson(page);
  await page.goto("/account/profile/data");
  const card = page.getByRole("region", { name: "Delete account" });
  await expect(card).toBeVisible();
  // The grace the card and the dialog name is ACCOUNT_DELETION_GRACE_DAYS (the e2e app: the default, 14).
  await expect(card).toContainText("After 14 days");
  // The button works once the page's script has run (a click before that does nothing).
  await page.waitForLoadState("networkidle");
  await card.getByRole("button", { name: "Delete my account" }).click();

  const dialog = page.getByRole("dialog", { name: "Delete my account" });
  await expect(dialog).toBeVisible();
  // "Confirm it's you" first (no re-authentication in the last 10 minutes): the password.
  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  const confirmEmail = dialog.getByLabel(`Type ${email} to confirm`);
  await expect(confirmEmail).toBeVisible();
  // A wrong email is refused in place.
  await confirmEmail.fill("someone-else@example.com");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("The email you typed is not this account's email")).toBeVisible();
  await confirmEmail.fill(email);
  await expect(dialog).toContainText("erased after 14 days");
  await screenshot(page, { path: path.join(SCREENS_DIR, "delete-account-en-desktop.png") });
  await dialog.getByRole("button", { name: "Delete my account" }).click();

  // Signed out at once: the signed-out sign-in, and the profile is closed.
  await expect(page).toHaveURL(/\/signin\?logout=1$/);
  await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/signin/);

  // A wrong password says nothing of the deletion.
  await page.waitForLoadState("networkidle");
  await submitSignIn(page, email, `${password}x`);
  await expect(page.getByTestId("form-alert")).toBeVisible();
  await expect(page.getByText(/deletion/i)).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin/);

  // The right one offers to cancel.
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/cancel-deletion\?token=/);
  await expect(page.getByRole("heading", { name: "Account scheduled for deletion" })).toBeVisible();
  await expect(page.getByTestId("deletion-scheduled")).toContainText(
    /Your account is scheduled for deletion on \d{2}\/\d{2}\/\d{4}\. Cancel deletion and sign in\?/,
  );
  await page.waitForLoadState("networkidle");
  await screenshot(page, { path: path.join(SCREENS_DIR, "cancel-deletion-en-desktop.png"), fullPage: true });
  await page.getByRole("button", { name: "Cancel deletion and sign in" }).click();

  await expect(page).toHaveURL(/\/account\/profile/);
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Leaving Person" })).toBeVisible();
  // Restored: the next sign-in is an ordinary one.
  const again = (await (
    await page.request.post(`${APP}/2.0/auth/signin`, { headers: SAME_ORIGIN, data: { email, password } })
  ).json()) as { code: number; message: string };
  expect(again.code, again.message).toBe(200);
});

test("the delete dialog works from the keyboard at phone width, in Vietnamese", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: "LANGUAGE", value: "vi", url: APP }]);
  await freshPerson(page);
  await page.goto("/account/profile/data");
  await page.waitForLoadState("networkidle");
  const button = page
    .getByRole("region", { name: "Xoá tài khoản" })
    .getByRole("button", { name: "Xoá tài khoản của tôi" });
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Xoá tài khoản của tôi" });
  await expect(dialog.getByLabel("Mật khẩu của bạn")).toBeFocused();
  await screenshot(page, { path: path.join(SCREENS_DIR, "delete-account-vi-phone.png"), fullPage: true });
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 390).toBe(true);
  // Escape closes it and nothing was deleted.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
