import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  APP,
  freshAccount,
  mailCount,
  newestMailMatch,
  PEER,
  randomPhone,
  SAME_ORIGIN,
  SCREENS_DIR,
  screenshot,
  solvedCaptcha,
  submitSignIn,
  verifiedThroughApi,
} from "../../support/e2e";
import { readOutbox } from "../../support/outbox";
import { hydrated } from "../../support/settle";

const en = JSON.parse(readFileSync(path.join("messages", "en.json"), "utf8"));

async function useEnglish(page: Page) {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
}

/** The portal path of the newest mailed link matching `pattern` for `to`, once more than `after` mails arrived. */
async function linkFromMail(to: string, after: number, pattern: RegExp): Promise<string> {
  // The link carries the origin the server saw; the test only needs its path.
  const url = new URL(await newestMailMatch(to, after, pattern));
  return `${url.pathname}${url.search}`;
}

/**
 * Texts of the SMS sent to `phone`, oldest first: from the SMS webhook peer when the server is
 * configured with it, else from the outbox files in the server's data dir.
 */
async function smsTexts(phone: string): Promise<string[]> {
  const response = await fetch(`${PEER}/sms?to=${encodeURIComponent(phone)}`);
  if (response.ok) {
    const received = (await response.json()) as { text: string }[];
    if (received.length > 0) return received.map((m) => m.text);
  }
  return readOutbox(process.env.E2E_DATA_DIR ?? "")
    .filter((m) => m.channel === "SMS" && m.to === phone)
    .map((m) => m.text);
}

const RESET_LINK = /https?:\/\/\S+\/resetpass\?token=[^\s]+/;
const VERIFY_LINK = /https?:\/\/\S+\/verify-email\?token=[^\s]+/;

test("forgot password: a check-your-email screen for known and unknown emails; reset: rules, success, new password works, link works once", async ({
  page,
}) => {
  // A person of this test's own: changing the shared demo account's password would refuse every
  // other test's demo sign-in on the other worker meanwhile.
  const person = await verifiedThroughApi(page, { fullname: "Reset Person", emailPrefix: "reset" });
  await page.context().clearCookies();
  const newPassword = "Fresh@2024pw";
  await useEnglish(page);

  await page.goto("/forgottenpass?app_code=lp");
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute(
    "href",
    "/signin?app_code=lp",
  );

  // SPEC §5: email required and valid, checked before anything is sent.
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  // An unknown email gets the same answer as a known one (no account discovery), and no mail:
  // a "check your email" screen (not an OK-only dialog) that says where the mail went, generally.
  const unknown = `nobody-${randomBytes(4).toString("hex")}@example.com`;
  await page.getByLabel("Email").fill(unknown);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(/\/forgottenpass\?app_code=lp&sent=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.auth.forgot.checkTitle);
  await expect(page.getByRole("status")).toHaveText(en.auth.forgot.checkText);
  await expect(page.getByTestId("check-email")).toContainText("If an account exists for that address");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: en.auth.forgot.back })).toHaveAttribute(
    "href",
    "/signin?app_code=lp",
  );
  await page.getByRole("link", { name: en.auth.forgot.sendAgain }).click();
  await expect(page).toHaveURL(/\/forgottenpass\?app_code=lp$/);

  const before = await mailCount(person.email);
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.auth.forgot.checkTitle);
  await expect(page.getByRole("status")).toHaveText(en.auth.forgot.checkText);
  await screenshot(page, { path: path.join(SCREENS_DIR, "forgottenpass-sent-en-desktop.png") });
  expect(await mailCount(unknown)).toBe(0);
  const link = await linkFromMail(person.email, before, RESET_LINK);

  {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    const password = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm new password", { exact: true });
    // The one hint of every new-password box (lib/password-rule.ts).
    await expect(
      page.getByText("Use 8 to 64 characters. It can’t be only spaces or your email address."),
    ).toBeVisible();

    // Both boxes are required; they must match; the password must follow the one rule.
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Confirm new password is required")).toBeVisible();
    await password.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(en.RESET_PASSWORD.ERROR_PASSWORD_MISSMATCH)).toBeVisible();
    await password.fill("         ");
    await confirm.fill("         ");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(en.AUTH.PASSWORD_INVALID)).toBeVisible();
    await page.getByRole("button", { name: "Show" }).first().click();
    await expect(password).toHaveAttribute("type", "text");

    await password.fill(newPassword);
    await confirm.fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: en.auth.reset.done })).toBeVisible();
    await screenshot(page, { path: path.join(SCREENS_DIR, "resetpass-done-en-desktop.png") });
    await expect(page).toHaveURL(/\/signin$/);

    // The old password no longer works; the new one does.
    await hydrated(page);
    await submitSignIn(page, person.email, person.password);
    await expect(page.getByRole("alert").first()).toHaveText("Email or password is incorrect");
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);

    // A reset link works once: opened again, it says so before any form is shown.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.auth.reset.expiredTitle);
    await expect(page.getByTestId("expired-step")).toContainText(en.auth.reset.expiredText);
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/forgottenpass",
    );
    await screenshot(page, { path: path.join(SCREENS_DIR, "resetpass-expired-en-desktop.png") });
    await expect(page).toHaveURL(/\/resetpass\?token=/);
  }
});

