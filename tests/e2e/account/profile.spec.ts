import { randomBytes } from "node:crypto";
import path from "node:path";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { freshAccount, SCREENS_DIR, screenshot, signInDemo, submitSignIn } from "../../support/e2e";

const APP = "http://localhost:3310";

/** A real 1×1 PNG: the server re-encodes it to a 256 px WebP. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;

async function setLanguageCookie(context: BrowserContext, lang: string) {
  await context.addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
}

/** The seeded demo account (partner, affiliate, balances) on its profile. */
async function openDemoProfile(page: Page) {
  await signInDemo(page);
  await page.goto("/account/profile");
}

test.describe("profile", () => {
  test.beforeEach(async ({ context }) => {
    await setLanguageCookie(context, "en");
  });

  test("edit the profile with an avatar; an exe and a renamed non-image are refused", async ({ page }) => {
    await freshAccount(page);
    await expect(page.getByTestId("profile-initial")).toHaveText("F");
    await page.getByRole("button", { name: "Edit profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit profile" });
    await expect(dialog.getByLabel("Full name")).toBeFocused();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("readonly", "");
    // The account's phone was verified at sign-up: fixed.
    await expect(dialog.getByLabel("Phone number")).toHaveAttribute("readonly", "");

    // Named .exe: refused in the browser before anything is sent.
    await dialog.getByLabel("Avatar").setInputFiles({
      name: "x.exe",
      mimeType: "application/x-msdownload",
      buffer: randomBytes(4096),
    });
    await expect(dialog.getByText("This file type is not allowed")).toBeVisible();

    // Random bytes renamed x.png pass the browser's check; the server reads the bytes and refuses.
    await dialog.getByLabel("Avatar").setInputFiles({
      name: "x.png",
      mimeType: "image/png",
      buffer: randomBytes(4096),
    });
    await expect(dialog.getByText("This file type is not allowed")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("This file is not an image we can read")).toBeVisible();
    await screenshot(page, { path: path.join(SCREENS_DIR, "profile-edit-avatar-refused-en-desktop.png") });

    // Too large: refused in the browser with the 5 MB message.
    await dialog.getByLabel("Avatar").setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect(dialog.getByText("The image is larger than 5 MB")).toBeVisible();

    // A real image: previewed, saved, shown on the page.
    await dialog.getByLabel("Avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await expect(dialog.getByTestId("avatar-preview")).toHaveAttribute("src", /^blob:/);
    await dialog.getByLabel("Full name").fill("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Full name is required")).toBeVisible();
    await dialog.getByLabel("Full name").fill("Renamed Person");
    await dialog.getByLabel("Time zone").selectOption("Asia/Bangkok");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Your profile has been updated")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Hello, Renamed Person" })).toBeVisible();
    const avatar = page.getByTestId("profile-avatar");
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/avatars\/[\w-]+\.webp$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(256);

    // Saved for real: a reload shows it, and the dialog opens with the new values.
    await page.reload();
    await expect(page.getByTestId("profile-avatar")).toBeVisible();
    await page.getByRole("button", { name: "Edit profile" }).click();
    await expect(dialog.getByLabel("Full name")).toHaveValue("Renamed Person");
    await expect(dialog.getByLabel("Time zone")).toHaveValue("Asia/Bangkok");
    await expect(dialog.getByTestId("avatar-preview")).toHaveAttribute("src", /\/uploads\/avatars\//);
  });

  test("change password: checks, then sign in with the new one (the old one fails)", async ({ page }) => {
    const NEW_PASSWORD = "quiet otter paints 7 lanterns";
    const account = await freshAccount(page);
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    const submit = dialog.getByRole("button", { name: "Change password" });
    // The same hint as every new-password box.
    await expect(
      dialog.getByText("Use 8 to 64 characters. It can’t be only spaces or your email address."),
    ).toBeVisible();
    await submit.click();
    await expect(dialog.getByText("Current password is required")).toBeVisible();

    await dialog.getByLabel("Current password", { exact: true }).fill("Wrong@1234");
    await dialog.getByLabel("New password", { exact: true }).fill("abc");
    await dialog.getByLabel("Confirm new password", { exact: true }).fill("abc");
    await submit.click();
    // The one rule's bound (lib/password-rule.ts).
    await expect(dialog.getByText("New password must be at least 8 characters")).toBeVisible();

    // A guessable new password is refused in the browser, before the current one is checked.
    await dialog.getByLabel("New password", { exact: true }).fill("Matkhau@123");
    await dialog.getByLabel("Confirm new password", { exact: true }).fill("Matkhau@123");
    await submit.click();
    await expect(dialog.getByText(/This password is easy to guess/)).toBeVisible();

    // "billionaire" passes the estimator but is on the list of common breached passwords: only
    // the server refuses it, after the current password (below).
    await dialog.getByLabel("New password", { exact: true }).fill("billionaire");
    await dialog.getByLabel("Confirm new password", { exact: true }).fill("billionaire2");
    await submit.click();
    await expect(dialog.getByText("New password and confirmation do not match")).toBeVisible();

    await dialog.getByLabel("Confirm new password", { exact: true }).fill("billionaire");
    await submit.click();
    await expect(dialog.getByText("The password is incorrect")).toBeVisible();

    // Show/hide toggles the box.
    const current = dialog.getByLabel("Current password", { exact: true });
    await dialog.getByRole("button", { name: "Show" }).first().click();
    await expect(current).toHaveAttribute("type", "text");
    await current.fill(account.password);
    await submit.click();
    // A password known from breaches is refused with why (issue 22), whatever the rule allows.
    await expect(dialog.getByText(/one of the most common passwords leaked in data breaches/)).toBeVisible();
    await dialog.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText("Your password has been changed. Other devices have been signed out"),
    ).toBeVisible();

    await page.goto("/signout");
    await expect(page).toHaveURL(/\/signin/);
    await submitSignIn(page, account.email, account.password);
    await expect(page.getByText("Email or password is incorrect")).toBeVisible();
    await page.getByLabel("Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
  });

  test("change the affiliate code (a taken one is refused) and the flow-app code; join prompt", async ({
    page,
  }) => {
    await freshAccount(page);
    // Not an affiliate: the join prompt instead of payment information.
    // Issue 11: joining asks for the payment information in a dialog.
    await expect(page.getByTestId("affiliate-join")).toBeVisible();
    await expect(page.getByRole("button", { name: "Join the affiliate programme" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Update payment information" })).toHaveCount(0);
    // First impression 14: no code controls before joining.
    await expect(page.getByRole("button", { name: "Change affiliate code" })).toHaveCount(0);

    // Join: the code controls come with the programme.
    await page.getByRole("button", { name: "Join the affiliate programme" }).click();
    const join = page.getByRole("dialog", { name: "Join the affiliate programme" });
    await join.getByLabel("Payment information").fill("Vietcombank 0123456789 — Fresh Person");
    await join.getByRole("button", { name: "Join", exact: true }).click();
    await expect(join).toBeHidden();
    await expect(page.getByText("Welcome to the affiliate programme")).toBeVisible();
    await expect(page.getByTestId("affiliate-join")).toHaveCount(0);

    const before = (await page.getByTestId("affiliate-code-builder").textContent())?.trim() ?? "";
    await page.getByRole("button", { name: "Change affiliate code" }).click();
    const dialog = page.getByRole("dialog", { name: "Change affiliate code" });
    const input = dialog.getByLabel("Affiliate code");
    await expect(input).toHaveValue(before);
    await input.fill("a");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Affiliate code must be at least 2 characters")).toBeVisible();
    await input.fill("bad code!");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("may contain only letters, digits, - and _")).toBeVisible();
    // The demo account's code.
    await input.fill("demo");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("The code demo is already taken. Please choose another")).toBeVisible();

    const code = uniqueCode("e2e");
    await input.fill(code);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Your affiliate code has been changed")).toBeVisible();
    await expect(page.getByTestId("affiliate-code-builder")).toHaveText(code);
    // The invite link follows the code.
    await expect(page.getByTestId("referral-url")).toHaveValue(new RegExp(`referral_id=${code}$`));

    await page.getByRole("button", { name: "Change flow app code" }).click();
    const flow = page.getByRole("dialog", { name: "Change flow app affiliate code" });
    await flow.getByLabel("Flow app affiliate code").fill(uniqueCode("flow"));
    await flow.getByRole("button", { name: "Save" }).click();
    await expect(flow).toBeHidden();
    await expect(page.getByText("Your affiliate code has been changed")).toBeVisible();
  });

  // First impression 14: a new person sees the join prompt, not the controls of a programme they
  // are not in; at a phone's width too.
  test("a new person's profile shows no affiliate-code controls, only the join prompt", async ({ page }) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      if (viewport.width === 1280) await freshAccount(page);
      else await page.reload();
      const card = page.locator("section#affiliate");
      await expect(card.getByTestId("affiliate-join")).toBeVisible();
      await expect(card.getByText("You are not an affiliate yet")).toBeVisible();
      await expect(page.getByRole("button", { name: "Change affiliate code" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Change flow app code" })).toHaveCount(0);
      await expect(page.getByText("Change affiliate code")).toHaveCount(0);
      await expect(card.getByTestId("affiliate-code-builder")).toHaveCount(0);
      await expect(card.getByTestId("affiliate-code-flow")).toHaveCount(0);
    }
    // The same in Vietnamese.
    await setLanguageCookie(page.context(), "vi");
    await page.reload();
    await expect(page.getByTestId("affiliate-join")).toBeVisible();
    await expect(page.getByRole("button", { name: "Đổi mã cộng tác viên" })).toHaveCount(0);
  });

  test("affiliate payment information: required, saved", async ({ page }) => {
    await openDemoProfile(page);
    await expect(page.getByRole("link", { name: "Join the affiliate programme" })).toHaveCount(0);
    const original = (await page.getByTestId("payment-info").textContent()) ?? "";
    expect(original).toContain("Vietcombank");
    await page.getByRole("button", { name: "Update payment information" }).click();
    const dialog = page.getByRole("dialog", { name: "Affiliate payment information" });
    await expect(dialog.getByLabel("Referral link")).toHaveAttribute("readonly", "");
    await expect(dialog.getByLabel("Referral link")).toHaveValue(/\/signup\?referral_id=demo$/);
    const box = dialog.getByLabel("Payment information");
    await expect(box).toHaveValue(original);
    await box.fill("   ");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Please enter your payment information")).toBeVisible();
    await box.fill(`${original}\nBranch: Hanoi`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Your payment information has been saved")).toBeVisible();
    await expect(page.getByTestId("payment-info")).toContainText("Branch: Hanoi");
    // Leave the shared demo account as the seed made it.
    await page.getByRole("button", { name: "Update payment information" }).click();
    await dialog.getByLabel("Payment information").fill(original);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("payment-info")).toHaveText(original);
  });

  test("balances: money in VND, credit with two decimals, links to the logs", async ({ page }) => {
    await openDemoProfile(page);
    await expect(page.getByTestId("balance-money")).toHaveText(/₫/);
    await expect(page.getByTestId("balance-credit-app")).toHaveText(/\d\.\d{2}$/);
    // The demo account is a partner with credit: credit shows instead of points.
    await expect(page.getByTestId("balance-credit")).toHaveText(/\d\.\d{2}$/);
    await expect(page.getByTestId("balance-point")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Credit history" })).toHaveAttribute("href", "/credit");
  });

  test("the invite block copies the referral link", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await freshAccount(page);
    // No partner credit yet: points show, with their log.
    await expect(page.getByTestId("balance-point")).toHaveText("0.00");
    await expect(page.getByRole("link", { name: "Point history" })).toHaveAttribute("href", "/point");
    const url = await page.getByTestId("referral-url").inputValue();
    expect(url).toMatch(/^http:\/\/localhost:3310\/signup\?referral_id=[\w-]+$/);
    await expect(page.getByTestId("referral-count")).toHaveText("No one has joined with your link yet");
    await expect(page.getByRole("link", { name: "See referral list" })).toHaveAttribute("href", "/referral");
    await page.getByRole("button", { name: "Copy referral link" }).click();
    await expect(page.getByText("Referral link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test("the complete-phone prompt is not shown to someone with a phone", async ({ page }) => {
    await freshAccount(page);
    await expect(page.getByTestId("profile-phone")).toHaveText(/^0\d{9}$/);
    await expect(page.getByRole("button", { name: "Add your phone number" })).toHaveCount(0);
  });
});

test("changing the language in the profile reloads the page in it", async ({ page, context }) => {
  await setLanguageCookie(context, "vi");
  await freshAccount(page);
  await expect(page.getByRole("heading", { name: "Xin chào, Fresh Person" })).toBeVisible();
  await page.getByRole("button", { name: "Sửa hồ sơ" }).click();
  const dialog = page.getByRole("dialog", { name: "Sửa hồ sơ" });
  await expect(dialog.getByLabel("Ngôn ngữ")).toHaveValue("vi");
  await dialog.getByLabel("Ngôn ngữ").selectOption("en");
  await dialog.getByRole("button", { name: "Lưu" }).click();
  await expect(page.getByRole("heading", { name: "Hello, Fresh Person" })).toBeVisible();
  await expect(page.getByText("Your profile has been updated")).toBeVisible();
  const cookies = await context.cookies(APP);
  expect(cookies.find((c) => c.name === "LANGUAGE")?.value).toBe("en");
  await page.getByRole("button", { name: "Edit profile" }).click();
  await expect(page.getByRole("dialog", { name: "Edit profile" }).getByLabel("Language")).toHaveValue("en");
});

// The page and each modal, vi and en, desktop and phone (pictures with E2E_SCREENSHOTS=1).
const BUTTONS = {
  en: {
    edit: "Edit profile",
    password: "Change password",
    code: "Change affiliate code",
    flow: "Change flow app code",
    payment: "Update payment information",
  },
  vi: {
    edit: "Sửa hồ sơ",
    password: "Đổi mật khẩu",
    code: "Đổi mã cộng tác viên",
    flow: "Đổi mã ứng dụng flow",
    payment: "Cập nhật thông tin thanh toán",
  },
} as const;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

test("profile screens with each modal open", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A fresh account for the non-affiliate view (join prompt, points), the demo for the rest.
  await setLanguageCookie(page.context(), "en");
  await freshAccount(page);
  const demoContext = await browser.newContext();
  const demo = await demoContext.newPage();
  await openDemoProfile(demo);
  // Pages whole; modals as the viewport shows them.
  const shot = (p: Page, name: string, fullPage = true) =>
    screenshot(p, { path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
  for (const lang of ["vi", "en"] as const) {
    await setLanguageCookie(page.context(), lang);
    await setLanguageCookie(demoContext, lang);
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const suffix = `${lang}-${device}`;
      await page.setViewportSize(viewport);
      await page.goto("/account/profile");
      await expect(page.locator("h1").first()).toBeVisible();
      await shot(page, `profile-fresh-${suffix}`);

      await demo.setViewportSize(viewport);
      await demo.goto("/account/profile");
      await expect(demo.getByTestId("payment-info")).toBeVisible();
      await shot(demo, `profile-demo-${suffix}`);
      const open = async (button: string, name: string, action?: (dialog: Locator) => Promise<void>) => {
        await demo.getByRole("button", { name: button, exact: true }).first().click();
        const dialog = demo.getByRole("dialog");
        await expect(dialog).toBeVisible();
        if (action) await action(dialog);
        await shot(demo, `profile-${name}-${suffix}`, false);
        await demo.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      };
      const label = BUTTONS[lang];
      await open(label.edit, "edit");
      await open(label.password, "password", async (dialog) => {
        await dialog.locator('button[type="submit"]').click();
        await expect(dialog.getByRole("alert").first()).toBeVisible();
      });
      await open(label.code, "affiliate-code");
      await open(label.flow, "flow-code");
      await open(label.payment, "payment");
    }
  }
  await demoContext.close();
});

// Issue 39, point 7: the one long column became three sections, each at its own address.
for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`the profile's sections at ${viewport.width} px: tabs, their own addresses, old links kept (${device})`, async ({
    page,
  }) => {
    await setLanguageCookie(page.context(), "en");
    await page.setViewportSize(viewport);
    await signInDemo(page);
    await page.goto("/account/profile");
    const tabs = page.getByRole("navigation", { name: "Profile sections" });
    await expect(tabs.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    // The first section keeps who the person is; security and data are elsewhere.
    await expect(page.getByTestId("profile-email")).toBeVisible();
    await expect(page.getByRole("list", { name: "Devices" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Delete account" })).toHaveCount(0);
    await page.waitForLoadState("networkidle");

    await tabs.getByRole("link", { name: "Security" }).click();
    await expect(page).toHaveURL(/\/account\/profile\/security$/);
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Security" })).toHaveAttribute("aria-current", "page");
    const devices = page.getByRole("list", { name: "Devices" });
    await expect(devices.getByRole("listitem").first()).toBeVisible();
    // Issue 39, point 5: plain addresses and product names, never a socket's form or an app code.
    await expect(page.getByRole("main")).not.toContainText("::ffff:");
    await expect(devices).not.toContainText(/\bluid\b/i);
    // The portal's own session is named with the brand, as a product's is with its name.
    await expect(devices).toContainText("Nova Account · IP ");

    await tabs.getByRole("link", { name: "Data & privacy" }).click();
    await expect(page).toHaveURL(/\/account\/profile\/data$/);
    await expect(page.getByRole("region", { name: "Your data" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Delete account" })).toBeVisible();
    // The strip fits the width: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // A reload stays in its section; the one-page profile's links open theirs.
    await page.reload();
    await expect(tabs.getByRole("link", { name: "Data & privacy" })).toHaveAttribute("aria-current", "page");
    await page.goto("/account/profile#security");
    await expect(page).toHaveURL(/\/account\/profile\/security$/);
    await page.goto("/account/profile#affiliate");
    await expect(page.locator("section#affiliate")).toBeVisible();
    await expect(page).toHaveURL(/\/account\/profile#affiliate$/);
  });
}
