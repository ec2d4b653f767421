import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { APP, randomPhone } from "../../support/e2e";

// README, "Breached and common passwords": a password too guessable for the strength rating is
// refused by the form itself; one that passes it but is on the list of common breached passwords
// is refused by the server; both say why beside the password box.
const en = JSON.parse(readFileSync(path.join("messages", "en.json"), "utf8"));

test("sign-up refuses a guessable or breached password beside the password field; the strength meter follows the typing", async ({
  page,
}) => {
  const email = `e2e-${randomBytes(4).toString("hex")}@example.com`;
  const phone = randomPhone();
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);

  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  await page.getByLabel("Full name").fill("E2E Person");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill(phone);
  const password = page.getByLabel("Password", { exact: true });
  // Within the rule's 8–64 characters, and very weak for the meter: the form refuses it unsent
  // (the captcha is not spent).
  await password.fill("iloveyou");
  await expect(page.getByText("Strength: very weak")).toBeVisible();
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("checkbox", { name: /terms of use/ }).check();
  await page.getByRole("button", { name: "Complete" }).click();
  const id = await password.getAttribute("id");
  const error = page.locator(`[id="${id}-error"]`);
  await expect(error).toHaveText(en.passwordCheck.weak);
  await expect(password).toHaveAttribute("aria-invalid", "true");

  // Good enough for the meter, but on the list of common breached passwords: the server's reason
  // shows under the password box, which is marked invalid; no page change.
  await password.fill("gunsnroses");
  await expect(page.getByText("Strength: good")).toBeVisible();
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(error).toHaveText(en.passwordCheck.common);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/signup/);

  // A long passphrase: the meter says so, in words.
  await password.fill("violet kettle marches under 9 moons");
  await expect(page.getByText("Strength: strong")).toBeVisible();
  await expect(page.locator(`[id="${id}-strength"]`)).toHaveAttribute("aria-live", "polite");

  // The refused attempt spent the captcha: solve a fresh one, and the strong password goes through.
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page).toHaveURL(/\/verify-account\?/);
});
