import { expect, test } from "@playwright/test";
import { APP, SAME_ORIGIN, submitSignIn } from "../../support/e2e";

// Issue 39, point 3: a throttled sign-in says the wait as a live m:ss ("Try again in 14:52"), not
// "892 seconds", and holds its button until the wait is over (components/forms/retry-wait.tsx).

/** An email whose sign-in budget (10 tries in 15 minutes) is spent through /2.0. */
async function spentEmail(request: import("@playwright/test").APIRequestContext, tag: string) {
  const email = `throttle-${tag}-${Date.now().toString(36)}@example.com`;
  for (let k = 0; k < 10; k += 1) {
    const answer = await request.post("/2.0/auth/signin", {
      headers: SAME_ORIGIN,
      data: { email, password: `Wrong#${k}-pass` },
    });
    expect(((await answer.json()) as { code: number }).code).toBe(400);
  }
  return email;
}

test("a throttled sign-in counts the wait down as m:ss and holds the Sign in button", async ({
  page,
  request,
}) => {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
  const email = await spentEmail(request, "en");
  await page.goto("/signin");
  await page.waitForLoadState("networkidle");
  await submitSignIn(page, email, "Wrong#11-pass");

  const wait = page.getByTestId("retry-wait");
  await expect(wait).toHaveText(/^Too many attempts\. Try again in 1[45]:[0-5]\d$/);
  await expect(wait).not.toContainText("seconds");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
  // It counts down, a second at a time.
  const time = page.getByTestId("retry-time");
  const first = String(await time.textContent());
  await expect(time).not.toHaveText(first, { timeout: 5_000 });
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
});

test("in Vietnamese too; the button opens again once the wait is over", async ({ page, request }) => {
  await page.context().addCookies([{ name: "LANGUAGE", value: "vi", url: APP }]);
  const email = await spentEmail(request, "vi");
  await page.goto("/signin");
  await page.waitForLoadState("networkidle");
  const button = page.locator('form button[type="submit"]');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill("Wrong#11-pass");
  await button.click();
  await expect(page.getByTestId("retry-wait")).toHaveText(/thử lại sau 1[45]:[0-5]\d$/);
  await expect(button).toBeDisabled();

  // The end of a wait, without waiting 15 minutes: the server's answer with a 2-second wait.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await page.route("**/2.0/auth/signin", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        code: 429,
        message: "Quá nhiều lần thử. Vui lòng thử lại sau 2 giây",
        data: { error: "RATE_LIMITED", retry_after: 2 },
      }),
    }),
  );
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill("Wrong#12-pass");
  await button.click();
  await expect(page.getByTestId("retry-time")).toHaveText(/^0:0[12]$/);
  await expect(button).toBeDisabled();
  await expect(page.getByTestId("retry-wait")).toHaveCount(0, { timeout: 5_000 });
  await expect(button).toBeEnabled();
});
