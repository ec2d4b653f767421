import { expect, test } from "@playwright/test";
import { callbacks, demoAccount } from "../../support/e2e";

test("an allowed callback receives its own token that /2.0/auth/userinfo accepts; a disallowed one gets nothing", async ({
  page,
  request,
}) => {
  const demo = demoAccount();
  const allowed = encodeURIComponent("http://localhost:3311/callback?from=portal");
  await page.goto(`/signin?callback_url=${allowed}&app_code=ls&client_id=cid-9`);
  await page.getByLabel(/Email/).fill(demo.email);
  await page.getByLabel(/Mật khẩu|Password/).fill(demo.password);
  await page.getByRole("button", { name: /^(Đăng nhập|Sign in)$/ }).click();
  await expect(page).toHaveURL(/localhost:3311\/callback\?/);

  const received = (await callbacks()).at(-1) ?? {};
  expect(received.from).toBe("portal");
  expect(received.login_callback).toBe("signin");
  expect(received.client_id).toBe("cid-9");
  expect(received.token).toBeTruthy();
  const me = await request.post("/2.0/auth/userinfo", {
    headers: { authorization: received.token ?? "" },
    data: {},
  });
  expect((await me.json()).data.email).toBe(demo.email);

  // A host outside CALLBACK_ALLOWED_HOSTS: the person lands on the profile and no token leaves.
  const before = (await callbacks()).length;
  await page.context().clearCookies();
  const refused = encodeURIComponent("http://127.0.0.1:3311/callback?from=evil");
  await page.goto(`/signin?callback_url=${refused}`);
  await page.getByLabel(/Email/).fill(demo.email);
  await page.getByLabel(/Mật khẩu|Password/).fill(demo.password);
  await page.getByRole("button", { name: /^(Đăng nhập|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  expect((await callbacks()).length).toBe(before);
});
