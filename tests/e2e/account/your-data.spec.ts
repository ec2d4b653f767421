import { readFileSync } from "node:fs";
import { type Download, expect, type Page, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { APP, verifiedThroughApi } from "../../support/e2e";

// Profile → Your data (issue 22): the button downloads one zip with the person's JSON and an HTML
// summary; it works from the keyboard and at phone width.

/** A fresh person signed up and verified through /2.0; the session lands in the page's context. */
const freshPerson = (page: Page) =>
  verifiedThroughApi(page, { fullname: "Data Person", emailPrefix: "e2e-data" });

/** The zip of a download: its JSON and its summary. */
async function filesOf(download: Download) {
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const json = files["personal-data.json"];
  const html = files["summary.html"];
  expect(json, "personal-data.json in the zip").toBeDefined();
  expect(html, "summary.html in the zip").toBeDefined();
  return {
    data: JSON.parse(strFromU8(json ?? new Uint8Array())) as { profile: { email: string } },
    html: strFromU8(html ?? new Uint8Array()),
  };
}

test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
});

test("Download my data gives a zip whose JSON and summary are the person's", async ({ page }) => {
  const { email } = await freshPerson(page);
  // A link to the one-page profile's part opens its section (issue 39).
  await page.goto("/account/profile#data");
  await expect(page).toHaveURL(/\/account\/profile\/data$/);
  const card = page.getByRole("region", { name: "Your data" });
  await expect(card).toBeVisible();
  // The button works once the page's script has run (a click before that does nothing).
  await page.waitForLoadState("networkidle");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^e2e-data-[0-9a-f]+-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const { data, html } = await filesOf(download);
  expect(data.profile.email).toBe(email);
  expect(html).toContain(email);
  expect(html).toContain('<html lang="en">');
  await expect(card.getByText("Your data was downloaded")).toBeVisible();
  // The download is in the person's security activity.
  await page.goto("/account/profile/security");
  await expect(page.getByText("Data downloaded").first()).toBeVisible();
});

test("Download my data works from the keyboard at phone width, in Vietnamese", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: "LANGUAGE", value: "vi", url: APP }]);
  const { email } = await freshPerson(page);
  await page.goto("/account/profile");
  await page.waitForLoadState("networkidle");
  // The section tabs fit the phone's width and lead there.
  await page
    .getByRole("navigation", { name: "Các phần của hồ sơ" })
    .getByRole("link", { name: "Dữ liệu & quyền riêng tư" })
    .click();
  await expect(page).toHaveURL(/\/account\/profile\/data$/);
  const button = page
    .getByRole("region", { name: "Dữ liệu của bạn" })
    .getByRole("button", { name: "Tải dữ liệu của tôi" });
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await button.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const { data, html } = await filesOf(download);
  expect(data.profile.email).toBe(email);
  expect(html).toContain("Dữ liệu của bạn");
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("A large account's export: the card says a link will come by email", async ({ page }) => {
  await freshPerson(page);
  // The e2e server keeps the default threshold (5,000 rows); the server side of the background path
  // is proven in server/export/background.integration.test.ts. Here: what the card shows for a 202.
  const words = "Your account holds a lot of data, so we are preparing your file in the background.";
  await page.route("**/account/profile/export", (route) =>
    route.fulfill({
      status: 202,
      contentType: "application/json",
      body: JSON.stringify({ code: 200, message: words, data: { queued: true, already: false } }),
    }),
  );
  await page.goto("/account/profile/data");
  await page.waitForLoadState("networkidle");
  const card = page.getByRole("region", { name: "Your data" });
  await card.getByRole("button", { name: "Download my data" }).click();
  await expect(card.getByRole("status")).toContainText(words);
  await expect(card.getByText("Your data was downloaded")).toHaveCount(0);
});
