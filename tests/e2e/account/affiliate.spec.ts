import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { freshAccount, signInDemo } from "../../support/e2e";
import { bodyRows, column, DATE_TIME, showing } from "../../support/list-table";

// The affiliate screens of issue 11 over the demo seed (server/demo/demo-commerce.ts): the demo
// is an affiliate and a partner with 4 customers (3 of them paid), commissions over two levels
// (demo-friend-3's, 10 days old, not invoiced yet), one PAID and one PENDING invoice, and a
// sales-app store (Minh Shop) it activated for demo-friend-2 with 39 credit. Nothing here
// changes the demo's data: the partner's activation and upgrades are in partner.spec.ts, which
// runs after the lists that count the demo's credit log.

const APP = "http://localhost:3310";

/** "₫1,250,000" (en) → 1250000 */
const vnd = (text: string) => Number(text.replace(/[^\d-]/g, ""));
const sum = (values: string[]) => values.reduce((total, v) => total + vnd(v), 0);

/** A small CSV reader (quoted fields, doubled quotes): the export is csv-stringify's. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Clicks the list's Export CSV link and reads the file back: BOM, header, rows. */
async function exportCsv(page: Page): Promise<{ header: string[]; rows: string[][]; href: string }> {
  const link = page.getByRole("link", { name: "Export CSV" });
  const href = (await link.getAttribute("href")) ?? "";
  const download = page.waitForEvent("download");
  await link.click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  // UTF-8 with a BOM: spreadsheet programs then read Vietnamese.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = parseCsv(bytes.subarray(3).toString("utf8"));
  return { header, rows, href };
}

