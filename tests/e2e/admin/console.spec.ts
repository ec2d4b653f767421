// Issue 24, the operator console's first part: the demo operator (admin scope, TOTP) signs in with
// the second factor, finds a person, signs one of their devices out, locks their sign-in with a
// reason (the person sees it), unlocks, resets their two-factor, adds points with a note — the
// money/destructive ones after "confirm it's you" — and reads all of it in the audit log.

import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import { generate } from "otplib";
import { noSeriousAxeFindings, post, signInOperator } from "../../support/console";
import {
  APP,
  SAME_ORIGIN,
  SCREENS_DIR,
  screenshot,
  submitSignIn,
  verifiedThroughApi,
} from "../../support/e2e";

/** A person in their own browser, signed in, with an authenticator app turned on. */
async function personWithTwoFactor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await verifiedThroughApi(page, { fullname: "Console Person", emailPrefix: "console" });
  const setup = await post(page.request, "/auth2-fa/generate-setup-url");
  await post(page.request, "/auth2-fa/enable-2fa", {
    token: await generate({ secret: String(setup.secret), epoch: Math.floor(Date.now() / 1000) }),
    method: "totp",
  });
  return { ...person, context, page };
}

test("an operator finds a person, signs a device out, locks, resets two-factor, adds points; the audit log shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const person = await personWithTwoFactor(browser);
  const op = await signInOperator(page, "en");

  // The menu shows the console to the operator.
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByRole("button", { name: "Operator console" }).click();
  await menu.getByRole("link", { name: "People" }).click();
  await expect(page).toHaveURL(/\/admin\/people/);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email, phone, name or id").fill(person.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `Open ${person.email}` }).click();
  await expect(page.getByRole("heading", { name: person.email })).toBeVisible();
  await noSeriousAxeFindings(page);
  await screenshot(page, { path: path.join(SCREENS_DIR, "admin-person-en-desktop.png"), fullPage: true });

  // Sign the person's browser out: their next call is refused.
  const sessions = page.getByRole("list", { name: "Sessions and devices" });
  // Issue 39: the app's name rather than its code, plain addresses, the scope in words.
  await expect(sessions).not.toContainText(/\bluid\b/);
  await expect(page.getByRole("main")).not.toContainText("::ffff:");
  await expect(page.getByRole("main")).not.toContainText(/Scope\s*user/);
  await sessions
    .getByRole("button", { name: /^Sign out / })
    .first()
    .click();
  const signOut = page.getByRole("dialog", { name: "Sign out this device?" });
  await signOut.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(signOut).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /./ })).toBeVisible();
  await expect(sessions).toHaveCount(0);
  const me = (await (
    await person.page.request.post(`${APP}/2.0/auth/userinfo`, { headers: SAME_ORIGIN })
  ).json()) as {
    code: number;
  };
  expect(me.code).toBe(401);

  // Lock with a reason: a destructive action, so "confirm it's you" first, in the same dialog.
  await page.getByRole("button", { name: "Lock sign-in" }).click();
  const lock = page.getByRole("dialog", { name: "Lock this person's sign-in?" });
  await lock.getByLabel("Reason").fill("Chargeback under review");
  await lock.getByRole("button", { name: "Lock sign-in" }).click();
  // The server asked for "confirm it's you": the dialog asks in place, the reason kept.
  await lock.getByLabel("Your password").fill(op.password);
  await screenshot(page, { path: path.join(SCREENS_DIR, "admin-reauth-en-desktop.png") });
  await lock.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(lock).toHaveCount(0);
  await expect(page.getByText("Chargeback under review")).toBeVisible();
  // The person sees the reason when signing in.
  await person.page.goto(`${APP}/signin`);
  await person.page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
  await person.page.reload();
  await person.page.waitForLoadState("networkidle");
  await submitSignIn(person.page, person.email, person.password);
  await expect(person.page.getByText(/Chargeback under review/)).toBeVisible();

  await page.getByRole("button", { name: "Unlock sign-in" }).click();
  await page
    .getByRole("dialog", { name: "Unlock this person's sign-in?" })
    .getByRole("button", { name: "Unlock sign-in" })
    .click();
  await expect(page.getByRole("button", { name: "Lock sign-in" })).toBeVisible();

  // Reset two-factor (within the 15 minutes of the confirmation above: no second prompt).
  await page.getByRole("button", { name: "Reset two-factor" }).click();
  const reset = page.getByRole("dialog", { name: "Reset two-factor?" });
  await reset.getByLabel("Note").fill("Lost phone, ticket 4411");
  await reset.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(reset).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reset two-factor" })).toHaveCount(0);

  // Add points with a note.
  await page.getByRole("button", { name: "Change Points" }).click();
  const points = page.getByRole("dialog", { name: "Change Points" });
  await points.getByLabel("Amount").fill("25");
  await points.getByLabel("Note").fill("Goodwill for the outage");
  await points.getByRole("button", { name: "Add or take" }).click();
  await expect(points).toHaveCount(0);

  // The audit log of this person: every action, newest first, with the operator's name.
  await page.getByRole("link", { name: "Audit log of this person" }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?/);
  const table = page.getByRole("table");
  for (const action of [
    "Signed a device out",
    "Locked sign-in",
    "Unlocked sign-in",
    "Reset two-factor",
    "Changed a balance",
  ]) {
    await expect(table.getByText(action, { exact: true })).toBeVisible();
  }
  await expect(table.getByText("Goodwill for the outage")).toBeVisible();
  await noSeriousAxeFindings(page);
  await screenshot(page, { path: path.join(SCREENS_DIR, "admin-audit-en-desktop.png"), fullPage: true });
  await person.context.close();
});

test("an ordinary person gets a 404 for the console and ADMIN_REQUIRED from its calls", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const other = await context.newPage();
  await verifiedThroughApi(other, { fullname: "Not An Operator", emailPrefix: "not-op" });
  const response = await other.goto(`${APP}/admin/people`);
  expect(response?.status()).toBe(404);
  const denied = (await (
    await other.request.post(`${APP}/2.0/admin/people/search`, { headers: SAME_ORIGIN, data: {} })
  ).json()) as { code: number; data: { error?: string } };
  expect(denied.data.error).toBe("ADMIN_REQUIRED");
  await context.close();
});
