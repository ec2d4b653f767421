import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { E2E } from "../../../playwright.config";
import { codeFromMail, demoAccount, productOrder, randomPhone, signInDemo } from "../../support/e2e";

// Issue 12: sign-up, sign-in and checkout with the keyboard alone (Tab, Shift+Tab, Enter, Space
// and typing; no clicks, no fill). Every stop of the focus must be on an element, and that
// element must show it (:focus-visible with an outline or a ring).

const BASE = `http://localhost:${E2E.appPort}`;

type Focused = { tag: string; type: string; name: string; isFocusVisible: boolean; hasIndicator: boolean };

/** The focused element (inside shadow roots too), its accessible name as a person would read it. */
async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body || !(element instanceof HTMLElement)) return null;
    const root = element.getRootNode() as Document | ShadowRoot;
    const labelledBy = element
      .getAttribute("aria-labelledby")
      ?.split(/\s+/)
      .map((id) => root.getElementById?.(id)?.textContent ?? document.getElementById(id)?.textContent ?? "")
      .join(" ");
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute("aria-label") ??
      labelledBy ??
      (labels?.length ? labels[0]?.textContent : null) ??
      element.textContent ??
      "";
    const style = getComputedStyle(element);
    const hasOutline =
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== "rgba(0, 0, 0, 0)";
    return {
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute("type") ?? "",
      name: name.replace(/\s+/g, " ").trim(),
      isFocusVisible: element.matches(":focus-visible"),
      hasIndicator: hasOutline || style.boxShadow !== "none",
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches `name`; at every stop
 * something has the focus and shows it.
 */
async function tabTo(page: Page, name: RegExp, { back = false, max = 40 } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    expect(now, `the focus left the page after ${seen.join(" → ")}`).not.toBeNull();
    if (!now) break;
    seen.push(`${now.tag}${now.type ? `[${now.type}]` : ""} "${now.name}"`);
    expect(now.isFocusVisible, `focus not visible on ${seen.at(-1)}`).toBe(true);
    expect(now.hasIndicator, `no focus outline or ring on ${seen.at(-1)}`).toBe(true);
    if (name.test(now.name)) return now;
  }
  throw new Error(`no element named ${name} within ${max} Tab presses: ${seen.join(" → ")}`);
}

async function typeInto(page: Page, name: RegExp, text: string) {
  await tabTo(page, name);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

async function open(page: Page, url: string) {
  await page.goto(url);
  // A value typed before the form's script runs is reset: wait for it.
  await page.waitForLoadState("networkidle");
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "LANGUAGE", value: "en", url: BASE }]);
});

test("keyboard only: sign up, solve the captcha, verify by email, land on the profile", async ({ page }) => {
  const email = `kbd-${randomBytes(4).toString("hex")}@example.com`;
  await open(page, "/signup");
  await typeInto(page, /^Full name/, "Keyboard Person");
  await typeInto(page, /^Email/, email);
  // A phone of its own: the demo account verified 0912345678 (a sign-up with it would be a decoy).
  await typeInto(page, /^Phone number/, randomPhone());
  await typeInto(page, /^Password$/, "Velvet-Otter-Lantern-47");
  await tabTo(page, /I'm not a robot/);
  await page.keyboard.press("Space");
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await tabTo(page, /terms of use/);
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: /terms of use/ })).toBeChecked();
  await tabTo(page, /^Complete$/);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/verify-account\?/);
  const masked = `k***${email.split("@")[0]?.slice(-1)}@example.com`;
  await expect(
    page.getByText(`We sent a 6-digit code to ${masked} if these details are new here`),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  const code = await codeFromMail(email);
  // The first of the six boxes has the cursor; each digit moves on and the sixth confirms.
  await expect(page.getByRole("textbox", { name: "Digit 1 of 6" })).toBeFocused();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
});

test("keyboard only: sign in with the demo account (a wrong password first), Shift+Tab goes back", async ({
  page,
}) => {
  const demo = demoAccount();
  await open(page, "/signin");
  await typeInto(page, /^Email$/, demo.email);
  await typeInto(page, /^Password$/, "Wrong@1234");
  // Back from the password to the email, then forward again.
  await tabTo(page, /^Email$/, { back: true });
  await tabTo(page, /^Password$/);
  await tabTo(page, /^Sign in$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").first()).toHaveText("Email or password is incorrect");

  // The alert does not take the focus away from the form: go back to the password and fix it.
  await tabTo(page, /^Password$/, { back: true });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(demo.password);
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/\/signin/);
  await expect(page.getByRole("navigation", { name: "Main menu" }).first()).toBeAttached();
});

test("keyboard only: checkout a product's order by bank transfer, the instructions show", async ({
  page,
  request,
}) => {
  const order = await productOrder(request, "Keyboard Shop");
  // Signed in through the fixture path; the payment itself is done by keyboard.
  await signInDemo(page);
  await open(page, order.checkout_url);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();

  // Points that cover the whole order leave no method to choose (its radios are disabled): the
  // points go off first, then the radio group takes one Tab stop; the arrow keys move inside it.
  const usePoints = page.getByRole("checkbox", { name: "Use points" });
  if ((await usePoints.count()) > 0) {
    await tabTo(page, /^Use points/);
    if (await usePoints.isChecked()) await page.keyboard.press("Space");
    await expect(usePoints).not.toBeChecked();
  }
  await tabTo(page, /^(Bank transfer|VNPAY|ZaloPay|MoMo)/, { back: true });
  const transfer = page.getByRole("radio", { name: /Bank transfer/ });
  for (let i = 0; i < 5 && !(await transfer.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(transfer).toBeChecked();
  await tabTo(page, /^Confirm$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Bank transfer details" })).toBeVisible();
  await expect(page.getByText(order.reference_no, { exact: true }).first()).toBeVisible();
});
