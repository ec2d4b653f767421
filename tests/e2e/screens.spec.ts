import path from "node:path";
import { expect, test } from "@playwright/test";
import { demoAccount, PEER, SCREENS_DIR } from "./support";

// Screenshots of every screen of this issue, desktop and phone, vi and en: test artifacts to
// look at (tests/artifacts/screens, not committed).
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const PUBLIC = {
  signin: "/signin",
  signup: "/signup?affilate_code=friend42",
  "verify-account": "/verify-account?verify_type=EMAIL&email=someone%40example.com&exp_time=300&token=demo",
  outbox: "/dev/outbox",
  "signin-framed-layout2": "/signin?iframe=1&layout=2",
  "signup-framed-layout3": "/signup?iframe=1&layout=3",
  "login-embed": "/login-embed",
  forgottenpass: "/forgottenpass",
  resetpass: "/resetpass?token=demo",
  "verify-email": "/verify-email?token=demo",
};

for (const lang of ["vi", "en"] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`screens in ${lang} at ${device} width`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: "LANGUAGE", value: lang, url: "http://localhost:3310" }]);
      for (const [name, url] of Object.entries(PUBLIC)) {
        await page.goto(url);
        await expect(page.locator("h1").first()).toBeVisible();
        await page.screenshot({
          path: path.join(SCREENS_DIR, `${name}-${lang}-${device}.png`),
          fullPage: true,
        });
      }
      // Signed in through /2.0/auth/signin (the fixture path, not the UI).
      const demo = demoAccount();
      const signin = await request.post("/2.0/auth/signin", { data: demo });
      expect((await signin.json()).code).toBe(200);
      const state = await request.storageState();
      await page.context().addCookies(state.cookies);
      await page.goto("/account/profile");
      await expect(page.getByTestId("profile-email")).toHaveText(demo.email);
      await page.screenshot({
        path: path.join(SCREENS_DIR, `profile-${lang}-${device}.png`),
        fullPage: true,
      });

      // A first Google sign-in lands on /complete-reg.
      await page.context().clearCookies();
      await page.context().addCookies([{ name: "LANGUAGE", value: lang, url: "http://localhost:3310" }]);
      const email = `screens-${lang}-${device}-${Date.now()}@example.com`;
      await fetch(`${PEER}/identity`, {
        method: "POST",
        body: JSON.stringify({ sub: email, email, email_verified: true, name: "Screen Person" }),
      });
      await page.goto("/signin");
      await page.getByRole("button", { name: "Google" }).click();
      await expect(page).toHaveURL(/\/complete-reg$/);
      await page.screenshot({
        path: path.join(SCREENS_DIR, `complete-reg-${lang}-${device}.png`),
        fullPage: true,
      });
    });
  }
}
