// Sign in with Zalo (issue 40) against the peers' Zalo Login (tests/peers/zalo.ts under /zalo):
// a first sign-in proves an email by code, the profile links and unlinks Zalo, and the framed
// sign-in goes to Zalo in a pop-up and finishes in the frame.
import { expect, type Page, test } from "@playwright/test";
import type { ZaloIdentity } from "../../peers/zalo";
import { codeFromMail, freshAccount, PEER, pasteCode } from "../../support/e2e";
import { withLock } from "../../support/lock";
import { hydrated } from "../../support/settle";

const PORTAL = "http://localhost:3310";
const CALLBACK = "http://localhost:3311/callback";

type Received = {
  origin: string;
  data: Record<string, { token?: string; is_auth?: boolean; redirect_url?: string }>;
};

async function english(page: Page) {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: PORTAL }]);
}

const zaloId = () => `9${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Who signs in at Zalo next, held while `start` takes it (the peer has one "next" for everyone). */
async function withZaloIdentity(identity: ZaloIdentity, start: () => Promise<void>) {
  await withLock(process.env.E2E_DATA_DIR ?? "", "zalo-identity", async () => {
    await fetch(`${PEER}/zalo/identity`, { method: "POST", body: JSON.stringify(identity) });
    await start();
  });
}

/** The profile's Security section, where the sign-in methods are (issue 39's sections). */
async function securitySection(page: Page) {
  await page.goto("/account/profile/security");
  await hydrated(page);
}

/** Signed in: links Zalo as `identity` from the Security section and checks the card says so. */
async function linkZalo(page: Page, identity: ZaloIdentity) {
  if (!page.url().includes("/account/profile/security")) await securitySection(page);
  const card = page.getByTestId("method-zalo");
  await withZaloIdentity(identity, async () => {
    await card.getByRole("button", { name: "Link Zalo" }).click();
    await expect(page).toHaveURL(/\/account\/profile\/security\?linked=zalo$/);
  });
  await hydrated(page);
  await expect(page.getByTestId("method-zalo").getByRole("button", { name: "Unlink Zalo" })).toBeVisible();
}

test("a first Zalo sign-in proves an email by code, then completes the registration", async ({ page }) => {
  await english(page);
  const email = `zalo-${Date.now().toString(36)}@example.com`;
  await withZaloIdentity({ id: zaloId(), name: "Zalo Person" }, async () => {
    await page.goto("/signin");
    await hydrated(page);
    await page.getByRole("button", { name: "Zalo" }).click();
    await expect(page).toHaveURL(/\/complete-reg\/social\?token=[\w-]+&provider=zalo$/);
  });
  await expect(page.getByRole("heading", { name: "Finish signing in with Zalo" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  // The portal's six boxes: the sixth digit confirms.
  await expect(page.getByRole("group", { name: "Verification code" })).toBeVisible();
  await pasteCode(page, await codeFromMail(email));
  // The address is proved: the account exists, signed in, and adds its phone (by SMS) as any social sign-up.
  await expect(page).toHaveURL(/\/complete-reg$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Full name")).toHaveValue("Zalo Person");
});

test("a refused permission comes back to /signin with a line in the person's language", async ({ page }) => {
  await withZaloIdentity({ id: zaloId(), deny: true }, async () => {
    await page.goto("/signin");
    await hydrated(page);
    await page.getByRole("button", { name: "Zalo" }).click();
    await expect(page).toHaveURL(/\/signin/);
  });
  // The browser speaks Vietnamese (playwright.config.ts locale vi-VN).
  await expect(page.getByText("Bạn đã huỷ đăng nhập tại nhà cung cấp")).toBeVisible();
});

test("the profile lists the sign-in methods, links Zalo and unlinks it", async ({ page }) => {
  await english(page);
  const account = await freshAccount(page);
  await securitySection(page);
  await expect(page.getByRole("heading", { name: "Sign-in methods" })).toBeVisible();
  await expect(page.getByTestId("method-google")).toContainText("Linked since");
  const identity = { id: zaloId(), name: "Not The Same Name" };
  await linkZalo(page, identity);
  await page.getByTestId("method-zalo").getByRole("button", { name: "Unlink Zalo" }).click();
  // Taking a way in away asks "confirm it's you" first; then the unlinking goes on by itself.
  const reauth = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(reauth.getByText("before unlinking Zalo")).toBeVisible();
  await reauth.getByLabel("Your password").fill(account.password);
  await reauth.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(reauth).toHaveCount(0);
  await expect(page.getByText("Unlinked")).toBeVisible();
  await expect(page.getByTestId("method-zalo").getByRole("button", { name: "Link Zalo" })).toBeVisible();
});

test("in a product's frame, Zalo opens in a pop-up and the frame finishes the sign-in", async ({ page }) => {
  await english(page);
  const account = await freshAccount(page);
  const identity = { id: zaloId() };
  await linkZalo(page, identity);
  await page.context().clearCookies();

  const src = `${PORTAL}/signin?iframe=1&lang=en&app_code=ls&callback_url=${encodeURIComponent(CALLBACK)}`;
  // The parent is an allowed host (CALLBACK_ALLOWED_HOSTS has localhost:3311, not 127.0.0.1:3311).
  await page.goto(`http://localhost:3311/parent?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator("#portal");
  await expect(frame.getByRole("button", { name: "Zalo" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await withZaloIdentity(identity, async () => {
    const popupOpened = page.waitForEvent("popup");
    await frame.getByRole("button", { name: "Zalo" }).click();
    const popup = await popupOpened;
    // The pop-up goes to Zalo, comes back, hands the answer to the frame and closes.
    await popup.waitForEvent("close");
  });
  // The parent page never moved: the frame signed in and posted the product's token.
  await expect(page).toHaveURL(/\/parent\?/);
  const messages = () => page.evaluate(() => (window as unknown as { messages: Received[] }).messages);
  await expect.poll(async () => (await messages()).length).toBeGreaterThan(0);
  const body = (await messages()).at(-1)?.data.luid;
  expect(body?.is_auth).toBe(true);
  expect(body?.redirect_url).toContain(`${CALLBACK}?`);
  const info = await fetch(`${PORTAL}/2.0/auth/userinfo`, {
    method: "POST",
    headers: { authorization: String(body?.token) },
  });
  expect(((await info.json()) as { data: { email: string } }).data.email).toBe(account.email);
});
