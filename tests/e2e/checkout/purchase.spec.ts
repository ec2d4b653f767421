import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { formatPoints } from "../../../lib/format";
import { demoProductOrder, SCREENS_DIR, screenshot, signInDemo } from "../../support/e2e";

// Issue 10 end to end: a product's order paid through the sandbox gateway page (the same
// signatures and IPN as VNPAY), with points; the bank transfer's instructions and VietQR code.

type Envelope<T> = { code: number; message: string; data: T };

/** The sales app orders one month of PRO (or `packageCode`) for a fresh store of the demo person (DESIGN §11). */
async function productOrder(request: APIRequestContext, storeName: string, months = 1, packageCode = "PRO") {
  const body = await demoProductOrder(request, {
    storeId: `e2e-${Date.now().toString(36)}`,
    storeName,
    packageCode,
    months,
    idempotencyKey: `e2e-${storeName}-${Date.now()}`,
  });
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** The demo person's points balance, as the portal has it now. */
async function demoPoints(page: Page, baseURL: string): Promise<number> {
  const response = await page.request.post("/2.0/auth/userinfo", { data: {}, headers: { origin: baseURL } });
  return Number(((await response.json()) as Envelope<{ point: number }>).data.point);
}

// One worker runs this file in order: its tests read and spend the demo person's points.
test.describe.configure({ mode: "default" });

// These two run first: they leave the demo's points as they found them (the VNPAY test below spends them).
test("points that cover the whole order: no method to choose, and the button says Pay with points", async ({
  page,
  request,
  baseURL,
}) => {
  const base = String(baseURL);
  // STARTER of the sales app: 79,000 VND, less than the demo's seeded 320 points.
  const order = await productOrder(request, "E2E Points Shop", 1, "STARTER");
  await signInDemo(page, "en");
  expect(await demoPoints(page, base)).toBeGreaterThanOrEqual(order.total / 1000);
  await page.goto(order.checkout_url);
  const usePoints = page.getByRole("checkbox", { name: "Use points" });
  await expect(usePoints).toBeChecked();
  await expect(page.getByTestId("due")).toHaveText(/^₫0$|^0\s?₫$/);
  await expect(page.getByTestId("method-not-needed")).toBeVisible();
  for (const radio of await page.getByRole("radio").all()) await expect(radio).toBeDisabled();
  const pay = page.getByTestId("confirm");
  await expect(pay).toHaveText("Pay with points");
  await expect(pay).toHaveAttribute("data-action", "points");

  // Without points the methods come back and the button is Confirm again.
  await usePoints.uncheck();
  await expect(page.getByTestId("method-not-needed")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Bank transfer" })).toBeEnabled();
  await expect(page.getByRole("radio", { name: "Bank transfer" })).toBeChecked();
  await expect(pay).toHaveText("Confirm");
});

test("a pending bank transfer reopened shows its instructions, not the method picker; cancelling it gives the points back", async ({
  page,
  request,
  baseURL,
}) => {
  const base = String(baseURL);
  // A year of PRO: more than the demo's points, so the transfer is for the rest.
  const order = await productOrder(request, "E2E Reopened Transfer", 12);
  await signInDemo(page, "en");
  const before = await demoPoints(page, base);
  const held = Math.floor(before);
  await page.goto(order.checkout_url);
  await page.getByRole("radio", { name: "Bank transfer" }).check();
  await expect(page.getByRole("checkbox", { name: "Use points" })).toBeChecked();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Bank transfer details" })).toBeVisible();
  const amount = await page.getByTestId("transfer-amount").textContent();

  // Reopened (a new visit, the same link): the same transfer, its amount, reference and QR code.
  await page.goto(order.checkout_url);
  await expect(page.getByTestId("transfer-waiting")).toContainText(
    "This order is waiting for your bank transfer",
  );
  await expect(page.getByRole("heading", { name: "Bank transfer details" })).toBeVisible();
  await expect(page.getByTestId("transfer-amount")).toHaveText(String(amount));
  await expect(page.getByTestId("transfer-content")).toHaveText(order.reference_no);
  await expect(page.getByRole("img", { name: /VietQR code/ })).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByTestId("confirm")).toHaveCount(0);
  await expect(page.getByTestId("transfer-points-held")).toContainText(`${formatPoints(held, "en")} points`);
  await screenshot(page, { path: `${SCREENS_DIR}/checkout-transfer-reopened-en.png`, fullPage: true });

  // Pay another way: asked in place, with a red button; the picker comes back with the points.
  await page.getByRole("button", { name: "Pay another way" }).click();
  const ask = page.getByTestId("transfer-cancel");
  await expect(ask).toContainText("Cancel this bank transfer?");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const cancel = ask.getByRole("button", { name: "Cancel transfer" });
  await expect(cancel).toHaveAttribute("data-variant", "danger");
  await cancel.click();
  await expect(page.getByRole("radio", { name: "Bank transfer" })).toBeVisible();
  await expect(page.getByTestId("account-points")).toHaveText(formatPoints(before, "en"));
  expect(await demoPoints(page, base)).toBe(before);

  // A third visit: nothing pending any more.
  await page.goto(order.checkout_url);
  await expect(page.getByTestId("transfer-waiting")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Bank transfer" })).toBeVisible();
});

test("a product's order paid at the VNPAY sandbox with points: the result, /order and /payment say paid", async ({
  page,
  request,
}) => {
  // A year of PRO: more than the demo's points, so points and the gateway share the bill.
  const order = await productOrder(request, "E2E Purchase Shop", 12);
  await signInDemo(page, "en");
  await page.goto(order.checkout_url);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByText(order.reference_no).first()).toBeVisible();
  await page.getByRole("radio", { name: "VNPAY" }).check();
  const usePoints = page.getByRole("checkbox", { name: "Use points" });
  await expect(usePoints).toBeChecked();
  await screenshot(page, { path: `${SCREENS_DIR}/checkout-vnpay-points-en.png`, fullPage: true });
  await page.getByRole("button", { name: "Confirm" }).click();

  // The sandbox plays VNPAY: it checks the signed request and shows the amount due.
  await expect(page).toHaveURL(/\/dev\/gateway\/vnpay\?/);
  await expect(page.getByText("VNPAY sandbox").first()).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();

  // The result page shows what the database says (the IPN paid it), the points spent, the receipt.
  await expect(page).toHaveURL(/\/checkout\/result\?payment_id=/);
  await expect(page.getByText("Payment successful")).toBeVisible();
  await expect(page.getByTestId("result-points")).toHaveAttribute("data-outcome", "spent");
  await expect(page.getByTestId("result-points")).toContainText("were spent on this payment");
  const receipt = page.getByRole("link", { name: "View receipt" });
  await expect(receipt).toHaveAttribute("href", /^\/payment\/[^/]+\/receipt$/);
  await receipt.click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/[^/]+\/receipt$/);

  await page.goto(`/order?reference_no=${order.reference_no}`);
  const orders = page.getByRole("table", { name: "Orders" });
  await expect(orders.locator("tbody tr")).toHaveCount(1);
  await expect(orders.locator("tbody tr [data-status]")).toHaveText("Paid");

  await page.goto(`/payment?reference_no=${order.reference_no}&status=PAID`);
  const payments = page.getByRole("table", { name: "Payments" });
  await expect(payments.locator("tbody tr")).toHaveCount(1);
  await expect(payments.locator("tbody tr [data-status]")).toHaveText("Paid");

  // Paid once: the checkout link now says so instead of taking money again.
  await page.goto(order.checkout_url);
  await expect(page.getByText("This order is already paid")).toBeVisible();
});

test("bank transfer: the account, the exact amount, the reference as content and a VietQR code", async ({
  page,
  request,
}) => {
  const order = await productOrder(request, "E2E Transfer Shop");
  await signInDemo(page, "en");
  await page.goto(order.checkout_url);
  // Points off first: points covering the order would leave no method to choose.
  await page.getByRole("checkbox", { name: "Use points" }).uncheck();
  await page.getByRole("radio", { name: "Bank transfer" }).check();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Bank transfer details" })).toBeVisible();
  await expect(page.getByText(order.reference_no, { exact: true }).first()).toBeVisible();
  const qr = page.getByRole("img", { name: /VietQR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, { path: `${SCREENS_DIR}/checkout-transfer-en.png`, fullPage: true });
});
