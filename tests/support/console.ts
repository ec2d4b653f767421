// The operator console's end-to-end steps (issue 24): the demo operator (admin scope, TOTP, its
// secrets in DATA_DIR/demo-operator.json) signing in through the pages, calls in a page's session,
// and the axe check every console screen passes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { axeOf } from "./axe";
import { APP, pasteCode, SAME_ORIGIN, submitSignIn } from "./e2e";
import { withSharedCode } from "./totp";

type Operator = { email: string; password: string; totp_secret: string };
const dataDir = () => process.env.E2E_DATA_DIR ?? "";
export const operator = (): Operator =>
  JSON.parse(readFileSync(path.join(dataDir(), "demo-operator.json"), "utf8"));

/**
 * Runs `use` with a fresh code of the demo operator, which every console spec file (and so both
 * workers) signs in: see withSharedCode. `use` must return once the server has answered the code.
 */
export function operatorCode<T>(use: (code: string) => Promise<T>): Promise<T> {
  return withSharedCode(dataDir(), "operator", operator().totp_secret, use);
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
  await operatorCode(async (code) => {
    await pasteCode(page, code);
    await expect(page).not.toHaveURL(/\/verify-2fa/);
  });
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
  const results = await axeOf(page).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
