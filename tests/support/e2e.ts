// The end-to-end specs' side (tests/e2e, Playwright): what the local peers received (mail, SMS,
// callbacks), the demo account and its signed-in fixture, fresh accounts made the quick way.
import { randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type FrameLocator,
  type Page,
} from "@playwright/test";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { E2E, E2E_PRODUCT } from "../../playwright.config";
import type { CreatedOrderDto } from "../../server/order/schema";
import { withLock } from "./lock";
import { hydrated } from "./settle";

export const PEER = `http://127.0.0.1:${E2E.peerHttpPort}`;
export const APP = `http://localhost:${E2E.appPort}`;
// page.request carries the browser's cookies; the portal wants its own origin on a cookie POST.
export const SAME_ORIGIN = { origin: APP };
/** The sales app's page its sign-in hand-off returns to. */
const PRODUCT_CALLBACK = `http://localhost:${E2E.peerHttpPort}/callback`;

type Envelope<T> = { code: number; message: string; data: T };

/**
 * The first match of `pattern` (its first group when it has one) in the newest email the local
 * SMTP server received for `to`, polled until more than `after` emails arrived and one matches.
 */
export async function newestMailMatch(to: string, after: number, pattern: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${PEER}/mail?to=${encodeURIComponent(to)}`)).json()) as {
          text: string;
        }[];
        if (mails.length <= after) return "";
        const match = pattern.exec(mails.at(-1)?.text ?? "");
        found = match?.[1] ?? match?.[0] ?? "";
        return found;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return found;
}

/** The code in the newest email the local SMTP server received for `to`. */
export function codeFromMail(to: string, after = 0): Promise<string> {
  return newestMailMatch(to, after, /\b(\d{6})\b/);
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

/**
 * The demo account signed in on the cookie jar of `on` (a page's context, or a context) through
 * /2.0/auth/signin: the fixture path, not the UI. `lang` sets the LANGUAGE cookie first.
 */
export async function signInDemo(
  on: Page | BrowserContext,
  lang?: string,
): Promise<{ email: string; password: string }> {
  const context = "mainFrame" in on ? on.context() : on;
  if (lang) await context.addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
  const demo = demoAccount();
  const response = await context.request.post("/2.0/auth/signin", { data: demo, headers: SAME_ORIGIN });
  expect((await response.json()).code).toBe(200);
  return demo;
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
 * A picture of a screen to look at (tests/artifacts/screens), taken only when E2E_SCREENSHOTS=1.
 * No test compares the pictures, and on CI's two cores they cost: the ten tours' 270 full-page
 * screenshots took 59 s of the tours' 457 s (a tour-only run: 4m07s with them, 3m44s without).
 * The assertions around each call stay either way, and a failing test still gets Playwright's own
 * screenshot (`only-on-failure`).
 */
export async function screenshot(page: Page, options: Parameters<Page["screenshot"]>[0]): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "1") await page.screenshot(options);
}

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

export type OAuthIdentity = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  deny?: boolean;
};

/**
 * `identity` is who the local OAuth server (Google and Facebook alike) signs in next, for the sign-in
 * `start` begins (a click on Google or Facebook). The server holds one next identity for the whole
 * run: a lock keeps the other worker from setting its own until an authorization has taken this one.
 */
export async function withOAuthIdentity(identity: OAuthIdentity, start: () => Promise<void>): Promise<void> {
  await withLock(process.env.E2E_DATA_DIR ?? "", "oauth-identity", async () => {
    await fetch(`${PEER}/identity`, { method: "POST", body: JSON.stringify(identity) });
    await start();
    await expect
      .poll(async () => ((await (await fetch(`${PEER}/identity`)).json()) as { pending: boolean }).pending)
      .toBe(false);
  });
}

/** A first Google sign-in at the local OAuth server as a new person with a verified email. */
export async function firstGoogleSignIn(page: Page, who: { sub: string; email: string; name: string }) {
  await withOAuthIdentity(
    { sub: who.sub, email: who.email, email_verified: true, name: who.name },
    async () => {
      await page.goto("/signin");
      await page.getByRole("button", { name: "Google" }).click();
    },
  );
}

/**
 * A fresh account with a password and a verified phone, signed in on `page`, made the quick way:
 * a first Google sign-in at the local OAuth server, completed registration, SMS code.
 */
export async function freshAccount(page: Page): Promise<{ email: string; password: string; phone: string }> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `fresh-${id}@example.com`;
  const phone = `09${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
  const password = "Velvet-Otter-Lantern-47";
  await firstGoogleSignIn(page, { sub: `fresh-${id}`, email, name: "Fresh Person" });
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
  // The profile's buttons work once it has hydrated: a click before that is lost (seen on a busy
  // machine: "Turn on with an authenticator app" opened nothing).
  await hydrated(page);
  return { email, password, phone };
}

/**
 * The profile's Security section (two-factor, passkeys, devices, activity: issue 39 moved them off
 * the first section), hydrated so its buttons work.
 */
export async function openSecurity(page: Page): Promise<void> {
  await page.goto("/account/profile/security");
  await hydrated(page);
}

/** The token the sales app holds for the demo person (the sign-in hand-off with a callback). */
export async function demoProductToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/2.0/auth/signin", {
    headers: SAME_ORIGIN,
    data: { ...demoAccount(), callback_url: PRODUCT_CALLBACK, app_code: "ls" },
  });
  const body = (await response.json()) as Envelope<{ redirect_url: string }>;
  const token = new URL(body.data.redirect_url).searchParams.get("token");
  expect(token, "product token").toBeTruthy();
  return String(token);
}

