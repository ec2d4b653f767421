// Passkeys end to end with Chromium's virtual authenticator (CDP WebAuthn domain): added from the
// profile after the password again, a sign-in with it (no password, no second factor), removed,
// then refused.

import path from "node:path";
import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { APP, freshAccount, openSecurity, SCREENS_DIR, screenshot } from "../../support/e2e";
import { hydrated } from "../../support/settle";

test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
});

/** A platform authenticator that holds discoverable credentials and verifies its user by itself. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page): Promise<void> {
  await hydrated(page);
  await page
    .getByRole("navigation", { name: "Account menu" })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page).toHaveURL(/\/signin\?logout=1/);
  // The passkey button works once the page's script has run.
  await page.waitForLoadState("networkidle");
}

test("add a passkey from the profile, sign in with it, remove it, then it is refused", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The virtual authenticator has no autofill list to pick a passkey from: this test drives the
  // button's prompt only (the autofill request is checked on its own below).
  await page.addInitScript(() => {
    // Every page of the run gets this (the OAuth peer's too); only secure contexts have the API.
    if (typeof PublicKeyCredential === "function") {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    }
  });
  const account = await freshAccount(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await openSecurity(page);

  const list = page.getByRole("list", { name: "Passkeys" });
  await expect(page.getByText("No passkeys yet.")).toBeVisible();

  // Adding one asks "confirm it's you" first (a sign-in alone does not count as a re-authentication);
  // without a passkey yet, the password is the way.
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const reauth = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(reauth.getByRole("button", { name: "Use a passkey instead" })).toHaveCount(0);
  await reauth.getByLabel("Your password").fill("Wrong@1234");
  await reauth.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(reauth.getByText("The password is incorrect")).toBeVisible();
  await reauth.getByLabel("Your password").fill(account.password);
  await reauth.getByRole("button", { name: "Confirm", exact: true }).click();

  // The virtual authenticator answers the browser's prompt by itself; then the name.
  const naming = page.getByRole("dialog", { name: "Name this passkey" });
  await expect(naming).toBeVisible();
  await naming.getByLabel("Name").fill("E2E laptop");
  await naming.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey added" })).toBeVisible();
  await expect(list.getByText("E2E laptop · Passkey")).toBeVisible();
  await expect(list.getByText("Never used")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Sign out, then sign in with the passkey alone.
  await signOut(page);
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await openSecurity(page);
  await expect(list.getByText(/Last used /)).toBeVisible();

  // A sensitive change confirms with the passkey too: deleting the account asks "confirm it's
  // you", the passkey answers, and the dialog goes on to its own step (then cancelled).
  await page.goto("/account/profile/data");
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("region", { name: "Delete account" })
    .getByRole("button", { name: "Delete my account" })
    .click();
  const deletion = page.getByRole("dialog", { name: "Delete my account" });
  await expect(deletion.getByRole("button", { name: "Use a passkey instead" })).toBeVisible();
  await screenshot(page, { path: path.join(SCREENS_DIR, "reauth-passkey-en-desktop.png") });
  await deletion.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(deletion.getByLabel(`Type ${account.email} to confirm`)).toBeVisible();
  await deletion.getByRole("button", { name: "Cancel" }).click();
  await expect(deletion).toHaveCount(0);
  await openSecurity(page);

  // Remove it (a confirmation first); the list is empty again.
  await list.getByRole("button", { name: "Remove E2E laptop" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove this passkey?" });
  await expect(confirm).toContainText("E2E laptop");
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey removed" })).toBeVisible();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();

  // The authenticator still holds the key, but the portal no longer knows it.
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("passkey-alert")).toHaveText("This passkey could not be verified");
  await expect(page).toHaveURL(/\/signin\?logout=1/);
  // The password form still works.
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
});

test("a browser that refuses the passkey prompt leaves the password form working", async ({ page }) => {
  // As a framed /signin without `publickey-credentials-get`, or a closed prompt: NotAllowedError.
  await page.addInitScript(() => {
    navigator.credentials.get = () => Promise.reject(new DOMException("refused", "NotAllowedError"));
  });
  await page.goto("/signin");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("passkey-alert")).toHaveText(
    "Your browser did not allow a passkey here. Sign in with your password instead.",
  );
  await expect(page.getByLabel("Email")).toBeEditable();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
});

test("the email field asks the browser for passkey autofill (conditional mediation)", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __mediations: string[] }).__mediations = seen;
    PublicKeyCredential.isConditionalMediationAvailable = async () => true;
    // Records the request and leaves it pending, as a browser does until a passkey is picked.
    navigator.credentials.get = (options) => {
      seen.push(String(options?.mediation));
      return new Promise(() => {});
    };
  });
  await page.goto("/signin");
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __mediations: string[] }).__mediations))
    .toEqual(["conditional"]);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
});
