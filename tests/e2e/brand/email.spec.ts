import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { APP, PEER, signUpThroughApi } from "../../support/e2e";

// Issue 39, point 12: an email leaves the built app as text + branded HTML (the SMTP peer keeps
// both), and the development outbox shows the HTML in a sandboxed frame, the text on demand.

type Mail = { subject: string; text: string; html: string; contentType: string };

async function newestMail(to: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      mail = ((await (await fetch(`${PEER}/mail?to=${encodeURIComponent(to)}`)).json()) as Mail[]).at(-1);
      return Boolean(mail);
    })
    .toBe(true);
  return mail as Mail;
}

test("a sign-up's code mail arrives as multipart/alternative: today's text and the branded HTML", async ({
  page,
}) => {
  await page.context().addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
  const { email } = await signUpThroughApi(page.request, {
    fullname: "Mail Reader",
    emailPrefix: "html-mail",
  });
  const mail = await newestMail(email);
  expect(mail.contentType).toBe("multipart/alternative");
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.html).toContain(`>${code}</p>`);
  expect(mail.html).toMatch(/<html[^>]*lang="en"/);
  expect(mail.html).toContain("Nova");

  // The development outbox shows an email it kept: the HTML framed without scripts, then the text.
  const id = `zz-e2e-${Date.now()}`;
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${id}.json`),
    JSON.stringify({
      id,
      createdAt: new Date().toISOString(),
      channel: "EMAIL",
      to: email,
      lang: "en",
      subject: mail.subject,
      text: mail.text,
      template: "otp",
      params: { code, minutes: 10 },
      html: mail.html,
    }),
  );
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/dev/outbox");
  const item = page.getByTestId("outbox-message").filter({ hasText: email });
  const frame = item.getByTestId("outbox-html");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(
    item.frameLocator("iframe").getByRole("heading", { name: "Your verification code" }),
  ).toBeVisible();
  await expect(item.frameLocator("iframe").getByText(code, { exact: true })).toBeVisible();
  await item.getByRole("button", { name: "Text" }).click();
  await expect(item.getByTestId("outbox-text")).toContainText(`Your verification code is ${code}`);
  await expect(frame).toHaveCount(0);
  await item.getByRole("button", { name: "HTML" }).click();
  await expect(item.getByTestId("outbox-html")).toBeVisible();
  // The frame's mark and styles load under the page's policy: nothing was refused.
  expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
});
