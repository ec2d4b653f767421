import { randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type FrameLocator, type Page } from "@playwright/test";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { E2E } from "../../playwright.config";

export const PEER = `http://127.0.0.1:${E2E.peerHttpPort}`;

/** The code in the newest email the local SMTP server received for `to`. */
export async function codeFromMail(to: string, after = 0): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${PEER}/mail?to=${encodeURIComponent(to)}`)).json()) as {
          text: string;
        }[];
        if (mails.length <= after) return "";
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? "")?.[1] ?? "";
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export async function mailCount(to: string): Promise<number> {
  return ((await (await fetch(`${PEER}/mail?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;
}

export async function callbacks(): Promise<Record<string, string>[]> {
  return (await (await fetch(`${PEER}/callbacks`)).json()) as Record<string, string>[];
}

/** The demo account the server seeded into its fresh data dir. */
export function demoAccount(): { email: string; password: string } {
  const dir = process.env.E2E_DATA_DIR ?? "";
  return JSON.parse(readFileSync(path.join(dir, "demo-account.json"), "utf8"));
}

export async function setLanguage(page: Page, lang: string): Promise<void> {
  await page.context().addCookies([
    {
      name: "LANGUAGE",
      value: lang,
      url: page.url().startsWith("http") ? page.url() : `http://localhost:${E2E.appPort}`,
    },
  ]);
}

export const SCREENS_DIR = path.join("tests", "artifacts", "screens");

/**
 * A six-digit code pasted into the code boxes of `scope` (a page or a frame) as the browser
 * delivers a paste: the boxes fill and the form confirms on its own (no click). Waits for the
 * boxes to be live first (a paste before hydration would reach plain inputs).
 */
export async function pasteCode(scope: Page | FrameLocator, code: string): Promise<void> {
  await expect(scope.locator("[data-testid=code-boxes][data-ready]")).toBeVisible();
  await scope
    .locator("[data-testid=code-boxes] input")
    .first()
    .evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData("text/plain", value);
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
}

/** The code in the newest SMS the local webhook receiver got for `to`. */
export async function smsCode(to: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${PEER}/sms?to=${encodeURIComponent(to)}`)).json()) as {
          params?: { code?: string };
        }[];
        code = String(messages.at(-1)?.params?.code ?? "");
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * A fresh account with a password and a verified phone, signed in on `page`, made the quick way:
 * a first Google sign-in at the local OAuth server, completed registration, SMS code.
 */
export async function freshAccount(
  page: import("@playwright/test").Page,
): Promise<{ email: string; password: string; phone: string }> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `fresh-${id}@example.com`;
  const phone = `09${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
  const password = "Abc@12345";
  await fetch(`${PEER}/identity`, {
    method: "POST",
    body: JSON.stringify({ sub: `fresh-${id}`, email, email_verified: true, name: "Fresh Person" }),
  });
  await page.goto("/signin");
  await page.getByRole("button", { name: "Google" }).click();
  await expect(page).toHaveURL(/\/complete-reg/);
  // The form hydrates after the page shows: a value typed before that is reset, so wait for it.
  await page.waitForLoadState("networkidle");
  const tel = page.locator('input[type="tel"]');
  await expect(async () => {
    await tel.fill(phone);
    await expect(tel).toHaveValue(phone, { timeout: 1_000 });
  }).toPass();
  await page.locator('input[autocomplete="new-password"]').fill(password);
  await page.getByRole("checkbox").check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/verify-account\?/);
  // The form works once its script has run (a click before that only reloads the page).
  await page.waitForLoadState("networkidle");
  // The six boxes confirm on their own once the code is in.
  await pasteCode(page, await smsCode(phone));
  await expect(page).toHaveURL(/\/account\/profile$/);
  return { email, password, phone };
}

/**
 * A live /verify-account address (`?token=…`, no email or phone): a fresh sign-up through /2.0,
 * the captcha solved as the widget does. A made-up token shows the expired-link state instead.
 */
export async function liveVerifyAccountUrl(request: APIRequestContext): Promise<string> {
  const origin = `http://localhost:${E2E.appPort}`;
  const challenge = (await (await request.get(`${origin}/2.0/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const answer = (await (
    await request.post(`${origin}/2.0/auth/signup`, {
      headers: { origin },
      data: {
        fullname: "Screen Person",
        email: `screens-${randomBytes(4).toString("hex")}@example.com`,
        password: "Abc@12345",
        phone: `09${String(randomInt(0, 100_000_000)).padStart(8, "0")}`,
        country_code: "vn",
        token: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"),
      },
    })
  ).json()) as { code: number; message: string; data: { redirect_url: string } };
  expect(answer.code, answer.message).toBe(200);
  return answer.data.redirect_url;
}
