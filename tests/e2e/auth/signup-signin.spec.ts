import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { codeFromMail } from "../support";

test("sign up solving the captcha, verify by email, land on the profile, sign out, sign in again", async ({
  page,
}) => {
  const email = `e2e-${randomBytes(4).toString("hex")}@example.com`;
  const password = "Abc@12345";
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: "http://localhost:3310" }]);

  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  // Submitting empty shows SPEC §5 messages under the fields and sends nothing.
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByText("Please enter Full name")).toBeVisible();
  await expect(page.getByText("Please confirm you are not a robot").first()).toBeVisible();
  await expect(page.getByText("Please accept the terms of use and privacy policy")).toBeVisible();

  await page.getByLabel("Full name").fill("E2E Person");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("0912 345 678");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("checkbox", { name: /terms of use/ }).check();
  await page.getByRole("button", { name: "Complete" }).click();

  await expect(page).toHaveURL(/\/verify-account\?/);
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  // Resend is closed during the countdown.
  await expect(page.getByText(/Resend in \d+ s/)).toBeVisible();

  // A wrong code shows the server's message in a dialog.
  const code = await codeFromMail(email);
  await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("dialog")).toContainText("The code is incorrect");
  await page.getByRole("button", { name: "OK" }).click();

  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await expect(page.getByTestId("profile-fullname")).toHaveText("E2E Person");
  await expect(page.getByTestId("profile-phone-number")).toHaveText("0912345678");
  // The session cookie is httpOnly: page scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain("SSID");

  await page
    .getByRole("navigation", { name: "Account menu" })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page).toHaveURL(/\/signin\?logout=1$/);
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/signin\?path=%2Faccount%2Fprofile$/);

  // The email is remembered from the sign-up.
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password").fill("Wrong@1234");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").first()).toHaveText("Email or password is incorrect");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByLabel("Password")).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Back to where the person was going.
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
});

test("an unknown path sends a visitor to /signin, and the language switch reloads in the chosen language", async ({
  page,
}) => {
  await page.goto("/no/such/page?x=1");
  await expect(page).toHaveURL(/\/signin\?x=1$/);
  await expect(page.getByRole("heading", { name: "Đăng nhập" })).toBeVisible();
  await page.getByRole("combobox", { name: "Ngôn ngữ" }).selectOption("th");
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await page.getByRole("combobox").selectOption("en");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/forgottenpass?x=1",
  );
});
