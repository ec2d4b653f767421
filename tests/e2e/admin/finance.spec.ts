// Issue 24, the console's finance side: the demo operator confirms a bank transfer for a pending
// order (the product's event about it fails on a receiver that is down, and the operator retries
// it from the outbox once the receiver is back), issues an affiliate month after seeing what it
// will create and marks the demo's invoice paid, then reads all of it in the audit log. Every
// commerce, programme and operations screen passes axe, in English at desktop and Vietnamese at
// phone width.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { noSeriousAxeFindings, post, signInOperator } from "../../support/console";
import { demoProductOrder, PEER, SCREENS_DIR, screenshot } from "../../support/e2e";

/** The programme's month (Vietnam's calendar) `days` ago, as YYYY-MM. */
const monthDaysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 7);

/** The sales app's event receiver (the peer) stops answering, or works again. */
async function salesAppReceiver(down: boolean) {
  const response = await fetch(`${PEER}/webhook-down?app=ls&down=${down ? 1 : 0}`, { method: "POST" });
  expect(response.ok).toBe(true);
}

type OutboxRow = {
  id: string;
  channel: string;
  app: string | null;
  status: string;
  last_error: string | null;
};

test("an operator confirms a transfer, retries the product event, issues and pays an invoice month; the audit log shows it", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The sales app orders a month of PRO for the demo person: a pending order to be paid by transfer.
  const created = await demoProductOrder(request, {
    storeId: `console-${Date.now().toString(36)}`,
    storeName: "Console Transfer Shop",
    idempotencyKey: `console-${Date.now()}`,
  });
  expect(created.code, created.message).toBe(200);
  const order = created.data;
  const op = await signInOperator(page, "en");

  // Find the order among everyone's and open it.
  await page.goto("/admin/orders");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Reference number").fill(order.reference_no);
  await page.getByLabel("Reference number").press("Enter");
  await page.getByRole("link", { name: order.reference_no }).click();
  await expect(page.getByRole("heading", { name: order.reference_no })).toBeVisible();
  await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
  await noSeriousAxeFindings(page);

  // The product's receiver is down while the order is paid: its event waits in the outbox.
  await salesAppReceiver(true);
  const since = Date.now();
  await page.getByRole("button", { name: "Confirm bank transfer" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm a bank transfer?" });
  await confirm.getByLabel("Amount received (đồng)").fill(String(order.total));
  await confirm.getByRole("button", { name: "Confirm transfer" }).click();
  // Money: "confirm it's you" in the same dialog, the amount kept.
  await confirm.getByLabel("Your password").fill(op.password);
  await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await screenshot(page, { path: path.join(SCREENS_DIR, "admin-order-en-desktop.png"), fullPage: true });

  // The event to the sales app failed and waits for its next attempt.
  let waiting: OutboxRow | undefined;
  await expect
    .poll(
      async () => {
        const found = (await post(page.request, "/admin/outbox/list", {
          channel: "WEBHOOK",
          status: "waiting",
        })) as { items: (OutboxRow & { created_at: string })[] };
        waiting = found.items.find(
          (r) => r.app === "ls" && r.last_error && Date.parse(r.created_at) >= since - 5_000,
        );
        return Boolean(waiting);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const row = waiting as OutboxRow;

  // The operator retries the row now instead of waiting for its backoff. The receiver comes back
  // only as the retry is confirmed: back earlier, the outbox worker's own next attempt could deliver
  // it first on a slow run (the row then offers no retry), seen on two busy workers.
  await page.goto("/admin/outbox");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Channel").selectOption("WEBHOOK");
  await page.getByRole("button", { name: `Actions for ${row.id}` }).click();
  await page.getByRole("menuitem", { name: "Retry now" }).click();
  const retry = page.getByRole("dialog", { name: "Retry this delivery now?" });
  await salesAppReceiver(false);
  await retry.getByRole("button", { name: "Retry now" }).click();
  await expect(retry).toHaveCount(0);
  await expect
    .poll(
      async () => {
        const found = (await post(page.request, "/admin/outbox/list", { channel: "WEBHOOK" })) as {
          items: OutboxRow[];
        };
        return found.items.find((r) => r.id === row.id)?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("sent");
  const received = (await (await fetch(`${PEER}/webhooks`)).json()) as { app: string; body: string }[];
  expect(received.some((w) => w.app === "ls" && w.body.includes(order.reference_no))).toBe(true);

  // An affiliate month: the demo's customer paid ten days ago, and that commission waits.
  const month = monthDaysAgo(10);
  const [year, mm] = month.split("-");
  await page.goto("/admin/invoices");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Issue a month" }).click();
  const issue = page.getByRole("dialog", { name: "Issue a month's invoices" });
  await issue.getByLabel("Month", { exact: true }).fill(month);
  await issue.getByRole("button", { name: "Show what it will create" }).click();
  const preview = issue.getByTestId("issue-preview");
  await expect(preview.getByText("demo@example.com")).toBeVisible();
  await screenshot(page, { path: path.join(SCREENS_DIR, "admin-invoice-preview-en-desktop.png") });
  await issue.getByRole("button", { name: /^Issue \d+ invoices?$/ }).click();
  await expect(issue).toHaveCount(0);

  await page.getByLabel("Month (YYYY-MM)").fill(month);
  await page.getByLabel("Month (YYYY-MM)").press("Enter");
  const invoiceMenu = page.getByRole("button", {
    name: `Actions for the invoice of demo@example.com, ${mm}/${year}`,
  });
  await invoiceMenu.click();
  await page.getByRole("menuitem", { name: "Mark paid" }).click();
  const pay = page.getByRole("dialog", { name: "Mark this invoice paid?" });
  await expect(pay.getByLabel("Paid on")).not.toHaveValue("");
  await pay.getByRole("button", { name: "Mark paid" }).click();
  await expect(pay).toHaveCount(0);
  const invoices = page.getByRole("table");
  await expect(invoices.getByRole("row").filter({ hasText: "demo@example.com" }).first()).toContainText(
    "Paid",
  );
  await noSeriousAxeFindings(page);

  // The audit log: each of the operator's actions, by the operator.
  await page.goto(`/admin/audit?operator=${encodeURIComponent(op.email)}`);
  await page.waitForLoadState("networkidle");
  const audit = page.getByRole("table");
  for (const action of [
    "Confirmed a bank transfer",
    "Retried a delivery",
    "Issued a month's invoices",
    "Marked an invoice paid",
  ]) {
    await expect(audit.getByText(action, { exact: true }).first()).toBeVisible();
  }
});

const SCREENS = [
  "orders",
  "payments",
  "transfers",
  "affiliates",
  "invoices",
  "packages",
  "clients",
  "people",
  "outbox",
  "audit",
];

test("every console screen in English at desktop width passes axe", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, "en");
  for (const name of SCREENS) {
    await page.goto(`/admin/${name}`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await noSeriousAxeFindings(page);
    await screenshot(page, { path: path.join(SCREENS_DIR, `admin-${name}-en-desktop.png`), fullPage: true });
  }
});

test("every console screen in Vietnamese at phone width: no sideways scroll, axe passes", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOperator(page, "vi");
  for (const name of SCREENS) {
    await page.goto(`/admin/${name}`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noSeriousAxeFindings(page);
    await screenshot(page, { path: path.join(SCREENS_DIR, `admin-${name}-vi-phone.png`), fullPage: true });
  }
});
