import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import {
  demoAccount,
  pasteCode,
  randomPhone,
  smsCode,
  submitSignIn,
  withOAuthIdentity,
} from "../../support/e2e";
import { hydrated } from "../../support/settle";

async function english(page: Page) {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: "http://localhost:3310" }]);
}

for (const provider of ["Google", "Facebook"] as const) {
  test(`${provider}: a new person completes registration, verifies the phone, and comes back`, async ({
    page,
  }) => {
    await english(page);
    const email = `social-${randomBytes(4).toString("hex")}@example.com`;
    const identity = { sub: `${provider}-${email}`, email, email_verified: true, name: "Social Person" };
    await withOAuthIdentity(identity, async () => {
      await page.goto("/signin");
      await page.getByRole("button", { name: provider }).click();
    });

    await expect(page).toHaveURL(/\/complete-reg$/);
    await expect(page.getByRole("heading", { name: "Complete your registration" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Full name")).toHaveValue("Social Person");
    // Nothing else is reachable before the registration is complete.
    await page.goto("/account/profile");
    await expect(page).toHaveURL(/\/complete-reg$/);

    await page.getByRole("button", { name: "Complete" }).click();
    await expect(page.getByText("Phone number is required")).toBeVisible();
    await expect(page.getByText("Please accept the terms of use and privacy policy")).toBeVisible();

    const phone = randomPhone();
    await page.getByLabel("Phone number").fill(phone);
    await page.getByLabel("Password", { exact: true }).fill("Velvet-Otter-Lantern-47");
    await page.getByRole("checkbox", { name: /terms of use/ }).check();
    await page.getByRole("button", { name: "Complete" }).click();

    await expect(page).toHaveURL(/\/verify-account\?.*verify_type=SMS/);
    // The six boxes confirm on their own once the code is in.
    await pasteCode(page, await smsCode(phone));
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page.getByTestId("profile-phone-number")).toHaveText(phone);

    // Returning: the same provider identity signs straight in.
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Account menu" })
      .getByRole("button", { name: "Sign out" })
      .click();
    await expect(page).toHaveURL(/\/signin\?logout=1$/);
    await withOAuthIdentity(identity, () => page.getByRole("button", { name: provider }).click());
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByTestId("profile-email")).toHaveText(email);
  });
}

test("Facebook links the existing account with the same verified email", async ({ page }) => {
  await english(page);
  const demo = demoAccount();
  await withOAuthIdentity(
    { sub: `fb-demo-${randomBytes(3).toString("hex")}`, email: demo.email, email_verified: true },
    async () => {
      await page.goto("/signin");
      await page.getByRole("button", { name: "Facebook" }).click();
    },
  );
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(demo.email);
});

test("denied consent and a tampered state come back to /signin with a danger toast", async ({ page }) => {
  await english(page);
  await withOAuthIdentity({ sub: "refuses", deny: true }, async () => {
    await page.goto("/signin?app_code=ls");
    await page.getByRole("button", { name: "Google" }).click();
  });
  await expect(page).toHaveURL(/\/signin\?app_code=ls$/);
  await expect(
    page.getByRole("alert").filter({ hasText: "Sign-in was cancelled at the provider" }),
  ).toBeVisible();

  const forged = Buffer.from(JSON.stringify({ nonce: "forged" })).toString("base64url");
  await page.goto(`/oauth2-google?code=stolen&state=${forged}`);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("alert").filter({ hasText: "no longer valid" })).toBeVisible();
});

test("a signed-in person opening the callback page goes to the profile", async ({ page }) => {
  await english(page);
  const demo = demoAccount();
  await page.goto("/signin");
  await submitSignIn(page, demo.email, demo.password);
  await expect(page).toHaveURL(/\/account\/profile$/);
  await page.goto("/oauth2-google?code=x&state=y");
  await expect(page).toHaveURL(/\/account\/profile$/);
});