test.describe("affiliate screens", () => {
  test("customer list: paying customers, search with Enter, a row opens stores and orders (tabs by keyboard)", async ({
    page,
  }) => {
    await signInDemo(page, "en");
    await page.goto("/affiliate/customers");
    await expect(page).toHaveTitle(/Customer list/);
    await expect(page.getByRole("heading", { level: 1, name: "Customer list" })).toBeVisible();
    const list = page.getByRole("table", { name: "Customer list" });
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
    await expect(page.getByTestId("paying-customers")).toContainText("Paying customers: 3");
    expect(await list.locator("thead th").allTextContents()).toEqual([
      "Email",
      "Name",
      "Phone",
      "Created date",
    ]);
    for (const date of await column(list, "Created date")) expect(date).toMatch(DATE_TIME);
    await expect(
      page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Customer list" }),
    ).toHaveAttribute("aria-current", "page");

    // Typing alone changes nothing; Enter searches (email or phone) and counts the paying ones found.
    const search = page.getByLabel("Email or phone");
    await search.fill("demo-friend-2");
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/affiliate\/customers\?search=demo-friend-2$/);
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    await expect(page.getByTestId("paying-customers")).toContainText("Paying customers: 1");
    await expect.poll(() => column(list, "Name")).toEqual(["Minh Tran"]);

    // A click anywhere on the row opens the customer's detail.
    await bodyRows(list).first().locator("td").nth(3).click();
    const detail = page.getByRole("dialog", { name: "Customer detail" });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText("Minh Tran · demo-friend-2@example.com");
    const tabs = detail.getByRole("tablist", { name: "Customer detail" });
    const storesTab = tabs.getByRole("tab", { name: "Store list" });
    const ordersTab = tabs.getByRole("tab", { name: "Orders" });
    await expect(storesTab).toHaveAttribute("aria-selected", "true");
    await expect(ordersTab).toHaveAttribute("aria-selected", "false");

    // Store list: by app, 20 a page; partners see their credit and an Upgrade button a store.
    const stores = detail.getByRole("table", { name: "Stores of demo-friend-2@example.com" });
    const app = detail.getByLabel("Application");
    await expect(app.locator("option")).toHaveCount(4);
    await app.selectOption("lp");
    await expect(bodyRows(stores).filter({ hasText: "Minh Landing" })).toHaveCount(1);
    await app.selectOption("ls");
    const minhShop = bodyRows(stores).filter({ hasText: "Minh Shop" });
    await expect(minhShop).toHaveCount(1);
    await expect(minhShop).toContainText("Starter");
    await expect(minhShop.getByRole("button", { name: "Upgrade Minh Shop" })).toBeVisible();
    for (const date of await column(stores, "Created date")) expect(date).toMatch(DATE_TIME);
    await expect(detail.getByTestId("partner-credit")).toHaveText(/Your partner credit: [\d,]+\.\d{2}$/);
    // She has a sales-app store: nothing to activate.
    await expect(detail.getByRole("button", { name: "Activate sales app" })).toHaveCount(0);
    await expect(detail.getByTestId("modal-showing")).toHaveText("Showing 1–1 of 1");

    // Arrow keys move between the tabs (WAI-ARIA tabs); the panel follows.
    await storesTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(ordersTab).toBeFocused();
    await expect(ordersTab).toHaveAttribute("aria-selected", "true");
    const orders = detail.getByRole("table", { name: "Orders of demo-friend-2@example.com" });
    await expect(orders).toBeVisible();
    await expect(stores).toBeHidden();
    expect((await orders.locator("thead th").allTextContents()).map((h) => h.trim())).toEqual([
      "Created date",
      "Store",
      "Application",
      "Package",
      "Months",
      "Bonus months",
      "Total",
      "Credit",
    ]);
    // The activation the partner paid for: 39 credit, with two decimals.
    const activation = bodyRows(orders).filter({ hasText: "Minh Shop" });
    await expect(activation).toHaveCount(1);
    await expect(activation.locator("td").nth(7)).toHaveText("39.00");
    await expect(activation.locator("td").nth(6)).toHaveText(/^₫[\d,]+$/);
    await page.keyboard.press("ArrowLeft");
    await expect(storesTab).toHaveAttribute("aria-selected", "true");

    // Escape closes it and gives focus back to the row's button.
    await page.keyboard.press("Escape");
    await expect(detail).toHaveCount(0);
    await expect(
      page.getByRole("button", { name: "Open the details of demo-friend-2@example.com" }),
    ).toBeFocused();

    // Keyboard only: Enter on a row's button opens it too.
    await page.keyboard.press("Enter");
    await expect(detail).toBeVisible();
    await page.keyboard.press("Escape");

    // An emptied search box shows everyone again.
    await search.fill("");
    await expect(showing(page)).toHaveText("Showing 1–4 of 4");
  });

  test("commission list: invoiced filter, the filtered total, pages, dates, detail and CSV", async ({
    page,
  }) => {
    await signInDemo(page, "en");
    await page.goto("/commission");
    await expect(page.getByRole("heading", { level: 1, name: "Commission" })).toBeVisible();
    const list = page.getByRole("table", { name: "Commission" });
    await expect(
      bodyRows(list)
        .first()
        .getByRole("button", { name: /^Detail of/ }),
    ).toBeVisible();
    const all = Number(/of (\d+)$/.exec((await showing(page).textContent()) ?? "")?.[1]);
    expect(all).toBeGreaterThanOrEqual(4);
    expect((await list.locator("thead th").allTextContents()).slice(0, 6)).toEqual([
      "Customer email",
      "Invoice date",
      "Created date",
      "Order amount",
      "Commission amount",
      "Program",
    ]);
    // The total is the sum of the whole filtered list's commission amounts.
    const total = page.getByTestId("commission-total");
    const amounts = await column(list, "Commission amount");
    await expect.poll(async () => vnd((await total.textContent()) ?? "")).toBe(sum(amounts));
    await expect(
      page.getByText("The sum of the commission amounts of the whole filtered list"),
    ).toBeVisible();
    expect(new Set(await column(list, "Program"))).toEqual(new Set(["Affiliate"]));

    // Not invoiced: demo-friend-3's commission, no invoice date.
    const invoiced = page.getByLabel("Invoice", { exact: true });
    await invoiced.selectOption("NOT_INVOICED");
    await expect(page).toHaveURL(/\/commission\?is_invoiced=NOT_INVOICED$/);
    await expect(bodyRows(list).filter({ hasText: "demo-friend-3@example.com" })).not.toHaveCount(0);
    // The address changes before the filtered rows arrive (the whole list, invoiced rows too, stays
    // until then): the count is read once only rows without an invoice date show.
    await expect.poll(async () => [...new Set(await column(list, "Invoice date"))]).toEqual(["--"]);
    const open = Number(/of (\d+)$/.exec((await showing(page).textContent()) ?? "")?.[1]);
    await expect
      .poll(async () => vnd((await total.textContent()) ?? ""))
      .toBe(sum(await column(list, "Commission amount")));

    // Its CSV: the same filter, the same rows, amounts as plain numbers.
    const notInvoicedCsv = await exportCsv(page);
    expect(notInvoicedCsv.href).toBe("/commission/export?is_invoiced=NOT_INVOICED");
    // Headers in the page's language (first impression 4).
    expect(notInvoicedCsv.header).toEqual(
      expect.arrayContaining(["Customer email", "Commission amount (VND)", "Order amount (VND)"]),
    );
    expect(notInvoicedCsv.rows).toHaveLength(open);
    const amountAt = notInvoicedCsv.header.indexOf("Commission amount (VND)");
    const orderAt = notInvoicedCsv.header.indexOf("Order amount (VND)");
    for (const row of notInvoicedCsv.rows) {
      expect(row[amountAt]).toMatch(/^\d+$/);
      expect(row[orderAt]).toMatch(/^\d+$/);
    }
    expect(notInvoicedCsv.rows.reduce((s, row) => s + Number(row[amountAt]), 0)).toBe(
      vnd((await total.textContent()) ?? ""),
    );

    // Invoiced: every row has its invoice date; the two filters make the whole list.
    await invoiced.selectOption("INVOICED");
    await expect(page).toHaveURL(/is_invoiced=INVOICED$/);
    await expect(showing(page)).toHaveText(`Showing 1–${all - open} of ${all - open}`);
    for (const date of await column(list, "Invoice date")) expect(date).toMatch(DATE_TIME);

    // Two a page: the pager moves through the rows; the total stays the list's, not the page's.
    await invoiced.selectOption("");
    await page.getByLabel("Rows per page").selectOption("2");
    await expect(page).toHaveURL(/\/commission\?size=2$/);
    await expect(showing(page)).toHaveText(`Showing 1–2 of ${all}`);
    await expect(bodyRows(list)).toHaveCount(2);
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/size=2&page=2$/);
    await expect(showing(page)).toHaveText(`Showing 3–${Math.min(4, all)} of ${all}`);
    await expect.poll(async () => vnd((await total.textContent()) ?? "")).toBe(sum(amounts));

    // A range with nothing in it: no data and a zero total; the export link carries the days.
    await page.goto("/commission?from=2001-01-01&to=2001-01-31");
    await expect(list.getByRole("cell", { name: "No data" })).toBeVisible();
    await expect.poll(async () => vnd((await total.textContent()) ?? "")).toBe(0);
    const empty = await exportCsv(page);
    expect(empty.href).toBe("/commission/export?from=2001-01-01&to=2001-01-31");
    expect(empty.header).toContain("Commission amount (VND)");
    expect(empty.rows).toHaveLength(0);

    // A row opens the commission and the lines of its order.
    await page.goto("/commission?is_invoiced=NOT_INVOICED");
    const row = bodyRows(list).filter({ hasText: "demo-friend-3@example.com" }).first();
    await row.locator("td").nth(2).click();
    const detail = page.getByRole("dialog", { name: "Commission detail" });
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId("detail-email")).toContainText("demo-friend-3@example.com");
    await expect(detail.getByTestId("detail-invoiced")).toContainText("--");
    await expect(detail.getByRole("table", { name: "Order items" }).locator("tbody tr")).not.toHaveCount(0);
    await expect(detail).toContainText("Hoa Landing");
    await page.keyboard.press("Escape");
    await expect(detail).toHaveCount(0);
    await expect(row.getByRole("button", { name: /^Detail of/ })).toBeFocused();
  });

  test("invoice list: status filter, page size, detail of its commissions, CSV", async ({ page }) => {
    await signInDemo(page, "en");
    await page.goto("/invoice");
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    const list = page.getByRole("table", { name: "Invoices" });
    await expect(showing(page)).toHaveText("Showing 1–2 of 2");
    expect((await list.locator("thead th").allTextContents()).slice(0, 5)).toEqual([
      "Month",
      "Total amount",
      "Created date",
      "Paid date",
      "Status",
    ]);
    expect((await column(list, "Status")).sort()).toEqual(["Paid", "Pending"]);
    for (const month of await column(list, "Month")) expect(month).toMatch(/^\d{2}\/\d{4}$/);

    // Status filter.
    const status = page.getByLabel("Status", { exact: true });
    await status.selectOption("PAID");
    await expect(page).toHaveURL(/\/invoice\?status=PAID$/);
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    const [paidDate] = await column(list, "Paid date");
    expect(paidDate).toMatch(DATE_TIME);
    const [paidTotal = ""] = await column(list, "Total amount");

    // Its CSV: one row, the total as a plain number.
    const csv = await exportCsv(page);
    expect(csv.href).toBe("/invoice/export?status=PAID");
    expect(csv.header).toEqual(expect.arrayContaining(["Total amount (VND)", "Status"]));
    expect(csv.rows).toHaveLength(1);
    const totalAt = csv.header.indexOf("Total amount (VND)");
    expect(csv.rows[0]?.[totalAt]).toMatch(/^\d+$/);
    expect(Number(csv.rows[0]?.[totalAt])).toBe(vnd(paidTotal));
    // The status in words of the page's language, not its code.
    expect(csv.rows[0]?.[csv.header.indexOf("Status")]).toBe("Paid");

    // Detail: the invoice's commissions, adding up to its total.
    await bodyRows(list)
      .first()
      .getByRole("button", { name: /^Detail of the invoice for/ })
      .click();
    const detail = page.getByRole("dialog", { name: "Invoice detail" });
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId("detail-status")).toContainText("Paid");
    const commissions = detail.getByTestId("invoice-commission");
    await expect(commissions).not.toHaveCount(0);
    await expect(commissions.first()).toContainText("demo-friend-1@example.com");
    const lines = await commissions.locator("td:nth-child(5)").allTextContents();
    expect(sum(lines)).toBe(vnd(paidTotal));
    await detail.getByRole("button", { name: "Close" }).last().click();
    await expect(detail).toHaveCount(0);

    await status.selectOption("PENDING");
    await expect(page).toHaveURL(/\/invoice\?status=PENDING$/);
    // PAID showed one row too: "Showing 1–1 of 1" holds before the PENDING page has come, so the
    // row itself is waited for (a clean-clone run read the paid row's date here).
    await expect(showing(page)).toHaveText("Showing 1–1 of 1");
    await expect.poll(() => column(list, "Paid date")).toEqual(["--"]);

    // Page size and a page past the end.
    await status.selectOption("");
    await page.getByLabel("Rows per page").selectOption("2");
    await expect(page).toHaveURL(/\/invoice\?size=2$/);
    await expect(showing(page)).toHaveText("Showing 1–2 of 2");
    await page.goto("/invoice?size=2&page=9");
    await expect(page).toHaveURL(/\/invoice\?size=2$/);
    await page.goto("/invoice?from=2001-01-01&to=2001-01-31");
    await expect(list.getByRole("cell", { name: "No data" })).toBeVisible();
    expect((await exportCsv(page)).rows).toHaveLength(0);
  });

  test("someone outside the programme is shown the way in, and joins from the profile", async ({ page }) => {
    await freshAccount(page);
    await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
    await page.goto("/affiliate/customers");
    const join = page.getByTestId("join-programme");
    await expect(join).toContainText("You are not an affiliate yet");
    await expect(page.getByRole("table")).toHaveCount(0);
    await join.getByRole("link", { name: "Join from my profile" }).click();
    await expect(page).toHaveURL(/\/account\/profile#affiliate$/);

    await page
      .getByTestId("affiliate-join")
      .getByRole("button", { name: "Join the affiliate programme" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Join the affiliate programme" });
    await expect(dialog).toBeVisible();
    // SPEC §5: the payment information is required.
    await dialog.getByRole("button", { name: "Join", exact: true }).click();
    await expect(dialog.getByText("Please enter your payment information")).toBeVisible();
    await dialog.getByLabel("Payment information").fill("ACB 123456789 — Fresh Person");
    await dialog.getByRole("button", { name: "Join", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole("status").filter({ hasText: "Welcome to the affiliate programme" }),
    ).toBeVisible();
    await expect(page.getByTestId("payment-info")).toHaveText("ACB 123456789 — Fresh Person");
    await expect(page.getByTestId("affiliate-join")).toHaveCount(0);

    // Now an affiliate without customers yet.
    await page.goto("/affiliate/customers");
    await expect(
      page.getByRole("table", { name: "Customer list" }).getByRole("cell", { name: "No data" }),
    ).toBeVisible();
    await expect(page.getByTestId("paying-customers")).toContainText("Paying customers: 0");
  });
});
