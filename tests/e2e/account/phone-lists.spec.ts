// Issue 39: every list screen, a person's and the console's, is cards at 390 px — nothing wider
// than the screen, no list scrolling sideways, and the first card's amount, status and action on
// screen — because the list framework (components/list/data-table.tsx) makes every list cards
// below `sm`. And the console's truths: the outbox lists the mail that went out, Apps and clients
// names the apps the lists show, and the affiliates' table fits 1280 px.
import { expect, type Page, test } from "@playwright/test";
import { post, signInOperator } from "../../support/console";
import { demoProductOrder, signInDemo, verifiedThroughApi } from "../../support/e2e";
import { settled, trackRequests } from "../../support/settle";

const PHONE = { width: 390, height: 844 };

/** A list screen and what its first card must show on screen: money, a status, a button. */
type Screen = { path: string; amount?: boolean; status?: boolean; action?: boolean };

const PERSON: Screen[] = [
  { path: "/order", amount: true, status: true, action: true },
  { path: "/payment", amount: true, status: true, action: true },
  { path: "/credit", amount: true },
  { path: "/point", amount: true },
  { path: "/commission", amount: true, action: true },
  { path: "/invoice", amount: true, status: true, action: true },
  { path: "/referral" },
  { path: "/affiliate/customers", action: true },
  { path: "/package", amount: true },
];

const CONSOLE: Screen[] = [
  { path: "/admin/people", status: true },
  { path: "/admin/orders", amount: true, status: true },
  { path: "/admin/payments", amount: true, status: true, action: true },
  { path: "/admin/transfers", amount: true, status: true, action: true },
  { path: "/admin/affiliates", amount: true, action: true },
  { path: "/admin/invoices", amount: true, status: true, action: true },
  { path: "/admin/packages", amount: true, status: true },
  { path: "/admin/outbox", status: true },
  { path: "/admin/audit" },
];

/** Fully on screen from left to right (the card may sit below the fold: only sideways counts). */
async function withinWidth(page: Page, locator: ReturnType<Page["locator"]>, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** What overflows sideways: the page, any element wider than the screen, any box that scrolls. */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const page = document.scrollingElement?.scrollWidth ?? 0;
    const shown = [...document.body.querySelectorAll<HTMLElement>("*")].filter((el) => el.checkVisibility());
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 3).join(".")}`;
    const wider = shown.filter((el) => el.getBoundingClientRect().width > width + 0.5).map(name);
    const scrolling = shown
      .filter(
        (el) => /auto|scroll/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .map(name);
    return { page: page > width ? page : 0, wider, scrolling };
  });
}

async function phoneScreen(page: Page, screen: Screen) {
  const what = screen.path;
  await page.goto(screen.path);
  await settled(page);
  const card = page.getByTestId("list-card").first();
  await expect(card, what).toBeVisible();
  // The table is for wider screens only.
  for (const table of await page.locator("table").all()) await expect(table, what).toBeHidden();
  expect(await sidewaysOverflow(page), what).toEqual({ page: 0, wider: [], scrolling: [] });
  if (screen.amount) {
    const amount = card.getByTestId("list-card-amount");
    await withinWidth(page, amount, `${what} amount`);
    await expect(amount, what).toHaveText(/\d/);
  }
  if (screen.status) {
    const status = card.getByTestId("list-card-status");
    await withinWidth(page, status, `${what} status`);
    await expect(status, what).toHaveText(/\S/);
  }
  if (screen.action) await withinWidth(page, card.getByRole("button").last(), `${what} action`);
}

test("a person's lists at 390 px: cards, amount, status and action on screen, nothing sideways", async ({
  page,
}) => {
  test.setTimeout(120_000);
  trackRequests(page);
  await page.setViewportSize(PHONE);
  await signInDemo(page, "vi");
  for (const screen of PERSON) await phoneScreen(page, screen);
});

test("the console's lists at 390 px, and its truths: the mail sent, the apps named, the affiliates' table", async ({
  page,
}) => {
  test.setTimeout(180_000);
  trackRequests(page);
  // Data for every console list: a new person (their code mailed at once, so a sent outbox row), a
  // pending order paid by a confirmed bank transfer (a transfer, an audit row).
  const person = await verifiedThroughApi(page, { fullname: "Phone Lists", emailPrefix: "phone-lists" });
  const created = await demoProductOrder(page.request, {
    storeId: `phone-${Date.now().toString(36)}`,
    storeName: "Phone Lists Shop",
  });
  expect(created.code, created.message).toBe(200);
  await page.context().clearCookies();
  const op = await signInOperator(page, "vi");
  await post(page.request, "/user/reauthenticate", { password: op.password });
  await post(page.request, "/admin/orders/confirm-transfer", {
    id: created.data.order_id,
    amount: created.data.total,
  });

  await page.setViewportSize(PHONE);
  for (const screen of CONSOLE) await phoneScreen(page, screen);

  // The outbox lists the code mailed at the first try, as sent (it said "No data").
  await page.goto("/admin/outbox?channel=EMAIL&status=sent");
  await settled(page);
  await expect(page.getByTestId("list-card").first()).toContainText("EMAIL");
  await expect(page.getByTestId("list-card").first()).not.toContainText(person.email);

  // Apps and clients: the configured sales app, and the SPEC apps the lists name by default.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { level: 3, name: /Sales app/ })).toBeVisible();
  const defaults = page.getByTestId("default-named-apps");
  for (const code of ["lp", "luid", "la"])
    await expect(defaults.getByText(code, { exact: true })).toBeVisible();
  await expect(defaults.getByText("ls", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/Chưa cấu hình ứng dụng sản phẩm nào/)).toHaveCount(0);

  // Affiliates at 1280 px: the whole table on screen, Joined included, each header on one line.
  await page.goto("/admin/affiliates");
  await settled(page);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).not.toHaveCount(1);
  const fit = await table.evaluate((el) => {
    const region = el.parentElement as HTMLElement;
    const lines = [...el.querySelectorAll("th")].map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return Math.round(range.getBoundingClientRect().height);
    });
    return { scrolls: region.scrollWidth > region.clientWidth + 1, tallest: Math.max(...lines) };
  });
  expect(fit.scrolls).toBe(false);
  expect(fit.tallest).toBeLessThanOrEqual(20);
  await withinWidth(page, table.getByRole("columnheader", { name: "Ngày tham gia" }), "Joined");
  expect(await sidewaysOverflow(page)).toEqual({ page: 0, wider: [], scrolling: [] });
});
