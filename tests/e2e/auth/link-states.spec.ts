// First impression (items 7, 8, 9, 17): links and codes are checked before a form is shown, the
// signed-out and "check your email" states, code boxes that fill on paste and confirm on the sixth
// digit, and pages that hydrate without an error in English and Burmese.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  APP,
  codeFromMail,
  freshAccount,
  mailCount,
  PEER,
  pasteCode,
  SAME_ORIGIN,
  signInDemo,
  signUpThroughApi,
  submitSignIn,
} from "../../support/e2e";

type Catalog = {
  auth: {
    signIn: Record<string, string>;
    reset: { expiredTitle: string; requestNew: string; noToken: { title: string } };
    expiredStep: Record<string, string>;
    deviceLimit: Record<string, string>;
  };
};
const catalog = (lang: string): Catalog =>
  JSON.parse(readFileSync(path.join("messages", `${lang}.json`), "utf8")) as Catalog;

async function setLanguageCookie(page: Page, lang: string) {
  await page.context().addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
}

/** Page errors and console errors while the page is open (a hydration mismatch is both). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message.slice(0, 500)}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text().slice(0, 500)}`);
  });
  return errors;
}

/** A fresh sign-up through /2.0: its email and /verify-account address. */
const signUp = (request: APIRequestContext) =>
  signUpThroughApi(request, { fullname: "States Person", emailPrefix: "states" });

