import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { dayIn, presetDays, toDisplayDay } from "../../../lib/format";
import { demoAccount, freshAccount, SCREENS_DIR, screenshot, signInDemo } from "../../support/e2e";
import { bodyRows, column, DATE_TIME, showing } from "../../support/list-table";

// The three lists of issue 5 over the demo seed (server/demo/demo.ts): 4 point log rows, 11 credit
// log rows (3 of them USER_BUY_ORDER, 1 MONEY_PURCHASED) over five months, 4 referred accounts
// (3 with a 1-month verify reward). The demo person is a partner in Asia/Ho_Chi_Minh.

const APP = "http://localhost:3310";
const ZONE = "Asia/Ho_Chi_Minh";

const table = (page: Page, name: string) => page.getByRole("table", { name });
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test.describe("lists", () => {
  test("point log: page sizes, pages, sort, presets, dates, reload keeps the query, no data", async ({
    page,
  }) => {
    await signInDemo(page, "en");
    await page.goto("/point");
    await expect(page).toHaveTitle(/Point log/);
    await expect(page.getByRole("heading", { level: 1, name: "Point log" })).toBeVisible();
    const list = table(page, "Point log");
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
    await expect(bodyRows(list)).toHaveCount(4);
    await expect.poll(() => column(list, "Email")).toEqual(Array(4).fill(demoAccount().email));
    // Newest first, two decimals with their sign, DD/MM/YYYY HH:mm.
    await expect.poll(() => column(list, "Points")).toEqual(["+120.00", "-30.00", "+80.25", "+150.50"]);
    for (const date of await column(list, "Created date")) expect(date).toMatch(DATE_TIME);
    expect(await column(list, "Description")).toContain("Welcome points");
    for (const ref of await column(list, "Reference number")) expect(ref).toMatch(/^PT\d{6}[A-Z0-9]{6}$/);
    await expect(page.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    // Two a page: two pages, the pager links them, 'showing' counts rows.
    await page.getByLabel("Rows per page").selectOption("2");
    await expect(page).toHaveURL(/\/point\?size=2$/);
    await expect(showing(page)).toHaveText("Showing 1–2 of 4");
    await expect(bodyRows(list)).toHaveCount(2);
    await expect(page.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(2);
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/point\?size=2&page=2$/);
    await expect(showing(page)).toHaveText("Showing 3–4 of 4");
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Page 1" })).not.toHaveAttribute("aria-current", /.*/);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect.poll(() => column(list, "Points")).toEqual(["+80.25", "+150.50"]);

    // Reload: the same page of the same size.
    await page.reload();
    await expect(showing(page)).toHaveText("Showing 3–4 of 4");
    await expect(page.getByLabel("Rows per page")).toHaveValue("2");
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(showing(page)).toHaveText("Showing 1–2 of 4");
    await expect(page).toHaveURL(/\/point\?size=2$/);

    // Sort the page on screen by points, in the URL too.
    await page.getByLabel("Rows per page").selectOption("20");
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
    await page.getByRole("button", { name: "Points" }).click();
    await expect(page).toHaveURL(/sort=/);
    const sorted = await column(list, "Points");
    const descending = query(page).sort === "-point";
    expect(query(page).sort).toMatch(/^-?point$/);
    expect(sorted).toEqual(
      descending ? ["+150.50", "+120.00", "+80.25", "-30.00"] : ["-30.00", "+80.25", "+120.00", "+150.50"],
    );
    await expect(list.getByRole("columnheader", { name: "Points" })).toHaveAttribute(
      "aria-sort",
      /ascending|descending/,
    );
    await page.reload();
    await expect.poll(() => column(list, "Points")).toEqual(sorted);
    await page.getByRole("button", { name: "Points" }).click();
    await expect(page).toHaveURL(descending ? /sort=point/ : /sort=-point/);
    await page.getByRole("button", { name: "Points" }).click();
    await expect(page).not.toHaveURL(/sort=/);

    // Preset 'last 7 days' (person's zone): only yesterday's campaign reward.
    await page.getByLabel("Quick range").selectOption({ label: "Last 7 days" });
    const week = presetDays("last7", ZONE, new Date());
    await expect(page).toHaveURL(new RegExp(`from=${week.from}&to=${week.to}`));
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    await expect.poll(() => column(list, "Points")).toEqual(["+120.00"]);
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(toDisplayDay(week.from));
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(toDisplayDay(week.to));

    // Other presets set their days.
    for (const [label, preset] of [
      ["Yesterday", "yesterday"],
      ["Today", "today"],
      ["Last 30 days", "last30"],
      ["This month", "thisMonth"],
      ["Last month", "lastMonth"],
    ] as const) {
      await page.getByLabel("Quick range").selectOption({ label });
      const days = presetDays(preset, ZONE, new Date());
      await expect(page.getByLabel("From", { exact: true })).toHaveValue(toDisplayDay(days.from));
      await expect(page.getByLabel("To", { exact: true })).toHaveValue(toDisplayDay(days.to));
      await expect(page.getByLabel("Quick range")).toHaveValue(preset);
    }

    // Typed days; reload keeps them.
    const today = dayIn(ZONE, new Date());
    const from = new Date(Date.now() - 80 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("From", { exact: true }).fill(toDisplayDay(from));
    await page.getByLabel("To", { exact: true }).fill(toDisplayDay(today));
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));
    await expect(showing(page)).toHaveText("Showing 1–3 of 3");
    await page.reload();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(toDisplayDay(from));
    await expect(showing(page)).toHaveText("Showing 1–3 of 3");

    // A range with nothing in it: the 'no data' row.
    await page.goto("/point?from=2001-01-01&to=2001-01-31");
    await expect(bodyRows(list)).toHaveCount(1);
    await expect(list.getByRole("cell", { name: "No data" })).toBeVisible();
    await expect(showing(page)).toHaveText("Showing 0–0 of 0");

    // Clear dates: everything again, bare URL.
    await page.getByRole("button", { name: "Clear dates" }).click();
    await expect(page).toHaveURL(/\/point$/);
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
  });

  test("credit log: partner columns, type filter with signs, a five-link pager, money in VND", async ({
    page,
  }) => {
    await signInDemo(page, "en");
    await page.goto("/credit?size=2");
    await expect(page.getByRole("heading", { level: 1, name: "Credit log" })).toBeVisible();
    const list = table(page, "Credit log");
    await expect(showing(page)).toHaveText("Showing 1–2 of 12");
    const headers = (await list.locator("thead th").allTextContents()).map((h) => h.replace(/[▲▼↕]/g, ""));
    expect(headers).toEqual([
      "Created date",
      "Customer email",
      "Application",
      "Amount",
      "Reference number",
      "Type",
      "Note",
    ]);

    // 6 pages, 5 links at a time, the window follows the current page.
    const pageLinks = page.getByRole("link", { name: /^Page \d+$/ });
    await expect(pageLinks).toHaveText(["1", "2", "3", "4", "5"]);
    await page.getByRole("link", { name: "Page 5" }).click();
    await expect(showing(page)).toHaveText("Showing 9–10 of 12");
    await expect(pageLinks).toHaveText(["2", "3", "4", "5", "6"]);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/size=2&page=6$/);
    await expect(showing(page)).toHaveText("Showing 11–12 of 12");
    await expect(page.getByRole("link", { name: "Page 6" })).toHaveAttribute("aria-current", "page");
    // The oldest rows: the partner's welcome credit, then money added in VND.
    // Each amount says which balance it moved (first impression 13).
    await expect.poll(() => column(list, "Amount")).toEqual(["+200.00 Partner credit", "+₫2,000,000 Money"]);
    await expect.poll(() => column(list, "Type")).toEqual(["Added by admin", "Money added"]);

    // A link past the end lands on the last page.
    await page.goto("/credit?size=2&page=40");
    await expect(page).toHaveURL(/size=2&page=6$/);
    await expect(showing(page)).toHaveText("Showing 11–12 of 12");

    // Type filter: each SPEC §4 type with its sign (and the console's deduction); back to page 1.
    const type = page.getByLabel("Type", { exact: true });
    await expect(type.locator("option")).toHaveText([
      "All types",
      "Added by admin (+)",
      "Customer order (-)",
      "App deposit (+)",
      "App purchase (-)",
      "App credit renewal (-)",
      "Money added (+)",
      "Paid with money (-)",
      "Deducted by admin (-)",
    ]);
    await page.goto("/credit?size=2&page=3");
    await type.selectOption("USER_BUY_ORDER");
    await expect(page).toHaveURL(/\/credit\?type=USER_BUY_ORDER&size=2$/);
    await expect(showing(page)).toHaveText("Showing 1–2 of 4");
    await page.getByLabel("Rows per page").selectOption("20");
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
    // Issue 11's demo: the partner activated a sales-app store for a customer 15 days ago (39 credit).
    await expect
      .poll(() => column(list, "Amount"))
      .toEqual([
        "-6.25 Partner credit",
        "-39.00 Partner credit",
        "-19.25 Partner credit",
        "-24.50 Partner credit",
      ]);
    for (const email of await column(list, "Customer email"))
      expect(email).toMatch(/^demo-friend-\d@example\.com$/);
    await expect.poll(() => column(list, "Application")).toEqual(["--", "--", "--", "--"]);
    // An operator's row has its own reference; a partner's purchase names its order.
    for (const ref of await column(list, "Reference number"))
      expect(ref).toMatch(/^(CR|OD)\d{6}[A-Z0-9]{6}$/);

    await type.selectOption("MONEY_PURCHASED");
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    await expect.poll(() => column(list, "Amount")).toEqual(["-₫499,000 Money"]);
    // The app's name, not its code (first impression 12): the builder has no APPS_CONFIG name here.
    await expect.poll(() => column(list, "Application")).toEqual(["Landing page builder"]);
    await expect.poll(() => column(list, "Customer email")).toEqual(["--"]);
    await expect.poll(() => column(list, "Note")).toEqual(["Pro renewal of Landing page builder"]);

    await type.selectOption("APP_PURCHASED");
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    await expect.poll(() => column(list, "Application")).toEqual(["Sales app"]);
    await expect.poll(() => column(list, "Amount")).toEqual(["-7.50 API credit"]);

    // Type and days together survive a reload.
    await type.selectOption("");
    await page.getByLabel("Quick range").selectOption({ label: "Last 30 days" });
    const month = presetDays("last30", ZONE, new Date());
    await expect(page).toHaveURL(new RegExp(`/credit\\?from=${month.from}&to=${month.to}$`));
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
    await type.selectOption("MONEY_ADD");
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    // The address follows the filter after the list: reload only once it holds the type.
    await expect(page).toHaveURL(/type=MONEY_ADD/);
    await page.reload();
    await expect(page.getByLabel("Type", { exact: true })).toHaveValue("MONEY_ADD");
    await expect(page.getByLabel("Quick range")).toHaveValue("last30");
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    await expect.poll(() => column(list, "Amount")).toEqual(["+₫1,000,000 Money"]);

    // Nothing of that type in the range: 'no data'.
    await type.selectOption("ADMIN_ADD");
    await expect(list.getByRole("cell", { name: "No data" })).toBeVisible();
    await expect(showing(page)).toHaveText("Showing 0–0 of 0");
  });

  // First impression 13: on a phone each row is a card, its amount (with its unit) on screen
  // without scrolling sideways; money, partner credit and API credit never look alike.
  test("credit log at 390 px: rows as cards, each amount visible with its unit, no sideways scroll", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [lang, units] of [
      ["en", ["Money", "Partner credit", "API credit"]],
      ["vi", ["Tiền", "Tín dụng đối tác", "Tín dụng API"]],
      ["my", ["ငွေ", "ပါတနာ ခရက်ဒစ်", "API ခရက်ဒစ်"]],
    ] as const) {
      await signInDemo(page, lang);
      await page.goto("/credit");
      const cards = page.getByTestId("list-card");
      // The seed's 12 rows (other specs may add some): one card each, up to the page size.
      await expect(cards.first()).toBeVisible();
      expect(await cards.count(), lang).toBeGreaterThanOrEqual(12);
      // The table is not what a phone shows.
      await expect(page.getByRole("table")).toBeHidden();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, lang).toBeLessThanOrEqual(390);
      const shown = new Set<string>();
      for (const card of await cards.all()) {
        const amount = card.getByTestId("list-card-amount");
        await expect(amount).toBeVisible();
        const box = await amount.boundingBox();
        expect(box, lang).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), lang).toBeLessThanOrEqual(390);
        expect(box?.x ?? -1, lang).toBeGreaterThanOrEqual(0);
        await expect(amount).toHaveText(/\d/);
        await expect(amount).not.toHaveText(/[\u1040-\u1049]/);
        // Each amount names its balance; money keeps its ₫ and credit is never written as money.
        const unit = ((await amount.getByTestId("credit-unit").textContent()) ?? "").trim();
        expect(units, lang).toContain(unit);
        shown.add(unit);
        if (unit === units[0]) await expect(amount).toContainText("₫");
        else await expect(amount).not.toContainText("₫");
      }
      expect([...shown].sort(), lang).toEqual([...units].sort());
      await screenshot(page, {
        path: path.join(SCREENS_DIR, `credit-log-cards-${lang}-phone.png`),
        fullPage: true,
      });
    }
  });

  test("credit log of a person who is not a partner: no partner columns, no data", async ({ page }) => {
    await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
    await freshAccount(page);
    await page.goto("/credit");
    const list = table(page, "Credit log");
    await expect(list.getByRole("cell", { name: "No data" })).toBeVisible();
    const headers = (await list.locator("thead th").allTextContents()).map((h) => h.replace(/[▲▼↕]/g, ""));
    expect(headers).toEqual(["Created date", "Application", "Amount", "Type", "Note"]);
    await expect(showing(page)).toHaveText("Showing 0–0 of 0");
    await expect(page.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  test("referral list: rewards in months or '--', pages, date range", async ({ page }) => {
    await signInDemo(page, "en");
    await page.goto("/referral");
    await expect(page.getByRole("heading", { level: 1, name: "Referrals" })).toBeVisible();
    const list = table(page, "Referrals");
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
    await expect
      .poll(() => column(list, "Email"))
      .toEqual([
        "demo-friend-4@example.com",
        "demo-friend-3@example.com",
        "demo-friend-2@example.com",
        "demo-friend-1@example.com",
      ]);
    await expect
      .poll(() => column(list, "Verification reward"))
      .toEqual(["--", "1 month", "1 month", "1 month"]);
    // Friends 1–3 paid an order (issue 9's demo): their referrer earned the purchase reward.
    await expect.poll(() => column(list, "Purchase reward")).toEqual(["--", "1 month", "1 month", "1 month"]);
    for (const date of await column(list, "Created date")) expect(date).toMatch(DATE_TIME);

    await page.getByLabel("Rows per page").selectOption("2");
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(showing(page)).toHaveText("Showing 3–4 of 4");
    await expect
      .poll(() => column(list, "Email"))
      .toEqual(["demo-friend-2@example.com", "demo-friend-1@example.com"]);
    await page.reload();
    await expect(showing(page)).toHaveText("Showing 3–4 of 4");

    // Sorting the page by created date, oldest first.
    await page.getByRole("button", { name: "Created date" }).click();
    await expect(page).toHaveURL(/sort=/);
    const emails = await column(list, "Email");
    expect(emails).toHaveLength(2);

    // The last 45 days: the friend who joined 30 days ago; a changed filter goes back to page 1.
    const from = dayIn(ZONE, new Date(Date.now() - 45 * 86_400_000));
    const to = dayIn(ZONE, new Date());
    await page.getByLabel("From", { exact: true }).fill(toDisplayDay(from));
    await page.getByLabel("To", { exact: true }).fill(toDisplayDay(to));
    await expect(page).not.toHaveURL(/page=/);
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    await expect.poll(() => column(list, "Email")).toEqual(["demo-friend-4@example.com"]);
    await page.getByLabel("Quick range").selectOption({ label: "Yesterday" });
    await expect(list.getByRole("cell", { name: "No data" })).toBeVisible();
  });

  test("a refused list call shows the server's message in a toast and an error row", async ({ page }) => {
    await signInDemo(page, "en");
    await page.route("**/2.0/point/my-point-log", (route) =>
      route.fulfill({ json: { code: 400, message: "The list is resting", data: {} } }),
    );
    await page.goto("/point");
    await expect(page.getByRole("alert").filter({ hasText: "The list is resting" })).toBeVisible();
    await expect(table(page, "Point log").getByRole("cell", { name: "The list is resting" })).toBeVisible();
  });

  test("screenshots of the three lists in vi and en, desktop and phone", async ({ page }) => {
    await signInDemo(page, "en");
    for (const lang of ["vi", "en"] as const) {
      await page.context().addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
      for (const [device, viewport] of [
        ["desktop", { width: 1280, height: 800 }],
        ["phone", { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const [name, url] of [
          ["point", "/point"],
          ["credit", "/credit?size=50"],
          ["referral", "/referral"],
        ] as const) {
          await page.goto(url);
          await expect(page.getByTestId("list-showing")).toContainText(/[1-9]/);
          await expect(page.locator("tbody tr").first()).not.toContainText(/Loading|Đang tải/);
          await screenshot(page, {
            path: path.join(SCREENS_DIR, `list-${name}-${lang}-${device}.png`),
            fullPage: true,
          });
        }
      }
    }
  });
});
