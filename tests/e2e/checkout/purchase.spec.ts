import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_PRODUCT } from "../../../playwright.config";
import type { CreatedOrderDto } from "../../../server/order/schema";
import { demoAccount, SCREENS_DIR } from "../support";

// Issue 10 end to end: a product's order paid through the sandbox gateway page (the same
// signatures and IPN as VNPAY), with points; the bank transfer's instructions and VietQR code.

const CALLBACK = "http://localhost:3311/callback";
type Envelope<T> = { code: number; message: string; data: T };

async function signInDemo(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: baseURL }]);
  const response = await page.request.post("/2.0/auth/signin", {
    data: demoAccount(),
    headers: { origin: baseURL },
  });
  expect((await response.json()).code).toBe(200);
}

/** The sales app orders one month of PRO for a fresh store of the demo person (DESIGN §11). */
async function productOrder(request: APIRequestContext, baseURL: string, storeName: string, months = 1) {
  const signIn = await request.post("/2.0/auth/signin", {
    headers: { origin: baseURL },
    data: { ...demoAccount(), callback_url: CALLBACK, app_code: "ls" },
  });
  const redirect = ((await signIn.json()) as Envelope<{ redirect_url: string }>).data.redirect_url;
  const token = String(new URL(redirect).searchParams.get("token"));
  const response = await request.post("/2.0/order/create", {
    headers: {
      authorization: `Bearer ${E2E_PRODUCT.apiKey}`,
      "idempotency-key": `e2e-${storeName}-${Date.now()}`,
    },
    data: {
      token,
      lines: [
        { store_id: `e2e-${Date.now().toString(36)}`, store_name: storeName, package_code: "PRO", months },
      ],
    },
  });
  const body = (await response.json()) as Envelope<CreatedOrderDto>;
  expect(body.code, body.message).toBe(200);
  return body.data;
}

test("a product's order paid at the VNPAY sandbox with points: the result, /order and /payment say paid", async ({
  page,
  request,
  baseURL,
}) => {
  const base = String(baseURL);
  // A year of PRO: more than the demo's points, so points and the gateway share the bill.
  const order = await productOrder(request, base, "E2E Purchase Shop", 12);
  await signInDemo(page, base);
  await page.goto(order.checkout_url);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByText(order.reference_no).first()).toBeVisible();
  await page.getByRole("radio", { name: "VNPAY" }).check();
  const usePoints = page.getByRole("checkbox", { name: "Use points" });
  await expect(usePoints).toBeChecked();
  await page.screenshot({ path: `${SCREENS_DIR}/checkout-vnpay-points-en.png`, fullPage: true });
  await page.getByRole("button", { name: "Confirm" }).click();

  // The sandbox plays VNPAY: it checks the signed request and shows the amount due.
  await expect(page).toHaveURL(/\/dev\/gateway\/vnpay\?/);
  await expect(page.getByText("VNPAY sandbox").first()).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();

  // The result page shows what the database says (the IPN paid it).
  await expect(page).toHaveURL(/\/checkout\/result\?payment_id=/);
  await expect(page.getByText("Payment successful")).toBeVisible();

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
  baseURL,
}) => {
  const base = String(baseURL);
  const order = await productOrder(request, base, "E2E Transfer Shop");
  await signInDemo(page, base);
  await page.goto(order.checkout_url);
  await page.getByRole("radio", { name: "Bank transfer" }).check();
  await page.getByRole("checkbox", { name: "Use points" }).uncheck();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Bank transfer details" })).toBeVisible();
  await expect(page.getByText(order.reference_no, { exact: true }).first()).toBeVisible();
  const qr = page.getByRole("img", { name: /VietQR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENS_DIR}/checkout-transfer-en.png`, fullPage: true });
});