for (const lang of ["en", "vi", "my"] as const) {
  test(`dead and missing links say so before any form, with the one action that helps (${lang})`, async ({
    page,
  }) => {
    const words = catalog(lang).auth;
    await setLanguageCookie(page, lang);
    const errors = collectErrors(page);
    const expectState = async (title: string, action: string, href: string) => {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await expect(page.getByTestId("expired-step")).toBeVisible();
      await expect(page.getByRole("link", { name: action })).toHaveAttribute("href", href);
      // No field to type into, no button that could only fail.
      await expect(page.locator("main input, main button[type=submit]")).toHaveCount(0);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    };

    await page.goto("/resetpass?token=dead-link");
    await expectState(words.reset.expiredTitle, words.reset.requestNew, "/forgottenpass");
    await page.goto("/resetpass");
    await expectState(words.reset.noToken.title, words.reset.requestNew, "/forgottenpass");

    for (const url of [
      "/verify-2fa?token=dead-link&verify_type=TOTP",
      "/verify-2fa",
      "/require-enable-2fa?token=dead-link",
      "/require-enable-2fa",
      "/device-limit-exceeded?token=dead-link&method=signin",
      "/device-limit-exceeded",
    ]) {
      await page.goto(url);
      await expectState(words.expiredStep.title as string, words.expiredStep.action as string, "/signin");
    }
    // The expired sign-in never sits under the limit's own heading.
    await expect(page.getByText(words.deviceLimit.title as string)).toHaveCount(0);

    // The action leads where it says.
    await page.getByRole("link", { name: words.expiredStep.action }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(errors).toEqual([]);
  });
}

test("a live reset link shows its form; once used, the same link says it has expired", async ({
  page,
  browser,
}) => {
  const context = await browser.newContext({ baseURL: APP });
  const person = await freshAccount(await context.newPage());
  await context.close();
  await setLanguageCookie(page, "en");
  const before = await mailCount(person.email);
  const asked = await page.request.post("/2.0/user/forgotten-pass", {
    headers: SAME_ORIGIN,
    data: { email: person.email },
  });
  expect((await asked.json()).code).toBe(200);
  let link = "";
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${PEER}/mail?to=${encodeURIComponent(person.email)}`)).json()) as {
        text: string;
      }[];
      link =
        mails.length > before
          ? (/https?:\/\/\S+\/resetpass\?token=\S+/.exec(mails.at(-1)?.text ?? "")?.[0] ?? "")
          : "";
      return link;
    })
    .not.toBe("");
  const address = new URL(link);
  await page.goto(`${address.pathname}${address.search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  await page.getByLabel("New password", { exact: true }).fill("Fresh@2024pw");
  await page.getByLabel("Confirm new password", { exact: true }).fill("Fresh@2024pw");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.goto(`${address.pathname}${address.search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
});

test("after signing out, the sign-in page says so (en, vi)", async ({ page }) => {
  for (const lang of ["en", "vi"] as const) {
    await setLanguageCookie(page, lang);
    await signInDemo(page);
    // /signin?logout=1 with a session revokes it first, then lands on the same address.
    await page.goto("/signin?logout=1");
    await expect(page).toHaveURL(/\/signin\?logout=1$/);
    await expect(
      page.getByRole("status").filter({ hasText: catalog(lang).auth.signIn.signedOut }),
    ).toBeVisible();
  }
  // An ordinary visit says nothing of the kind.
  await page.goto("/signin");
  await expect(page.getByTestId("signed-out")).toHaveCount(0);
});

test("a sign-in refusal goes away as soon as a field is edited", async ({ page }) => {
  await setLanguageCookie(page, "en");
  await page.goto("/signin");
  await page.waitForLoadState("networkidle");
  // An address with no account (the demo account's sign-in budget is left alone).
  await submitSignIn(page, `nobody-${randomBytes(4).toString("hex")}@example.com`, "Wrong@12345");
  const refusal = page.getByTestId("form-alert");
  await expect(refusal).toHaveText("Email or password is incorrect");
  await page.getByLabel("Password").press("End");
  await page.getByLabel("Password").press("Backspace");
  await expect(page.getByLabel("Password")).toHaveValue("Wrong@1234");
  await expect(refusal).toHaveCount(0);

  // The same for the email field.
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(refusal).toBeVisible();
  await page.getByLabel("Email").press("End");
  await page.getByLabel("Email").press("Backspace");
  await expect(refusal).toHaveCount(0);
});

test("verify account: six boxes, a paste fills them and the form confirms with no click", async ({
  page,
  request,
}) => {
  await setLanguageCookie(page, "en");
  const { email, url } = await signUp(request);
  let calls = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/2.0/auth/verify-account")) calls += 1;
  });
  await page.goto(url);
  const boxes = page.locator("[data-testid=code-boxes] input");
  await expect(boxes).toHaveCount(6);
  await expect(page.locator("[data-testid=code-boxes][data-ready]")).toBeVisible();
  await expect(boxes.first()).toBeFocused();
  await expect(page.getByRole("button", { name: "Confirm" })).toBeDisabled();
  // Countdowns read m:ss.
  await expect(page.getByText(/Resend in 0:[0-5]\d/)).toBeVisible();
  await expect(page.getByText(/The code expires in [0-5]:[0-5]\d/)).toBeVisible();

  // Five digits wait; a paste that is not six digits fills nothing.
  await page.keyboard.type("12345");
  await expect(boxes.nth(5)).toBeFocused();
  expect(calls).toBe(0);
  for (let i = 0; i < 5; i++) await page.keyboard.press("Backspace");
  await pasteCode(page, "12345");
  await expect(boxes.first()).toHaveValue("");
  expect(calls).toBe(0);

  await pasteCode(page, await codeFromMail(email));
  await expect(page).toHaveURL(/\/account\/profile$/);
  expect(calls).toBe(1);
});

for (const lang of ["en", "my"] as const) {
  test(`sign-up hydrates without an error (${lang})`, async ({ page }) => {
    await setLanguageCookie(page, lang);
    const errors = collectErrors(page);
    await page.goto("/signup");
    await page.waitForLoadState("networkidle");
    const picker = page.locator('input[type="tel"]').locator("xpath=preceding-sibling::div");
    const country = picker.locator("select");
    // The country list starts with Vietnam, named in the page's language by the server (issue 39:
    // Burmese, not the browser's English); closed, the picker reads "VN +84" and is not cut.
    await expect(country).toHaveValue("VN");
    await expect(country.locator("option").first()).toHaveAttribute("value", "VN");
    await expect(country.locator("option").first()).toHaveText(
      lang === "my" ? "ဗီယက်နမ် (+84)" : "Vietnam (+84)",
    );
    await expect(country.locator('option[value="TH"]')).toHaveText(
      lang === "my" ? "ထိုင်း (+66)" : "Thailand (+66)",
    );
    await expect(picker.getByTestId("country-face")).toHaveText("VN +84");
    expect(errors.filter((e) => /hydrat|did not match|#418/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("the Burmese profile hydrates without an error and writes numbers as the browser does", async ({
  page,
}) => {
  await setLanguageCookie(page, "my");
  await signInDemo(page);
  const errors = collectErrors(page);
  await page.goto("/account/profile");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(errors).toEqual([]);
  // Counts inside sentences are Latin digits on the server and in the browser alike.
  await expect(page.getByTestId("referral-count")).not.toContainText(/[\u1040-\u1049]/);
});