test("reset password without a token explains and links to a new request", async ({ page }) => {
  await useEnglish(page);
  await page.goto("/resetpass");
  await expect(page.getByRole("heading", { name: "This link is incomplete" })).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/forgottenpass$/);
});

test("verify email: no token or a bogus one is invalid at once, checked on the server", async ({ page }) => {
  await useEnglish(page);
  let calls = 0;
  await page.route("**/2.0/user/verify-email", async (route) => {
    calls += 1;
    await route.continue();
  });
  await page.goto("/verify-email");
  const invalid = page.getByRole("alert").filter({ hasText: en.auth.verifyEmail.invalid.title });
  await expect(invalid).toContainText(en.auth.verifyEmail.invalid.advice);
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");

  // A dead link is told apart before the page is sent: no verification call that must fail.
  await page.goto("/verify-email?token=bogus-token");
  await expect(invalid).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: en.auth.verifyEmail.processing })).toHaveCount(0);
  expect(calls).toBe(0);
});

test("verify email: a mailed link verifies once, counts down from 8 s and redirects", async ({
  page,
  request,
}) => {
  await useEnglish(page);
  // A person whose email is not verified: sign up choosing SMS as the verification channel
  // (products may ask for it), solving the captcha as the widget does.
  const email = `e2e-verify-${randomBytes(4).toString("hex")}@example.com`;
  const phone = randomPhone();
  const captcha = await solvedCaptcha(request);
  const signup = await (
    await request.post("/2.0/auth/signup", {
      data: {
        fullname: "Verify Person",
        email,
        password: "Velvet-Otter-Lantern-47",
        phone,
        country_code: "vn",
        verify_type: "SMS",
        token: captcha,
      },
    })
  ).json();
  expect(signup.code).toBe(200);

  let code = "";
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec((await smsTexts(phone)).at(-1) ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);

  // Verified by SMS and signed in within the browser's context; the email is still unverified.
  const verified = await page.request.post("/2.0/auth/verify-account", {
    headers: SAME_ORIGIN,
    data: { code, token: signup.data.token },
  });
  expect((await verified.json()).code).toBe(200);

  // Signed in without a link: the signed-in shell explains, and mails a new link from there.
  const before = await mailCount(email);
  await page.goto("/verify-email");
  await expect(page.getByRole("navigation", { name: "Account menu" })).toBeVisible();
  const explain = page.getByTestId("verify-email-explain");
  await expect(explain).toContainText(`To verify ${email}, open the link in the email we sent you.`);
  await explain.getByRole("button", { name: en.auth.verifyEmail.signedIn.send }).click();
  await expect(explain.getByRole("status")).toContainText(
    `Open the link in the email we just sent to ${email}.`,
  );
  const link = await linkFromMail(email, before, VERIFY_LINK);

  await page.goto(link);
  await expect(page.getByRole("navigation", { name: "Account menu" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: en.auth.verifyEmail.success })).toBeVisible();
  await expect(page.getByText(/You will be taken to your account in [5-8] s\./)).toBeVisible();
  await screenshot(page, { path: path.join(SCREENS_DIR, "verify-email-success-en-desktop.png") });
  await expect(page.getByText(/You will be taken to your account in [1-4] s\./)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/profile$/, { timeout: 15_000 });
  const me = await page.request.post("/2.0/auth/userinfo", { headers: SAME_ORIGIN, data: {} });
  expect((await me.json()).data.is_verify_email).toBe(true);

  // The link is spent; signed in, the page says the address is verified and leads to the profile.
  await page.goto(link);
  await expect(page.getByTestId("verify-email-done")).toContainText(
    `Your email address ${email} is verified.`,
  );
  await expect(page.getByRole("link", { name: en.auth.verifyEmail.signedIn.toProfile })).toHaveAttribute(
    "href",
    "/account/profile",
  );
  // Signed out, the spent link is invalid.
  await page.context().clearCookies();
  await useEnglish(page);
  await page.goto(link);
  await expect(page.getByRole("alert").filter({ hasText: en.auth.verifyEmail.invalid.title })).toBeVisible();
});

