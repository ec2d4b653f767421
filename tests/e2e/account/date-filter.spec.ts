// First impression 18: the list date filter names an impossible date precisely, on a row of its
// own, so neither date field moves (desktop and phone widths).
import path from "node:path";
import { expect, type Locator, test } from "@playwright/test";
import { SCREENS_DIR, screenshot, signInDemo } from "../../support/e2e";

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Where a field sits on the page (not the viewport: a scroll must not look like a move). */
const place = (field: Locator) =>
  field.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
  });

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`an impossible date is named and moves no field (${device})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInDemo(page, "en");
    await page.goto("/order");
    const from = page.getByRole("textbox", { name: "From", exact: true });
    const to = page.getByRole("textbox", { name: "To", exact: true });
    await expect(from).toBeVisible();
    await page.waitForLoadState("networkidle");
    const fromBefore = await place(from);
    const toBefore = await place(to);

    await from.fill("31/02/2026");
    await from.press("Tab");
    const message = page.getByRole("alert").filter({ hasText: "31/02/2026 is not a date" });
    await expect(message).toHaveText("From: 31/02/2026 is not a date");
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(from).toHaveAttribute("aria-describedby", String(await message.getAttribute("id")));
    // Both fields keep their places; the message sits below them, full width.
    expect(await place(from)).toEqual(fromBefore);
    expect(await place(to)).toEqual(toBefore);
    expect((await place(message)).y).toBeGreaterThanOrEqual(toBefore.y + toBefore.height);
    // The whole date shows in its field.
    expect(await from.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Nothing was applied to the list.
    expect(new URL(page.url()).searchParams.has("from")).toBe(false);
    await screenshot(page, { path: path.join(SCREENS_DIR, `date-filter-not-a-date-en-${device}.png`) });

    // A day after the end date says which bound it crosses.
    await to.fill("05/03/2026");
    await to.press("Enter");
    await expect(page).toHaveURL(/to=2026-03-05/);
    // The quick range now says "Custom dates" (a wider select): measure the row as it is now.
    const toApplied = await place(to);
    await from.fill("10/03/2026");
    await from.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "From:" })).toHaveText(
      "From: 10/03/2026 is after the end date 05/03/2026",
    );
    expect(await place(to)).toEqual(toApplied);

    // A real day clears the message and applies.
    await from.fill("01/03/2026");
    await from.press("Enter");
    await expect(page).toHaveURL(/from=2026-03-01/);
    await expect(page.getByRole("alert").filter({ hasText: "From:" })).toHaveCount(0);
    await expect(from).not.toHaveAttribute("aria-invalid", "true");
  });
}

test("the date message speaks the page's language (vi, my)", async ({ page }) => {
  for (const [lang, from, text] of [
    ["vi", "Từ ngày", "Từ ngày: 31/02/2026 không phải là ngày có thật"],
    ["my", "မှ", "မှ: 31/02/2026 သည် ပြက္ခဒိန်တွင် မရှိသော ရက်စွဲ ဖြစ်သည်"],
  ] as const) {
    await signInDemo(page, lang);
    await page.goto("/order");
    const field = page.getByRole("textbox", { name: from, exact: true });
    await field.fill("31/02/2026");
    await field.press("Tab");
    await expect(page.getByRole("alert").filter({ hasText: "31/02/2026" })).toHaveText(text);
  }
});
