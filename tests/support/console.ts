// The operator console's end-to-end steps (issue 24): the demo operator (admin scope, TOTP, its
// secrets in DATA_DIR/demo-operator.json) signing in through the pages, calls in a page's session,
// and the axe check every console screen passes.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { APP, pasteCode, SAME_ORIGIN, submitSignIn } from "./e2e";

type Operator = { email: string; password: string; totp_secret: string };
const dataDir = () => process.env.E2E_DATA_DIR ?? "";
export const operator = (): Operator =>
  JSON.parse(readFileSync(path.join(dataDir(), "demo-operator.json"), "utf8"));

/**
 * A TOTP code of a 30-second step not used yet in this run (the server takes each code once). The
 * last step used is kept in the data dir: every spec file signs the same operator in.
 */
export async function freshCode(secret: string): Promise<string> {
  const file = path.join(dataDir(), "operator-totp-step");
  const lastStep = existsSync(file) ? Number(readFileSync(file, "utf8")) : 0;
  let step = Math.floor(Date.now() / 30_000);
  while (step <= lastStep) {
    await new Promise((r) => setTimeout(r, 500));
    step = Math.floor(Date.now() / 30_000);
  }
  writeFileSync(file, String(step));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** The operator signs in through the pages: password, then the authenticator's code. */
export async function signInOperator(page: Page, lang: "en" | "vi") {
  await page.context().addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
  const op = operator();
  await page.goto("/signin");
  await page.waitForLoadState("networkidle");
  if (lang === "en") await submitSignIn(page, op.email, op.password);
  else {
    await page.getByLabel("Email").fill(op.email);
    await page.getByLabel("Mật khẩu").fill(op.password);
    await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  }
  await expect(page).toHaveURL(/\/verify-2fa\?/);
  await pasteCode(page, await freshCode(op.totp_secret));
  await expect(page).not.toHaveURL(/\/verify-2fa/);
  return op;
}

/** A /2.0 call in `request`'s session that must answer 200; its data. */
export async function post(request: APIRequestContext, call: string, data: Record<string, unknown> = {}) {
  const answer = (await (await request.post(`${APP}/2.0${call}`, { headers: SAME_ORIGIN, data })).json()) as {
    code: number;
    message: string;
    data: Record<string, unknown>;
  };
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

/** axe (WCAG 2.1 A/AA): no serious or critical finding on the page as it is now. */
export async function noSeriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