// Screens of this area, desktop and phone, vi and en (tests/artifacts/screens with E2E_SCREENSHOTS=1).
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

let screensResetLink: Promise<string> | undefined;
/**
 * A live reset link of a fresh account, made once for the screens (they only type a mismatch into
 * it, which the form refuses without a call, so the link stays live).
 */
function liveResetLink(browser: Browser): Promise<string> {
  screensResetLink ??= (async () => {
    const context = await browser.newContext({ baseURL: APP });
    const person = await freshAccount(await context.newPage());
    await context.close();
    const before = await mailCount(person.email);
    const asked = await fetch(`${APP}/2.0/user/forgotten-pass`, {
      method: "POST",
      headers: { "content-type": "application/json", ...SAME_ORIGIN },
      body: JSON.stringify({ email: person.email }),
    });
    expect(((await asked.json()) as { code: number }).code).toBe(200);
    return linkFromMail(person.email, before, RESET_LINK);
  })();
  return screensResetLink;
}

for (const lang of ["vi", "en"] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`recovery screens in ${lang} at ${device} width`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      const resetLink = await liveResetLink(browser);
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
      const shot = (name: string) =>
        screenshot(page, { path: path.join(SCREENS_DIR, `${name}-${lang}-${device}.png`), fullPage: true });

      await page.goto("/forgottenpass");
      await expect(page.locator("h1")).toBeVisible();
      await shot("forgottenpass");
      await page.locator("form button[type=submit]").click();
      await expect(page.locator("form [role=alert]")).toBeVisible();
      await shot("forgottenpass-errors");
      await page.goto("/forgottenpass?sent=1");
      await expect(page.getByTestId("check-email")).toBeVisible();
      await shot("forgottenpass-sent");

      await page.goto("/resetpass?token=screenshot");
      await expect(page.getByTestId("expired-step")).toBeVisible();
      await shot("resetpass-expired");

      await page.goto(resetLink);
      await expect(page.locator("form")).toBeVisible();
      await shot("resetpass");
      await page.locator("input[autocomplete=new-password]").nth(0).fill("abcdefgh");
      await page.locator("input[autocomplete=new-password]").nth(1).fill("abcdefgX");
      await page.locator("form button[type=submit]").click();
      await expect(page.locator("form [role=alert]").first()).toBeVisible();
      await shot("resetpass-errors");

      await page.goto("/resetpass");
      await expect(page.locator("h1")).toBeVisible();
      await shot("resetpass-no-token");

      await page.goto("/verify-email?token=screenshot");
      await expect(page.locator("main [role=alert]")).toBeVisible();
      await shot("verify-email-invalid");
    });
  }
}
