import { expect, test } from "@playwright/test";
import { APP, pasteCode, SAME_ORIGIN, submitSignIn, verifiedThroughApi } from "../../support/e2e";
import { Authenticator, codeOfStep, TOTP_STEP_MS } from "../../support/totp";

// Issue 39, point 8: turning the authenticator on spends its code's 30-s step (replay protection),
// so signing in at once with the code the app still shows is refused. The page says to wait for the
// next code, not "incorrect or already used"; the next code signs in.

test("the code that just turned 2FA on is refused with 'wait for the next code'; the next one signs in", async ({
  page,
}) => {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
  const { email, password } = await verifiedThroughApi(page, {
    fullname: "Used Code Person",
    emailPrefix: "e2e-totp-used",
  });
  const call = async <T>(path: string, data: Record<string, unknown> = {}) =>
    (await (await page.request.post(`/2.0${path}`, { headers: SAME_ORIGIN, data })).json()) as {
      code: number;
      message: string;
      data: T;
    };
  const setup = await call<{ secret: string }>("/auth2-fa/generate-setup-url");
  expect(setup.code, setup.message).toBe(200);
  // The code of the step now, unless it is about to end: the sign-in below must happen within it or the next.
  if (Date.now() % TOTP_STEP_MS > TOTP_STEP_MS - 5_000) await page.waitForTimeout(5_000);
  const step = Math.floor(Date.now() / TOTP_STEP_MS);
  const used = await codeOfStep(setup.data.secret, step);
  const enabled = await call("/auth2-fa/enable-2fa", { token: used, method: "totp" });
  expect(enabled.code, enabled.message).toBe(200);
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);

  await page.goto("/signin");
  await page.waitForLoadState("networkidle");
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/verify-2fa\?/);
  await pasteCode(page, used);
  await expect(page.getByTestId("form-alert")).toHaveText(
    "This code was just used. Wait for the next code to appear in your authenticator app, then enter it",
  );
  await expect(page).toHaveURL(/\/verify-2fa\?/);

  // The next code (a step the server has not taken) goes through.
  await pasteCode(page, await new Authenticator(setup.data.secret, step).next());
  await expect(page).toHaveURL(/\/account\/profile$/);
});
