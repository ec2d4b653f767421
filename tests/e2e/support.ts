import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";

export const PEER = `http://127.0.0.1:${E2E.peerHttpPort}`;

/** The code in the newest email the local SMTP server received for `to`. */
export async function codeFromMail(to: string, after = 0): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${PEER}/mail?to=${encodeURIComponent(to)}`)).json()) as {
          text: string;
        }[];
        if (mails.length <= after) return "";
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? "")?.[1] ?? "";
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export async function mailCount(to: string): Promise<number> {
  return ((await (await fetch(`${PEER}/mail?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;
}

export async function callbacks(): Promise<Record<string, string>[]> {
  return (await (await fetch(`${PEER}/callbacks`)).json()) as Record<string, string>[];
}

/** The demo account the server seeded into its fresh data dir. */
export function demoAccount(): { email: string; password: string } {
  const dir = process.env.E2E_DATA_DIR ?? "";
  return JSON.parse(readFileSync(path.join(dir, "demo-account.json"), "utf8"));
}

export async function setLanguage(page: Page, lang: string): Promise<void> {
  await page.context().addCookies([
    {
      name: "LANGUAGE",
      value: lang,
      url: page.url().startsWith("http") ? page.url() : `http://localhost:${E2E.appPort}`,
    },
  ]);
}

export const SCREENS_DIR = path.join("tests", "artifacts", "screens");

/** The code in the newest SMS the local webhook receiver got for `to`. */
export async function smsCode(to: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${PEER}/sms?to=${encodeURIComponent(to)}`)).json()) as {
          params?: { code?: string };
        }[];
        code = String(messages.at(-1)?.params?.code ?? "");
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
