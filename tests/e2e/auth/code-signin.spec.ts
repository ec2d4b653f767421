// Sign in with a one-time code (issue 40) in Chromium: by email (the code from the SMTP peer) and
// by phone (the SMS the eSMS peer received), on the full page and inside a product's frame, where
// the parent gets the hand-off message.
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  codeFromMail,
  freshAccount,
  mailCount,
  PEER,
  pasteCode,
  randomPhone,
  verifiedThroughApi,
} from "../../support/e2e";
import { hydrated } from "../../support/settle";

const PORTAL = "http://localhost:3310";
const CALLBACK = "http://localhost:3311/callback";
const parentAt = (origin: string, src: string) => `${origin}/parent?src=${encodeURIComponent(src)}`;

type Received = { origin: string; data: Record<string, { token?: string; is_auth?: boolean }> };

/** A verified account made in a context of its own, so `page` starts signed out. */
async function freshEmailAccount(browser: Browser): Promise<string> {
  const setup = await browser.newContext();
  const { email } = await verifiedThroughApi(await setup.newPage(), {
    fullname: "Code Person",
    emailPrefix: "code-signin",
  });
  await setup.close();
  return email;
}

async function smsCount(to: string): Promise<number> {
  return ((await (await fetch(`${PEER}/sms?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;
}

/** The code of the first SMS to `to` after the first `after` ones. */
async function newSmsCode(to: string, after: number): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${PEER}/sms?to=${encodeURIComponent(to)}`)).json()) as {
          params?: { code?: string };
        }[];
        code = messages.length > after ? String(messages.at(-1)?.params?.code ?? "") : "";
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function askForCode(scope: Page | ReturnType<Page["frameLocator"]>, identifier: string) {
  await scope.getByLabel("Email or phone number").fill(identifier);
  await scope.getByRole("button", { name: "Send code" }).click();
  await expect(scope.getByTestId("code-sent-to")).toBeVisible();
}

test("a code by email signs in from /signin's link", async ({ page, browser }) => {
  const email = await freshEmailAccount(browser);
  const before = await mailCount(email);
  await page.goto("/signin?lang=en");
  await page.getByTestId("code-signin-link").click();
  await expect(page).toHaveURL(/\/signin\/code\?lang=en$/);
  await expect(page.getByRole("heading", { name: "Sign in with a code" })).toBeVisible();
  await hydrated(page);
  await askForCode(page, email);
  await expect(page.getByTestId("code-sent-to")).toContainText(`${email[0]}***`);
  await pasteCode(page, await codeFromMail(email, before));
  await expect(page).toHaveURL(/\/account\/profile$/);
});

test("a code by phone (SMS when Zalo is not set up) signs in", async ({ page, browser }) => {
  const setup = await browser.newContext();
  const { phone } = await freshAccount(await setup.newPage());
  await setup.close();
  const before = await smsCount(phone);
  await page.goto("/signin/code?lang=en");
  await hydrated(page);
  await askForCode(page, phone);
  await expect(page.getByTestId("code-sent-to")).toContainText(phone.slice(-3));
  await pasteCode(page, await newSmsCode(phone, before));
  await expect(page).toHaveURL(/\/account\/profile$/);
});

test("an unknown email gets the same code step and no mail; a wrong code is refused", async ({ page }) => {
  const email = `nobody-${Date.now()}@example.com`;
  await page.goto("/signin/code?lang=en");
  await hydrated(page);
  await askForCode(page, email);
  await pasteCode(page, "123456");
  await expect(page.getByRole("alert").filter({ hasText: /code/i })).toBeVisible();
  expect(await mailCount(email)).toBe(0);
});

/** "No account yet?" on the code step: the short sign-up, up to /verify-account. */
async function createFromCodeStep(page: Page, other: { label: string; value: string }) {
  await page.getByTestId("code-signup-link").click();
  const form = page.getByTestId("code-signup");
  await expect(form.getByRole("heading", { name: "Create your account" })).toBeVisible();
  // Submitting empty says what is missing and sends nothing.
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("Full name is required")).toBeVisible();
  await expect(form.getByText("Please accept the terms of use and privacy policy")).toBeVisible();
  await form.getByLabel("Full name").fill("Code Newcomer");
  await form.getByLabel(other.label).fill(other.value);
  await form.getByText("I'm not a robot").click();
  await expect(form.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await form.getByRole("checkbox", { name: /terms of use/ }).check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify-account\?/);
}

test("a new email at sign-in by code opens an account with no password", async ({ page }) => {
  const email = `code-new-${Date.now()}@example.com`;
  const phone = randomPhone();
  await page.goto("/signin/code?lang=en");
  await hydrated(page);
  await askForCode(page, email);
  expect(await mailCount(email)).toBe(0);
  await createFromCodeStep(page, { label: "Phone number", value: phone });
  await pasteCode(page, await codeFromMail(email));
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await expect(page.getByTestId("profile-fullname")).toHaveText("Code Newcomer");
  await expect(page.getByTestId("profile-phone-number")).toHaveText(phone);
});

test("a new phone at sign-in by code opens an account, its phone proved by SMS", async ({ page }) => {
  const phone = randomPhone();
  const email = `code-new-phone-${Date.now()}@example.com`;
  await page.goto("/signin/code?lang=en");
  await hydrated(page);
  await askForCode(page, phone);
  expect(await smsCount(phone)).toBe(0);
  await createFromCodeStep(page, { label: "Email", value: email });
  await pasteCode(page, await newSmsCode(phone, 0));
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
});

test("inside a product's frame, a code sign-in hands the parent one message with a token", async ({
  page,
  browser,
}) => {
  const email = await freshEmailAccount(browser);
  const before = await mailCount(email);
  const src = `${PORTAL}/signin?iframe=1&layout=2&lang=en&app_code=ls&callback_url=${encodeURIComponent(CALLBACK)}`;
  await page.goto(parentAt("http://localhost:3311", src));
  const frame = page.frameLocator("#portal");
  await frame.getByTestId("code-signin-link").click();
  await expect(frame.getByRole("heading", { name: "Sign in with a code" })).toBeVisible();
  // Still the frame's look: its close button.
  await expect(frame.getByRole("button", { name: "Close" })).toBeVisible();
  await expect(frame.locator("[data-layout='2']")).toBeVisible();
  await page.waitForTimeout(500);
  await askForCode(frame, email);
  await pasteCode(frame, await codeFromMail(email, before));

  const messages = () => page.evaluate(() => (window as unknown as { messages: Received[] }).messages);
  await expect.poll(async () => (await messages()).length).toBe(1);
  const body = (await messages())[0]?.data.luid;
  expect(body?.is_auth).toBe(true);
  const info = await fetch(`${PORTAL}/2.0/auth/userinfo`, {
    method: "POST",
    headers: { authorization: String(body?.token) },
  });
  expect(((await info.json()) as { data: { email: string } }).data.email).toBe(email);
});
