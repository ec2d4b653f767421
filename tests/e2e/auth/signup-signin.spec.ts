import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { codeFromMail, pasteCode, randomPhone } from "../../support/e2e";
import { hydrated } from "../../support/settle";

test("sign up solving the captcha, verify by email, land on the profile, sign out, sign in again", async ({
  page,
}) => {
  const email = `e2e-${randomBytes(4).toString("hex")}@example.com`;
  // A phone of its own: one another account verified (the demo's 0912345678) makes the sign-up a
  // decoy that is answered alike but never verifies.
  const phone = randomPhone();
  const password = "Velvet-Otter-Lantern-47";
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: "http://localhost:3310" }]);

  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  // Submitting empty shows SPEC §5 messages under the fields and sends nothing.
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Please confirm you are not a robot").first()).toBeVisible();
  await expect(page.getByText("Please accept the terms of use and privacy policy")).toBeVisible();

  await page.getByLabel("Full name").fill("E2E Person");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("checkbox", { name: /terms of use/ }).check();
  await page.getByRole("button", { name: "Complete" }).click();

  await expect(page).toHaveURL(/\/verify-account\?/);
  // Neither the email nor the phone is in the address; the page shows the email masked.
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(page.url()).not.toContain(phone.slice(1));
  const masked = `e***${email.split("@")[0]?.slice(-1)}@example.com`;
  await expect(
    page.getByText(`We sent a 6-digit code to ${masked} if these details are new here`),
  ).toBeVisible();
  // Resend is closed during the countdown, which reads m:ss.
  await expect(page.getByText(/Resend in 0:[0-5]\d/)).toBeVisible();
  await expect(page.getByText(/The code expires in [0-5]:[0-5]\d/)).toBeVisible();

  // A wrong code, pasted: the six boxes fill and confirm on their own; the server's message shows
  // under them (not in a dialog) and the boxes are emptied for the next try.
  const code = await codeFromMail(email);
  await pasteCode(page, code === "000000" ? "111111" : "000000");
  await expect(page.getByTestId("form-alert")).toContainText("The code is incorrect");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const boxes = page.locator("[data-testid=code-boxes] input");
  await expect(boxes.first()).toHaveAttribute("aria-invalid", "true");
  await expect(boxes.first()).toHaveValue("");
  await expect(page.getByRole("button", { name: "Confirm" })).toBeDisabled();

  // Typed digit by digit into the first box: the sixth confirms without a click. (The form puts
  // the cursor back there itself; the click keeps a slow render from racing the typing.)
  await boxes.first().click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await expect(page.getByTestId("profile-fullname")).toHaveText("E2E Person");
  await expect(page.getByTestId("profile-phone-number")).toHaveText(phone);
  // The session cookie is httpOnly: page scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain("SSID");

  await hydrated(page);

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