/**
 * DESIGN §11: the sales app orders `months` (1) of `packageCode` (PRO) for the store `storeId` of
 * the demo person, with `idempotencyKey` when given; the answer as it came.
 */
export async function demoProductOrder(
  request: APIRequestContext,
  order: {
    storeId: string;
    storeName: string;
    packageCode?: string;
    months?: number;
    idempotencyKey?: string;
  },
): Promise<Envelope<CreatedOrderDto>> {
  const token = await demoProductToken(request);
  const response = await request.post("/2.0/order/create", {
    headers: {
      authorization: `Bearer ${E2E_PRODUCT.apiKey}`,
      ...(order.idempotencyKey ? { "idempotency-key": order.idempotencyKey } : {}),
    },
    data: {
      token,
      lines: [
        {
          store_id: order.storeId,
          store_name: order.storeName,
          package_code: order.packageCode ?? "PRO",
          months: order.months ?? 1,
        },
      ],
    },
  });
  return (await response.json()) as Envelope<CreatedOrderDto>;
}

/** A month of PRO for a new store of the demo person, created (the accessibility and tour specs). */
export async function productOrder(request: APIRequestContext, storeName: string): Promise<CreatedOrderDto> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const body = await demoProductOrder(request, {
    storeId: `a11y-${id}`,
    storeName,
    idempotencyKey: `a11y-${id}`,
  });
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** A Vietnamese mobile number nobody else in the run has, most likely. */
export const randomPhone = () => `09${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;

/** A captcha token from /2.0/captcha/challenge, solved as the widget solves it. */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get(`${APP}/2.0/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/**
 * A fresh sign-up through /2.0 (the captcha solved as the widget does), named `fullname`, its
 * email starting with `emailPrefix`: the email and the live /verify-account address it leads to.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  who: { fullname: string; emailPrefix: string },
): Promise<{ email: string; url: string }> {
  const email = `${who.emailPrefix}-${randomBytes(4).toString("hex")}@example.com`;
  const answer = (await (
    await request.post(`${APP}/2.0/auth/signup`, {
      headers: SAME_ORIGIN,
      data: {
        fullname: who.fullname,
        email,
        password: "Velvet-Otter-Lantern-47",
        phone: randomPhone(),
        country_code: "vn",
        token: await solvedCaptcha(request),
      },
    })
  ).json()) as { code: number; message: string; data: { redirect_url: string } };
  expect(answer.code, answer.message).toBe(200);
  return { email, url: answer.data.redirect_url };
}

/**
 * A fresh person signed up and verified through /2.0 (captcha solved, the emailed code typed), so
 * the session lands in `page`'s context. The password is random and made of nothing of the email or
 * name (the new-password rules refuse those, and common ones).
 */
export async function verifiedThroughApi(
  page: Page,
  who: { fullname: string; emailPrefix: string },
): Promise<{ email: string; password: string }> {
  const email = `${who.emailPrefix}-${randomBytes(4).toString("hex")}@example.com`;
  const password = `Qv7!${randomBytes(6).toString("hex")}`;
  const call = async <T>(path: string, data: Record<string, unknown>) => {
    const answer = (await (
      await page.request.post(`${APP}/2.0${path}`, { headers: SAME_ORIGIN, data })
    ).json()) as { code: number; message: string; data: T };
    expect(answer.code, answer.message).toBe(200);
    return answer.data;
  };
  const signup = await call<{ token: string }>("/auth/signup", {
    fullname: who.fullname,
    email,
    password,
    phone: randomPhone(),
    country_code: "vn",
    token: await solvedCaptcha(page.request),
  });
  await call("/auth/verify-account", { code: await codeFromMail(email), token: signup.token });
  return { email, password };
}

/**
 * A live /verify-account address (`?token=…`, no email or phone) of a fresh sign-up. A made-up
 * token shows the expired-link state instead.
 */
export async function liveVerifyAccountUrl(request: APIRequestContext): Promise<string> {
  return (await signUpThroughApi(request, { fullname: "Screen Person", emailPrefix: "screens" })).url;
}

/** The sign-in form of `scope` (a page, or the portal in a frame) filled in and sent, in English. */
export async function submitSignIn(
  scope: Page | FrameLocator,
  email: string,
  password: string,
): Promise<void> {
  await scope.getByLabel("Email").fill(email);
  await scope.getByLabel("Password").fill(password);
  await scope.getByRole("button", { name: "Sign in", exact: true }).click();
}
